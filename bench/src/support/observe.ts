import { cpus } from 'node:os';
import pg from 'pg';

/*
 * Where a load's time goes, seen from outside the servers: their Prometheus text (METRICS_PORT,
 * apps/server's README, Metrics), the machine's and this process's CPU, and PostgreSQL's own view
 * of its sessions (pg_stat_activity; pg_stat_statements needs a server restart to load, which a
 * benchmark does not do to a shared PostgreSQL).
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text exposition: one sample a line, comments and blank lines left out. */
export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** What grew between two scrapes: `after` less `before`, sample by sample (counters only grow). */
export function growth(before: Sample[], after: Sample[]): Sample[] {
  const key = (s: Sample) => `${s.name}${JSON.stringify(Object.entries(s.labels).sort())}`;
  const earlier = new Map(before.map((s) => [key(s), s.value]));
  return after.map((s) => ({ ...s, value: s.value - (earlier.get(key(s)) ?? 0) }));
}

/** Sum of the samples named `name` whose labels match `where` (a label's regular expression). */
export function total(samples: Sample[], name: string, where: Record<string, RegExp> = {}): number {
  return samples
    .filter(
      (s) =>
        s.name === name &&
        Object.entries(where).every(([label, re]) => re.test(s.labels[label] ?? '')),
    )
    .reduce((sum, s) => sum + s.value, 0);
}

export async function scrape(url: string): Promise<Sample[]> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`metrics answered ${res.status}`);
  return parsePrometheus(await res.text());
}

/** Busy CPU time of the whole machine (every core, ms) and its core count. */
export function machineCpu(): { busyMs: number; cores: number } {
  const all = cpus();
  const busyMs = all.reduce(
    (sum, c) => sum + c.times.user + c.times.nice + c.times.sys + c.times.irq,
    0,
  );
  return { busyMs, cores: all.length };
}

export interface Activity {
  samples: number;
  /** Sessions running a statement, on average over the samples. */
  active: number;
  /** Sessions inside a transaction between statements (waiting on their server), on average. */
  idleInTransaction: number;
  /** What running sessions waited on, as a share of running-session samples ('CPU': nothing). */
  waits: Array<[string, number]>;
  /** The statements running sessions were in, as a share of running-session samples. */
  statements: Array<[string, number]>;
}

/**
 * Samples `database`'s sessions in pg_stat_activity every `everyMs` until stopped: how many run a
 * statement, how many sit in a transaction, what they wait on and which statements they run.
 */
export function sampleActivity(url: string, database: string, everyMs = 20) {
  const client = new pg.Client({ connectionString: url });
  let running = true;
  let samples = 0;
  let active = 0;
  let idleInTransaction = 0;
  const waits = new Map<string, number>();
  const statements = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{
        state: string | null;
        wait: string | null;
        query: string;
      }>(
        `SELECT state, wait_event_type || ': ' || wait_event AS wait, query FROM pg_stat_activity
         WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        [database],
      );
      samples += 1;
      for (const row of rows) {
        if (row.state === 'idle in transaction') idleInTransaction += 1;
        if (row.state !== 'active') continue;
        active += 1;
        bump(waits, row.wait ?? 'CPU');
        bump(statements, statementShape(row.query));
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
    await client.end();
  })();
  const shares = (m: Map<string, number>): Array<[string, number]> =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => [k, active === 0 ? 0 : n / active]);
  return {
    async stop(): Promise<Activity> {
      running = false;
      await loop;
      return {
        samples,
        active: samples === 0 ? 0 : active / samples,
        idleInTransaction: samples === 0 ? 0 : idleInTransaction / samples,
        waits: shares(waits),
        statements: shares(statements),
      };
    },
  };
}

/** A statement's first words, enough to tell it: 'update "slot_windows" set', 'select ... from "orders"'. */
export function statementShape(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  const from = /^select .*? from ("?[\w.]+"?)/i.exec(text);
  if (from) return `select from ${from[1]}`;
  return text.split(' ').slice(0, 3).join(' ');
}
