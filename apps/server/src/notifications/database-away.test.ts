import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CLAIM_MS } from '../outbox/worker.ts';
import { engines, startAppOn, startTestApp, type TestApp } from '../test-support/app.ts';
import { refusingDatabase, writeOf } from '../test-support/refusing-database.ts';
import {
  opsWebhookEnv,
  startOpsReceiver,
  type OpsReceiver,
} from '../test-support/stand-ins/ops-receiver.ts';

/**
 * docs/rules/webhooks.md#delivery-and-retries; docs/decisions/017-mail-outbox.md, "Accepted, then
 * recorded": a delivery the receiver answered 2xx while the database refused to record it (a
 * restart, a failover) is kept in memory and recorded when the database returns, its status
 * with it, never delivered again by the server.
 */

describe.each(engines())('a webhook delivered while the database is away, on %s', (engine) => {
  let receiver: OpsReceiver;
  let t: TestApp;
  let app: FastifyInstance;
  afterEach(async () => {
    await app.close();
    await t.close();
    await receiver.close();
  });

  it.each([
    ['the write that records it as delivered', writeOf('webhook_deliveries', 'delivered_at')],
    ['the write of the receiver’s status', writeOf('webhook_deliveries', 'last_status')],
  ])('is delivered once when %s is refused', async (_what, write) => {
    receiver = await startOpsReceiver();
    t = await startTestApp(engine, opsWebhookEnv(receiver), {
      clock: true,
      notificationPollMs: 600_000,
    });
    const refusing = refusingDatabase(t.database);
    app = await startAppOn(t.config, refusing.database, {
      now: () => t.clock.now,
      notificationPollMs: 600_000,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      payload: {
        firstName: 'Jane',
        lastName: 'Citizen',
        email: 'jane@example.com',
        phone: '0412345678',
        formatted_address: '10 Smith Street, Darwin City NT 0800',
        message: 'Please call after 5',
      },
    });
    expect(res.statusCode).toBe(201);

    // The receiver answers 200; the database goes away as its answer is recorded.
    refusing.awayFrom(write);
    expect(await app.notifications.runOnce()).toBe(1);
    expect(receiver.deliveries).toHaveLength(1);
    refusing.away = false;

    const recorded = async () =>
      (await t.database.db.selectFrom('webhook_deliveries').selectAll().execute())[0]!;
    const deadline = Date.now() + 10_000;
    const done = async () => {
      const row = await recorded();
      return row.delivered_at !== null && row.last_status !== null;
    };
    while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(await recorded()).toMatchObject({
      attempts: 1,
      delivered_at: expect.any(Date),
      next_attempt_at: null,
      last_error: null,
      last_status: 200,
    });
    // Neither a retry after its backoff nor another claim after its claim ends sends it again.
    t.clock.advance(CLAIM_MS + 3_600_000);
    expect(await app.notifications.runOnce()).toBe(0);
    expect(await t.app.notifications.runOnce()).toBe(0);
    expect(receiver.deliveries).toHaveLength(1);
  });
});
