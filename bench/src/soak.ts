import { randomBytes } from 'node:crypto';
import { loadavg, cpus } from 'node:os';
import { freePort } from '@fibre/server/testing';
import type pg from 'pg';
import { runClients, STEPS } from './soak/clients.ts';
import { checkInvariants, type Invariant } from './soak/invariants.ts';
import { faultSchedule, percentileOf, Tally, type Fault, type FaultWindow } from './soak/plan.ts';
import {
  buildIfNeeded,
  ensureServices,
  restartPostgres,
  startInstance,
  startRedis,
  stopRedis,
  type Instance,
} from './soak/services.ts';
import { startSmtpSink, startWebhookReceiver } from './soak/sinks.ts';
import { parsePrometheus, scrape, total } from './support/observe.ts';
import { dropDatabase, freshDatabase, postgresVersion, withClient } from './support/postgres.ts';
import { machine, markdownTable, megabytes, ms } from './support/report.ts';
import { LIMITS_OUT_OF_REACH } from './support/servers.ts';

/*
 * `npm run bench -- --soak [--minutes N]` (bench/README.md, "Soak"): two compiled instances on a
 * fresh PostgreSQL database with Redis, an SMTP sink and a webhook receiver, whole sign-ups from
 * many visitors for N minutes (10 unless told) while an instance is killed, PostgreSQL restarted,
 * Redis stopped and the sinks refuse; then the outboxes drained and what must hold checked.
 * Returns the RESULTS.md section.
 */

const CLIENTS = 16;
const PAUSE_MS: [number, number] = [200, 1_000];
const DRAIN_MS = 6 * 60_000;
const DATABASE = 'fibre_bench_soak';

