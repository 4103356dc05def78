import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test-support/process.ts';
import { RAISED_LIMITS } from './test-support/limits.ts';

/*
 * A database restart under the compiled server (docs/deploy.md, database maintenance and
 * failover): the server runs apps/server/dist/server.js, as `npm run start:prod` does, on a
 * database of its own on the test PostgreSQL. Its connections are cut with pg_terminate_backend,
 * as a restart or a failover cuts them, while requests are in flight; then the database refuses
 * new connections for a while (ALLOW_CONNECTIONS false). The machine's PostgreSQL itself is never
 * restarted: other test files use it at the same time.
 */

const testUrl = process.env.TEST_DATABASE_URL;
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Answer {
  what: string;
  status?: number;
  body?: unknown;
  retryAfter?: string | null;
  /** The request failed without an answer (a reset or refused connection: a dead server). */
  failure?: string;
}

describe.runIf(!!testUrl)('a database restart under the compiled server', () => {
  const name = `t_restart_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let admin: pg.Client;
  let child: ChildProcess;
  let exited: Promise<void>;
  let output = '';
  let base: string;
  let slots: { booking_id: string; start: string; end: string }[] = [];

  /** Every backend of the server's database, cut as a restart cuts them. */
  const terminate = () =>
    admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
  const allowConnections = (allow: boolean) =>
    admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${allow}`);

  async function ask(what: string, path: string, init?: RequestInit): Promise<Answer> {
    try {
      const res = await fetch(`${base}${path}`, init);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: kept as text, which the checks below refuse
      }
      return { what, status: res.status, body, retryAfter: res.headers.get('retry-after') };
    } catch (error) {
      return { what, failure: String((error as Error).cause ?? error) };
    }
  }

  const bookingsPath = () => {
    const day = 86_400_000;
    const from = new Date(Date.now() + 3 * day).toISOString();
    const to = new Date(Date.now() + 60 * day).toISOString();
    return `/api/v1/demo/bookings/NSW?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  };
  let held = 0;
  const hold = () => {
    const slot = slots[held++ % slots.length]!;
    return ask('hold', '/api/v1/demo/reservations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ booking_id: slot.booking_id, start: slot.start, end: slot.end }),
    });
  };
  const steps: Array<() => Promise<Answer>> = [
    () => ask('readyz', '/readyz'),
    () => ask('plans', '/api/v1/public/plans?building-code=G1A2B3'),
    () => ask('bookings', bookingsPath()),
    hold,
  ];

  /** Answers a client may get while the database is away: normal ones, or 503 in the API's shape. */
  function checkAnswer(answer: Answer): void {
    expect(answer.failure, `${answer.what} got no answer`).toBeUndefined();
    const { status, body } = answer;
    if (status === 503) {
      const expected = answer.what === 'readyz' ? 'not_ready' : 'database_unavailable';
      expect(body, answer.what).toEqual({ error: expected, message: expect.any(String) });
      if (answer.what !== 'readyz') expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      return;
    }
    // A hold may find its window full (409); nothing else but success.
    const ok = answer.what === 'hold' ? [201, 409] : [200];
    expect(ok, `${answer.what} answered ${status} ${JSON.stringify(body)}`).toContain(status);
  }

  const alive = () => child.exitCode === null && child.signalCode === null;

  async function until(what: string, done: () => Promise<boolean>, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await done())) {
      if (!alive()) throw new Error(`the server exited while waiting for ${what}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    // The compiled server, built when missing or older than its sources (as the browser tests do).
    execFileSync(process.execPath, [`${repoRoot}scripts/build-server-if-needed.mjs`], {
      stdio: 'ignore',
    });
    admin = new pg.Client({ connectionString: testUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(testUrl!);
    url.pathname = `/${name}`;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: Record<string, string | undefined> = { ...process.env };
    for (const variable of ['CATALOGUE_FILE', 'REDIS_URL', 'NODE_ENV', 'PROVIDER_CODE'])
      delete env[variable];
    child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
      cwd: serverDir,
      env: {
        ...env,
        DATABASE_URL: url.toString(),
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ADDRESS_INDEX_SIZE: '100',
        RATE_LIMIT_PER_MINUTE: '100000',
        ...RAISED_LIMITS,
      },
    });
    exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(
      'the server to be ready',
      async () => (await ask('readyz', '/readyz')).status === 200,
      90_000,
    );
    const listed = await ask('bookings', bookingsPath());
    slots = (listed.body as { booking_slots: typeof slots }).booking_slots;
    expect(slots.length).toBeGreaterThan(20);
  }, 120_000);

  afterAll(async () => {
    if (child && alive()) {
      child.kill('SIGTERM');
      await exited;
    }
    if (admin) {
      await allowConnections(true).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 30_000);

  it('stays up while its connections are cut with requests in flight, and answers again', async () => {
    expect((await hold()).status).toBe(201);
    const answers: Answer[] = [];
    let running = true;
    // Four clients, each asking again as soon as it has its answer: readiness, plans, bookings, holds.
    const clients = Array.from({ length: 4 }, async (_, i) => {
      for (let n = i; running; n++) answers.push(await steps[n % steps.length]!());
    });
    await new Promise((r) => setTimeout(r, 300));
    for (let cut = 0; cut < 6; cut++) {
      await terminate();
      await new Promise((r) => setTimeout(r, 150));
    }
    await new Promise((r) => setTimeout(r, 500));
    // Enough answers around the cuts, however slowly a loaded machine gives them.
    await until('answers around the cuts', async () => answers.length >= 24, 30_000);
    running = false;
    await Promise.all(clients);

    expect(alive(), output).toBe(true);
    for (const answer of answers) checkAnswer(answer);
    // The pools reconnect on demand: the next steps of a sign-up work.
    await until(
      '/readyz to answer 200',
      async () => (await ask('readyz', '/readyz')).status === 200,
    );
    expect((await hold()).status).toBe(201);
    expect(alive(), output).toBe(true);
  }, 60_000);

  it('answers 503 while the database refuses connections, and is ready again when it returns', async () => {
    await allowConnections(false);
    await terminate();
    const outage: Answer[] = [];
    try {
      await until('/readyz to answer 503', async () => {
        const answer = await ask('readyz', '/readyz');
        outage.push(answer);
        return answer.status === 503;
      });
      const refused = await hold();
      outage.push(refused);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        error: 'database_unavailable',
        message: expect.any(String),
      });
      for (let n = 0; n < 8; n++) outage.push(await steps[n % steps.length]!());
      // The plans are the served catalogue, kept in memory: the first step still answers.
      expect((await ask('plans', '/api/v1/public/plans?building-code=G1A2B3')).status).toBe(200);
      expect(alive(), output).toBe(true);
    } finally {
      await allowConnections(true);
    }
    for (const answer of outage) checkAnswer(answer);

    await until(
      '/readyz to answer 200',
      async () => (await ask('readyz', '/readyz')).status === 200,
    );
    expect((await ask('bookings', bookingsPath())).status).toBe(200);
    expect((await hold()).status).toBe(201);
    expect(alive(), output).toBe(true);
  }, 60_000);
});
