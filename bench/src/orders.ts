import { randomUUID } from 'node:crypto';
import { addMonths } from 'date-fns/addMonths';
import { freePort, freeSlots, prepareOrder, type Caller } from '@fibre/server/testing';
import { percentile } from './support/load.ts';
import {
  growth,
  machineCpu,
  sampleActivity,
  scrape,
  total,
  type Activity,
  type Sample,
} from './support/observe.ts';
import type { Options } from './support/options.ts';
import { ms, section, type Section } from './support/report.ts';
import { startServer, type RunningServer } from './support/servers.ts';
import { freshStore, type Engine } from './support/stores.ts';

const WORKERS = 8;
const QUARTERS = 4;

/** The three requests of an order, as the wizard sends them, and the routes that answer them. */
const steps = [
  { name: 'vault token', route: /\/tokens$/ },
  { name: 'hold', route: /\/reservations$/ },
  { name: 'install', route: /\/install$/ },
] as const;
type Step = (typeof steps)[number]['name'];

interface Run {
  label: string;
  engine: Engine;
  instances: number;
}

const runs: Run[] = [
  { label: 'PGlite', engine: 'pglite', instances: 1 },
  { label: 'PostgreSQL', engine: 'postgres', instances: 1 },
  { label: 'PostgreSQL, two instances', engine: 'postgres', instances: 2 },
];

interface Result {
  run: Run;
  completed: number;
  failed: number;
  ordersPerSecond: number;
  latencies: number[];
  /** Client-side time of each step, summed over completed orders (ms). */
  clientMs: Record<Step, number>;
  /** What the servers' metrics grew by during the load, all instances together. */
  server: Sample[];
  /** CPU over the load (ms): the servers' (their own metric), this process's, the machine's. */
  serverCpuMs: number;
  clientCpuMs: number;
  machineBusyMs: number;
  cores: number;
  seconds: number;
  activity: Activity | undefined;
}

/**
 * Orders placed end to end as the wizard places them, with the local billing ledger and crew
 * calendar: tokenise the card in the test-mode vault, hold a slot, then install with an
 * Idempotency-Key. `WORKERS` visitors order at once for the configured time; each order takes a
 * slot of its own, so none is refused for a taken window. On PostgreSQL a second run splits the
 * same visitors over two server instances on one database (scale-out), and every run says where
 * its time went: each step at the client and in the server, CPU per order, and on PostgreSQL what
 * the database's sessions were doing.
 */
export async function ordersBenchmark(options: Options): Promise<Section[]> {
  const s = section('Orders end to end (vault token, hold, install)', [
    'database',
    'orders completed',
    'orders/s',
    'p50 per order',
    'p99 per order',
    'failed',
  ]);
  const where = section('Orders: where the time goes', [
    'run',
    'per order at the client: token / hold / install',
    'in the server (metrics): token / hold / install',
    'adapters per install: billing / scheduling / calendar',
    'CPU per order: servers / load generator / rest of the machine',
    'machine CPU busy',
    'database sessions (pg_stat_activity)',
  ]);
  const results: Result[] = [];
  for (const run of runs) {
    const r = await orders(run, options);
    results.push(r);
    s.rows.push([
      run.label,
      String(r.completed),
      r.ordersPerSecond.toFixed(1),
      ms(percentile(r.latencies, 50)),
      ms(percentile(r.latencies, 99)),
      String(r.failed),
    ]);
    where.rows.push([
      run.label,
      stepsAtClient(r),
      steps.map((step) => ms(meanServerMs(r, step.route))).join(' / '),
      ['billing', 'scheduling', 'calendar']
        .map((adapter) => ms(adapterMsPerInstall(r, adapter)))
        .join(' / '),
      [r.serverCpuMs, r.clientCpuMs, Math.max(0, r.machineBusyMs - r.serverCpuMs - r.clientCpuMs)]
        .map((v) => ms(v / Math.max(1, r.completed)))
        .join(' / '),
      `${Math.round((100 * r.machineBusyMs) / (r.seconds * 1000 * r.cores))}% of ${r.cores} cores`,
      r.activity ? activityText(r.activity) : 'n/a (PGlite runs in the server)',
    ]);
  }
  s.notes.push(
    `${WORKERS} concurrent visitors for ${options.orderSeconds} s, each order three requests (POST test-vault/tokens, POST reservations, POST install) through test-support/order.ts's prepareOrder, so the body is the wizard's; plans, routers and slot listings are fetched once and reused.`,
    "Each order takes its own slot from a year of NSW windows, one place in every window before any window's second, so visitors ordering at once take different windows; an order whose install is not 201 counts as failed.",
    `Two instances: the same ${WORKERS} visitors, half sending every request of their orders to each instance, both on one PostgreSQL database (the first migrates and seeds, the second finds it done).`,
    "Each visitor has an address of its own (X-Forwarded-For, the servers trusting 127.0.0.1 as their proxy, TRUST_PROXY): from one address every hold would wait on that address's advisory lock (HOLDS_PER_CLIENT, apps/server/src/scheduling/repository/hold-limits.ts), on every instance.",
  );
  where.notes.push(
    'Per order at the client: each request timed from send to answer, averaged over completed orders. In the server: the mean of http_request_duration_seconds (route pattern, every instance) over the load, scraped from METRICS_PORT before and after; adapters: fibre_adapter_call_duration_seconds summed by adapter, per install.',
    "CPU per order: the servers' process_cpu_seconds_total, this process's own (the load generator), and the rest of the machine's busy time (PostgreSQL's backends, and whatever else runs: on a shared machine, other work), each over completed orders.",
    "Database sessions: pg_stat_activity sampled every 20 ms during the load (pg_stat_statements is not loaded on the benchmark's PostgreSQL): sessions running a statement and sessions idle in a transaction on average, what running ones waited on ('CPU': nothing) and the statements they ran, as shares of running-session samples.",
  );
  const one = results.find((r) => r.run.engine === 'postgres' && r.run.instances === 1);
  const two = results.find((r) => r.run.engine === 'postgres' && r.run.instances === 2);
  if (one && two) {
    const ratio = two.ordersPerSecond / one.ordersPerSecond;
    s.budgets.push({
      name: 'Orders scale-out, PostgreSQL (orders/s, two instances against one)',
      target: 'reported (no fixed target)',
      measured: `two instances / one = ${ratio.toFixed(2)}`,
      met: undefined,
      status: 'reported',
      gap: mainCost(two),
    });
  }
  return [s, where];
}