export async function soakBenchmark(minutes: number): Promise<string> {
  const header = machine([await postgresVersion()]);
  const loadAtStart = loadavg();
  const log = (line: string) =>
    console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);
  log('building (npm run build: the server; the wizard when there is none)');
  buildIfNeeded();
  ensureServices();
  const url = await freshDatabase(DATABASE);
  const smtp = await startSmtpSink();
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const hooks = await startWebhookReceiver(secret);
  const instances: Instance[] = [];
  const faultsDone: string[] = [];
  const windows: FaultWindow[] = [];
  try {
    const env = {
      ALLOW_DEMO: '1',
      DATABASE_URL: url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Demo Fibre <orders@demo-fibre.example>',
      PUBLIC_URL: 'http://127.0.0.1',
      OPS_WEBHOOK_URL: hooks.url,
      OPS_WEBHOOK_SECRET: secret,
      // https only in production, ALLOW_DEMO=1 or not: the receiver's own certificate is trusted.
      NODE_EXTRA_CA_CERTS: hooks.caFile,
      // The receiver listens on loopback, inside: named as meant (docs/rules/webhooks.md).
      WEBHOOK_ALLOWED_HOSTS: new URL(hooks.url).host,
      ADDRESS_INDEX_SIZE: '0',
      // The visitors name their own addresses, as the proxy in front would (docs/deploy.md).
      TRUST_PROXY: '127.0.0.1',
      ...LIMITS_OUT_OF_REACH,
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    for (const name of ['instance 1', 'instance 2']) {
      const ports = { http: await freePort(), metrics: await freePort() };
      instances.push(await startInstance(name, ports, env));
    }
    const rssAtStart = await Promise.all(instances.map(rss));
    log(`two instances up (${instances.map((i) => i.base).join(', ')}); load for ${minutes} min`);

    const runMs = minutes * 60_000;
    const started = Date.now();
    const tally = new Tally();
    let stopping = false;
    const clients = runClients({
      count: CLIENTS,
      instances,
      until: () => stopping || Date.now() - started >= runMs,
      tally,
      pauseMs: PAUSE_MS,
    });

    // The backlog, every 5 s: the gauge from any instance that answers, and the rows in SQL.
    const backlog = { gaugeMax: 0, unsentMax: 0, undeliveredHooksMax: 0 };
    const sampler = setInterval(() => {
      void sampleBacklog(instances, url, backlog);
    }, 5_000);

    const restartedRss = new Map<string, number>();
    const faults = runFaults(
      faultSchedule(minutes),
      started,
      instances,
      smtp,
      hooks,
      log,
      faultsDone,
      restartedRss,
      windows,
    );
    const [done] = await Promise.all([clients, faults]);
    stopping = true;
    const loadSeconds = (Date.now() - started) / 1000;
    log(
      `load over: ${done.placed} orders placed; draining the outboxes (at most ${DRAIN_MS / 60_000} min)`,
    );

    const drainStarted = Date.now();
    let left = await queues(url);
    while ((left.mail > 0 || left.hooks > 0) && Date.now() - drainStarted < DRAIN_MS) {
      await new Promise((r) => setTimeout(r, 5_000));
      left = await queues(url).catch(() => left);
    }
    clearInterval(sampler);
    const drainSeconds = (Date.now() - drainStarted) / 1000;
    log(
      `drained in ${drainSeconds.toFixed(0)} s: ${left.mail} mail and ${left.hooks} webhook deliveries left`,
    );
    const rssAtEnd = await Promise.all(instances.map(rss));

    const { invariants, lags } = await withClient(url, async (db) => ({
      invariants: await checkInvariants(db, {
        mail: smtp.received,
        webhooks: hooks.deliveries,
        faults: windows,
      }),
      lags: await mailLags(db, smtp.received),
    }));

    return report({
      header,
      minutes,
      loadAtStart,
      loadSeconds,
      placed: done.placed,
      abandoned: done.abandoned,
      tally,
      installs: done.installs,
      instances,
      rssAtStart,
      rssAtEnd,
      restartedRss,
      faults: faultsDone,
      backlog,
      lags,
      left,
      drainSeconds,
      invariants,
    });
  } finally {
    await Promise.all(instances.map((i) => i.stop().catch(() => undefined)));
    await Promise.all([smtp.close(), hooks.close()]);
    const fixed = ensureServices();
    if (fixed.length) log(`left running: ${fixed.join(', ')}`);
    await dropDatabase(DATABASE).catch((e: unknown) =>
      log(`could not drop ${DATABASE}: ${String(e)}`),
    );
  }
}

async function runFaults(
  schedule: Fault[],
  started: number,
  instances: Instance[],
  smtp: { refuse(): Promise<void>; resume(): Promise<void> },
  hooks: { refuse(): Promise<void>; resume(): Promise<void> },
  log: (line: string) => void,
  done: string[],
  restartedRss: Map<string, number>,
  windows: FaultWindow[],
): Promise<void> {
  const at = (ms: number) =>
    new Promise((r) => setTimeout(r, Math.max(0, started + ms - Date.now())));
  const mark = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  for (const fault of schedule) {
    await at(fault.atMs);
    const t0 = Date.now();
    const when = mark();
    switch (fault.kind) {
      case 'kill an instance': {
        const victim = instances[1]!;
        await victim.kill();
        await victim.restart();
        restartedRss.set(victim.name, await rss(victim));
        done.push(
          `${when}: ${victim.name} killed (kill -9) and started again, healthy after ${seconds(Date.now() - t0)}`,
        );
        break;
      }
      case 'restart PostgreSQL':
        restartPostgres();
        done.push(
          `${when}: PostgreSQL restarted (pg_ctlcluster restart, ${seconds(Date.now() - t0)})`,
        );
        break;
      case 'stop Redis':
        stopRedis();
        await new Promise((r) => setTimeout(r, fault.forMs));
        startRedis();
        done.push(`${when}: Redis stopped, started again ${seconds(Date.now() - t0)} later`);
        break;
      case 'SMTP sink refuses':
      case 'webhook receiver refuses': {
        const [sink, name] =
          fault.kind === 'SMTP sink refuses'
            ? [smtp, 'the SMTP sink']
            : [hooks, 'the webhook receiver'];
        await sink.refuse();
        await new Promise((r) => setTimeout(r, fault.forMs));
        await sink.resume();
        done.push(
          `${when}: ${name} refused connections (closed, not listening) for ${seconds(Date.now() - t0)}`,
        );
        break;
      }
    }
    windows.push({ kind: fault.kind, from: t0, to: Date.now() });
    log(done.at(-1)!);
  }
}

