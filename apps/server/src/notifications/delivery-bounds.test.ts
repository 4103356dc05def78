import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { engines, eventually, startTestApp, type TestApp } from '../test-support/app.ts';
import { signedInAs, type TestSession } from '../test-support/operators.ts';
import { startOpsReceiver, type OpsReceiver } from '../test-support/stand-ins/ops-receiver.ts';
import { WORKER_ACTOR } from './worker.ts';

/**
 * docs/rules/webhooks.md#delivery-and-retries: a receiver's answer is read to a few KB at most,
 * endpoints are sent to side by side so one that never answers holds up no other beyond its own
 * timeout, and an endpoint that keeps failing backs off and is disabled after
 * WEBHOOK_DISABLE_AFTER_DAYS, audited, its deliveries kept for when it is enabled again.
 */

let n = 0;
const lead = () => ({
  firstName: 'Bea',
  lastName: 'Bounds',
  email: `bea${++n}@example.com`,
  phone: '0412345678',
  formatted_address: '10 Smith Street, Darwin City NT 0800',
});

async function postLead(t: TestApp): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/public/leads', payload: lead() });
  expect(res.statusCode).toBe(201);
}

/** A receiver on loopback: `answer` says what each request gets (it may never end it). */
async function rawReceiver(answer: (res: ServerResponse) => void) {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests += 1;
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const memory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

describe.each(engines())('delivery bounds on %s', (engine) => {
  const closing: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  async function app(env: Record<string, string> = {}, timeoutMs?: number) {
    const t = await startTestApp(
      engine,
      { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', ...env },
      {
        clock: true,
        notificationPollMs: 60_000,
        ...(timeoutMs ? { webhookTimeoutMs: timeoutMs } : {}),
      },
    );
    closing.push(() => t.close());
    return { t, manager: await signedInAs(t, 'manager') };
  }

  async function addEndpoint(t: TestApp, manager: TestSession, url: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/webhooks/endpoints',
      headers: manager.headers(true),
      payload: { url },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ endpoint: { id: string }; secret: string }>();
  }

  /** An ops receiver for an endpoint made after it (its secret is read at each delivery). */
  async function verifyingEndpoint(t: TestApp, manager: TestSession) {
    let secret = '';
    const receiver: OpsReceiver = await startOpsReceiver({ secret: () => secret, path: '/ok' });
    closing.push(() => receiver.close());
    const made = await addEndpoint(t, manager, receiver.url);
    secret = made.secret;
    return { receiver, id: made.endpoint.id };
  }

  it('reads a 400 MB answer no further than a few KB: memory stays within 50 MB', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const total = 400 * 1024 * 1024;
    let sent = 0;
    const huge = await rawReceiver((res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(total) });
      // Streamed from one 64 KB buffer, as fast as the connection takes it, until it is cut.
      const pump = () => {
        while (sent < total && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (sent >= total) res.end();
      };
      res.on('close', () => undefined);
      pump();
    });
    closing.push(huge.close);
    const { t, manager } = await app();
    await addEndpoint(t, manager, huge.url);
    await postLead(t);
    const before = memory();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memory());
    }, 5);
    try {
      expect(await t.app.notifications.runOnce()).toBe(1);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, memory());
    expect(peak - before).toBeLessThan(50 * 1024 * 1024);
    // The receiver was cut off long before the end of its answer.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    const [row] = await t.database.db.selectFrom('webhook_deliveries').selectAll().execute();
    expect(row).toMatchObject({ last_status: 200, next_attempt_at: null });
    expect(row!.delivered_at).not.toBeNull();
  });

  it('a receiver that never answers delays another endpoint by nothing, and backs off alone', async () => {
    const timeoutMs = 3_000;
    const hanging: ServerResponse[] = [];
    const silent = await rawReceiver((res) => hanging.push(res));
    closing.push(async () => {
      for (const res of hanging) res.destroy();
      await silent.close();
    });
    const { t, manager } = await app({}, timeoutMs);
    const slow = await addEndpoint(t, manager, silent.url);
    const { receiver } = await verifyingEndpoint(t, manager);
    for (let i = 0; i < 3; i++) await postLead(t);

    const started = Date.now();
    const round = t.app.notifications.runOnce();
    await eventually(() => receiver.deliveries.length === 3);
    const arrived = Date.now() - started;
    expect(receiver.deliveries).toHaveLength(3);
    // All three arrived while the other endpoint still hung, well inside its timeout.
    expect(arrived).toBeLessThan(timeoutMs);
    expect(await round).toBe(3);
    // One attempt at a time per endpoint: the silent one was tried once, its other two handed
    // back, its attempt not counted, due when the endpoint may be tried again.
    expect(silent.requests()).toBe(1);
    const rows = await t.database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', slow.endpoint.id)
      .orderBy('attempts', 'desc')
      .execute();
    expect(rows.map((r) => r.attempts)).toEqual([1, 0, 0]);
    expect(rows[0]!.last_error).toMatch(/^no answer: no answer within 3000 ms/);
    const endpoint = await t.database.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', slow.endpoint.id)
      .executeTakeFirstOrThrow();
    expect(endpoint.failures).toBe(1);
    expect(endpoint.retry_at!.getTime()).toBeGreaterThan(t.clock.now.getTime());

    // While it backs off, a new event goes to the other endpoint at once; the silent one is not
    // tried (no wait for its timeout).
    await postLead(t);
    const next = Date.now();
    expect(await t.app.notifications.runOnce()).toBe(1);
    expect(Date.now() - next).toBeLessThan(timeoutMs);
    expect(silent.requests()).toBe(1);
    expect(receiver.deliveries).toHaveLength(4);
  });

  it('disables an endpoint that failed every attempt for WEBHOOK_DISABLE_AFTER_DAYS, audited, its deliveries kept', async () => {
    let up = false;
    const flaky = await rawReceiver((res) => {
      res.writeHead(up ? 200 : 503);
      res.end();
    });
    closing.push(flaky.close);
    const { t, manager } = await app({ WEBHOOK_DISABLE_AFTER_DAYS: '2' });
    const { endpoint } = await addEndpoint(t, manager, flaky.url);
    const endpointRow = () =>
      t.database.db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', endpoint.id)
        .executeTakeFirstOrThrow();
    const start = t.clock.now.getTime();
    const day = 86_400_000;
    // A new lead every 40 minutes, the worker every 40 minutes: each attempt fails.
    while (t.clock.now.getTime() - start < 2 * day - 3_600_000) {
      await postLead(t);
      await t.app.notifications.runOnce();
      t.clock.advance(40 * 60_000);
    }
    const failing = await endpointRow();
    expect(failing.disabled_at).toBeNull();
    expect(failing.failing_since!.getTime()).toBe(start);
    expect(failing.failures).toBeGreaterThan(20);
    // Backing off, it was tried far less often than events came.
    const leads = await t.database.db.selectFrom('webhook_events').select('id').execute();
    expect(flaky.requests()).toBeLessThan(leads.length);
    while (!(await endpointRow()).disabled_at) {
      expect(t.clock.now.getTime() - start).toBeLessThan(2 * day + 2 * 3_600_000);
      await postLead(t);
      await t.app.notifications.runOnce();
      t.clock.advance(20 * 60_000);
    }
    const disabled = await endpointRow();
    expect(disabled.disabled_at!.getTime() - start).toBeGreaterThanOrEqual(2 * day);
    expect(disabled.disabled_by).toBe(WORKER_ACTOR);
    const audit = await t.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('subject_id', '=', endpoint.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.operator_email])).toEqual([
      ['webhook_endpoint_added', 'manager@example.com'],
      ['webhook_endpoint_disabled', WORKER_ACTOR],
    ]);
    expect(audit[1]!.after).toMatchObject({ reason: 'failing' });

    // Disabled: nothing more is tried, and its deliveries are kept.
    const events = (await t.database.db.selectFrom('webhook_events').select('id').execute()).length;
    const requests = flaky.requests();
    await postLead(t);
    t.clock.advance(2 * 3_600_000);
    expect(await t.app.notifications.runOnce()).toBe(0);
    expect(flaky.requests()).toBe(requests);
    const kept = await t.database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpoint.id)
      .execute();
    // One delivery for each event made before it was disabled; none for the one after.
    expect(kept).toHaveLength(events);
    expect(kept.every((d) => d.delivered_at === null)).toBe(true);

    // The receiver is back and a manager enables it: what was waiting goes, one lane at a time.
    up = true;
    const again = await signedInAs(t, 'manager');
    const on = await t.app.inject({
      method: 'POST',
      url: `/admin/api/webhooks/endpoints/${endpoint.id}/enable`,
      headers: again.headers(true),
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ disabled: null, disabledBy: null });
    while ((await t.app.notifications.runOnce()) > 0);
    const after = await t.database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpoint.id)
      .execute();
    const waiting = after.filter((d) => d.next_attempt_at !== null);
    expect(waiting).toEqual([]);
    expect(after.filter((d) => d.delivered_at !== null).length).toBeGreaterThan(0);
    expect((await endpointRow()).failures).toBe(0);
    const enabled = await t.database.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject_id', '=', endpoint.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(enabled.action).toBe('webhook_endpoint_enabled');
  });
});