async function orders(run: Run, options: Options): Promise<Result> {
  const store = await freshStore(run.engine, 'orders');
  const servers: Array<RunningServer & { metrics: string }> = [];
  try {
    // One after another: the first migrates and seeds, the next find it done. No address index.
    for (let i = 0; i < run.instances; i++) {
      const metricsPort = await freePort();
      const server = await startServer('real', {
        ...store.env,
        ADDRESS_INDEX_SIZE: '0',
        METRICS_PORT: String(metricsPort),
        // The load generator stands for the proxy in front (docs/deploy.md) and names each
        // visitor's own address: one address for all would queue every hold on that address's
        // lock (HOLDS_PER_CLIENT, docs/decisions/010-limits.md) on every instance.
        TRUST_PROXY: '127.0.0.1',
      });
      servers.push({ ...server, metrics: `http://127.0.0.1:${metricsPort}/metrics` });
    }
    // GETs (catalogue and slot listings) answered once, by the first instance, for every visitor.
    const seen = new Map<string, Promise<{ status: number; body: unknown }>>();
    const first = visitorCaller(servers[0]!.base, visitorAddress(0));
    const cachedGet = (url: string) => {
      let answer = seen.get(url);
      if (!answer) seen.set(url, (answer = first('GET', url)));
      return answer;
    };
    // The slots of four successive three-month fetches (the wizard's window), a year of NSW:
    // first one place in every window, then the windows' second places, so visitors ordering at
    // the same moment take different windows. (Two at once in one window queue on its row lock,
    // which an install holds to its commit: bench/README.md, "What profiling found".)
    const queue: Array<{ now: Date; slotIndex: number; place: number }> = [];
    for (let q = 0; q < QUARTERS; q++) {
      const now = addMonths(new Date(), 3 * q);
      const slots = await freeSlots(timedCaller(first, cachedGet), 'NSW', now);
      const places = new Map<string, number>();
      slots.forEach((slot, slotIndex) => {
        const place = places.get(slot.booking_id) ?? 0;
        places.set(slot.booking_id, place + 1);
        queue.push({ now, slotIndex, place });
      });
    }
    queue.sort((a, b) => a.place - b.place);

    const latencies: number[] = [];
    const clientMs: Record<Step, number> = { 'vault token': 0, hold: 0, install: 0 };
    let failed = 0;
    const before = await Promise.all(servers.map((sv) => scrape(sv.metrics)));
    const activity =
      run.engine === 'postgres'
        ? sampleActivity(
            store.env.DATABASE_URL!,
            new URL(store.env.DATABASE_URL!).pathname.slice(1),
          )
        : undefined;
    const cpu0 = machineCpu();
    const own0 = process.cpuUsage();
    const deadline = performance.now() + options.orderSeconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, worker) => {
        const server = servers[worker % servers.length]!;
        const address = visitorAddress(worker);
        for (let next = queue.shift(); next && performance.now() < deadline; next = queue.shift()) {
          const mine: Record<Step, number> = { 'vault token': 0, hold: 0, install: 0 };
          const t0 = performance.now();
          try {
            const caller = timedCaller(visitorCaller(server.base, address), cachedGet, mine);
            const { body } = await prepareOrder(caller, { slotIndex: next.slotIndex }, next.now);
            const i0 = performance.now();
            const res = await fetch(`${server.base}/api/v1/demo/install`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'idempotency-key': randomUUID(),
                'x-forwarded-for': address,
              },
              body: JSON.stringify(body),
            });
            await res.arrayBuffer();
            if (res.status !== 201) throw new Error(`install answered ${res.status}`);
            mine.install = performance.now() - i0;
            latencies.push(performance.now() - t0);
            for (const step of steps) clientMs[step.name] += mine[step.name];
          } catch {
            failed += 1;
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const own = process.cpuUsage(own0);
    const cpu1 = machineCpu();
    const after = await Promise.all(servers.map((sv) => scrape(sv.metrics)));
    const grown = after.flatMap((samples, i) => growth(before[i]!, samples));
    latencies.sort((x, y) => x - y);
    return {
      run,
      completed: latencies.length,
      failed,
      ordersPerSecond: latencies.length / elapsed,
      latencies,
      clientMs,
      server: grown,
      serverCpuMs: 1000 * total(grown, 'process_cpu_seconds_total'),
      clientCpuMs: (own.user + own.system) / 1000,
      machineBusyMs: cpu1.busyMs - cpu0.busyMs,
      cores: cpu1.cores,
      seconds: elapsed,
      activity: await activity?.stop(),
    };
  } finally {
    await Promise.all(servers.map((sv) => sv.stop()));
    await store.remove();
  }
}