const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;

async function rss(instance: Instance): Promise<number> {
  return total(await scrape(instance.metrics), 'process_resident_memory_bytes');
}

async function sampleBacklog(
  instances: Instance[],
  url: string,
  backlog: { gaugeMax: number; unsentMax: number; undeliveredHooksMax: number },
): Promise<void> {
  for (const instance of instances) {
    try {
      const text = await (await fetch(instance.metrics)).text();
      const age = total(parsePrometheus(text), 'fibre_mail_outbox_oldest_undelivered_seconds');
      backlog.gaugeMax = Math.max(backlog.gaugeMax, age);
      break;
    } catch {
      // that instance is down: ask the other
    }
  }
  try {
    const left = await queues(url);
    backlog.unsentMax = Math.max(backlog.unsentMax, left.mail);
    backlog.undeliveredHooksMax = Math.max(backlog.undeliveredHooksMax, left.hooks);
  } catch {
    // PostgreSQL restarting
  }
}

/** Mail still to send and webhook deliveries to OPS_WEBHOOK_URL still to make (not given up). */
async function queues(url: string): Promise<{ mail: number; hooks: number; gaveUp: number }> {
  return withClient(url, async (db) => {
    const { rows } = await db.query<{ mail: string; hooks: string; gave_up: string }>(`
      SELECT (SELECT count(*) FROM mail_outbox WHERE delivered_at IS NULL AND next_attempt_at IS NOT NULL) AS mail,
             (SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = 'configured'
                AND delivered_at IS NULL AND next_attempt_at IS NOT NULL) AS hooks,
             (SELECT count(*) FROM mail_outbox WHERE delivered_at IS NULL AND next_attempt_at IS NULL)
               + (SELECT count(*) FROM webhook_deliveries WHERE delivered_at IS NULL AND next_attempt_at IS NULL) AS gave_up`);
    const r = rows[0]!;
    return { mail: Number(r.mail), hooks: Number(r.hooks), gaveUp: Number(r.gave_up) };
  });
}

/** Seconds from each confirmation's writing (with its order) to its first receipt by the sink. */
async function mailLags(db: pg.Client, received: Array<{ messageId: string; at: number }>) {
  const first = new Map<string, number>();
  for (const m of received) {
    const id = m.messageId.split('@')[0]!;
    if (!first.has(id)) first.set(id, m.at);
  }
  const { rows } = await db.query<{ id: string; created_at: Date }>(
    `SELECT id, created_at FROM mail_outbox WHERE kind = 'order.confirmation'`,
  );
  return rows.flatMap((r) => {
    const at = first.get(r.id);
    return at === undefined ? [] : [(at - r.created_at.getTime()) / 1000];
  });
}

interface Report {
  header: string[];
  minutes: number;
  loadAtStart: number[];
  loadSeconds: number;
  placed: number;
  abandoned: number;
  tally: Tally;
  installs: Array<{ status: number; ms: number }>;
  instances: Instance[];
  rssAtStart: number[];
  rssAtEnd: number[];
  restartedRss: Map<string, number>;
  faults: string[];
  backlog: { gaugeMax: number; unsentMax: number; undeliveredHooksMax: number };
  lags: number[];
  left: { mail: number; hooks: number; gaveUp: number };
  drainSeconds: number;
  invariants: Invariant[];
}