/** Visitor n's own address, as the proxy in front would name it. */
const visitorAddress = (n: number) => `10.18.0.${n + 1}`;

/** test-support/order.ts's fetchCaller, from one visitor's address (X-Forwarded-For). */
const visitorCaller =
  (base: string, address: string): Caller =>
  async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        'x-forwarded-for': address,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

/** GETs from the shared cache; POSTs to the visitor's own instance, timed into `into` by step. */
function timedCaller(
  caller: Caller,
  cachedGet: (url: string) => Promise<{ status: number; body: unknown }>,
  into?: Record<Step, number>,
): Caller {
  return (async (method, url, payload) => {
    if (method === 'GET') return cachedGet(url);
    const t0 = performance.now();
    const answer = await caller(method, url, payload);
    const step = steps.find((s) => s.route.test(url));
    if (into && step) into[step.name] += performance.now() - t0;
    return answer;
  }) as Caller;
}

const stepsAtClient = (r: Result) =>
  steps.map((step) => ms(r.clientMs[step.name] / Math.max(1, r.completed))).join(' / ');

/** The mean time the servers took to answer a POST to `route` (every status), in ms. */
function meanServerMs(r: Result, route: RegExp): number {
  const where = { method: /^POST$/, route };
  const count = total(r.server, 'http_request_duration_seconds_count', where);
  return count ? (1000 * total(r.server, 'http_request_duration_seconds_sum', where)) / count : NaN;
}

/** An adapter's time (every operation) per completed install, in ms. */
function adapterMsPerInstall(r: Result, adapter: string): number {
  const sum = total(r.server, 'fibre_adapter_call_duration_seconds_sum', {
    adapter: new RegExp(`^${adapter}$`),
  });
  return r.completed ? (1000 * sum) / r.completed : NaN;
}

const percent = (share: number) => `${Math.round(100 * share)}%`;

function activityText(a: Activity): string {
  const top = (list: Array<[string, number]>) =>
    list
      .slice(0, 3)
      .map(([k, v]) => `${k} ${percent(v)}`)
      .join(', ');
  return `${a.active.toFixed(2)} running, ${a.idleInTransaction.toFixed(2)} idle in a transaction; waits: ${top(a.waits) || 'none'}; statements: ${top(a.statements) || 'none'}`;
}

/** The budget's gap for a report-only row: the step that costs most, and the CPU behind it. */
function mainCost(r: Result): string {
  const perOrder = (v: number) => v / Math.max(1, r.completed);
  const [slowest] = [...steps].sort((a, b) => r.clientMs[b.name] - r.clientMs[a.name]);
  const clientTotal = steps.reduce((sum, step) => sum + r.clientMs[step.name], 0);
  const rest = Math.max(0, r.machineBusyMs - r.serverCpuMs - r.clientCpuMs);
  const busy = Math.round((100 * r.machineBusyMs) / (r.seconds * 1000 * r.cores));
  const db = r.activity
    ? `; the database: ${r.activity.active.toFixed(1)} sessions running, ${r.activity.idleInTransaction.toFixed(1)} idle in a transaction${r.activity.waits[0] ? `, running ones mostly on ${r.activity.waits[0][0]} (${percent(r.activity.waits[0][1])})` : ''}`
    : '';
  return `main cost: the ${slowest!.name} (${ms(perOrder(r.clientMs[slowest!.name]))} of ${ms(perOrder(clientTotal))} per order at the client); CPU per order ${ms(perOrder(r.serverCpuMs))} in the servers, ${ms(perOrder(rest))} in PostgreSQL and the rest of the machine, ${busy}% of ${r.cores} cores busy${db}`;
}