function report(r: Report): string {
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(', ');
  const cores = cpus().length;
  const busy = r.loadAtStart[0]! > cores / 2;
  const all = r.installs.map((i) => i.ms);
  const ok = r.installs.filter((i) => i.status === 201).map((i) => i.ms);
  const pcts = (v: number[]) =>
    [50, 95, 99].map((p) => ms(Math.round(percentileOf(v, p)))).join(' / ');
  const lag = (p: number) => `${percentileOf(r.lags, p).toFixed(1)} s`;
  const broken = r.invariants.filter((i) => !i.held);
  return [
    '## Soak',
    '',
    `Written by \`npm run bench -- --soak${r.minutes === 10 ? '' : ` --minutes ${r.minutes}`}\` (bench/README.md, "Soak"); the rest of this file is left as the last full run wrote it.`,
    '',
    ...r.header.map((line) => `- ${line}`),
    `- Load: ${r.loadSeconds.toFixed(0)} s (${r.minutes} minutes${r.minutes === 10 ? '' : '; the default is 10, shortened with --minutes'}), ${CLIENTS} visitors spread over two compiled instances, each pausing ${PAUSE_MS[0]} to ${PAUSE_MS[1]} ms between sign-ups.`,
    busy
      ? `- The machine was busy with other work when the run started (load average ${load(r.loadAtStart)} on ${cores} cores): every time below is stretched by it.`
      : `- Load average when the run started: ${load(r.loadAtStart)} on ${cores} cores.`,
    `- Load average when it ended: ${load(loadavg())}.`,
    '',
    '### Faults, in order',
    '',
    ...r.faults.map((f) => `- ${f}`),
    '',
    '### Figures',
    '',
    markdownTable(
      ['figure', 'value'],
      [
        ['orders placed (install answered 201)', r.placed.toLocaleString('en-AU')],
        ['installs abandoned after 4 tries (no answer or 5xx each time)', String(r.abandoned)],
        ['install request p50 / p95 / p99, every answer', pcts(all)],
        ['install request p50 / p95 / p99, 201 answers', pcts(ok)],
        ...r.instances.map((inst, i) => [
          `RSS of ${inst.name}: at start / at end`,
          `${megabytes(r.rssAtStart[i]!)} / ${megabytes(r.rssAtEnd[i]!)}${r.restartedRss.has(inst.name) ? ` (restarted: ${megabytes(r.restartedRss.get(inst.name)!)} at its own start)` : ''}`,
        ]),
        [
          'mail lag, confirmation written to SMTP receipt: p50 / max',
          r.lags.length ? `${lag(50)} / ${lag(100)}` : 'n/a',
        ],
        [
          'largest outbox backlog: oldest unsent (fibre_mail_outbox_oldest_undelivered_seconds)',
          `${r.backlog.gaugeMax.toFixed(0)} s`,
        ],
        [
          'largest outbox backlog: unsent mail / undelivered webhooks (SQL, every 5 s)',
          `${r.backlog.unsentMax} / ${r.backlog.undeliveredHooksMax}`,
        ],
        [
          'drain after the load',
          `${r.drainSeconds.toFixed(0)} s; left: ${r.left.mail} mail, ${r.left.hooks} webhooks; given up: ${r.left.gaveUp}`,
        ],
      ],
    ),
    '',
    'Answers by request and status (every try counted; `bookings` is the window listing, kept 15 s and shared by the visitors):',
    '',
    ...r.tally.lines(STEPS).map((l) => `- ${l}`),
    '',
    '### Invariants',
    '',
    markdownTable(
      ['invariant', 'status', 'counts', 'cause when broken'],
      r.invariants.map((i) => [i.name, i.held ? 'held' : 'BROKEN', i.counts, i.cause || '']),
    ),
    '',
    broken.length
      ? `${broken.length} of ${r.invariants.length} invariants broken: see the causes above.`
      : `All ${r.invariants.length} invariants held.`,
    '',
  ].join('\n');
}
