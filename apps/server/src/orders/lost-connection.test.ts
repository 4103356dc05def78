import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';

/*
 * An install whose database session is cut in the middle of its transaction (a restart, a
 * failover: docs/deploy.md, "When the database restarts"): 503, nothing half written, and the
 * visitor's retry with the same Idempotency-Key places the order once (docs/rules/orders.md).
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('an install whose connection is cut', () => {
  const schema = `t_lost_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let t: TestApp;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await startTestApp('postgres', {}, { schema });
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const count = async (table: string, where = 'true') =>
    Number(
      (
        await admin.query<{ n: string }>(
          `SELECT count(*) AS n FROM ${schema}.${table} WHERE ${where}`,
        )
      ).rows[0]!.n,
    );

  it('answers 503 database_unavailable, writes nothing, and the same key then places it once', async () => {
    const { body } = await prepareOrder(t.app);
    const key = randomUUID();
    const install = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/install',
        headers: { 'idempotency-key': key },
        payload: body,
      });

    // The install waits on a lock for its order row, its key already claimed and its hold taken
    // within the transaction: that session is the one cut.
    await admin.query('BEGIN');
    await admin.query(`LOCK TABLE ${schema}.orders IN ACCESS EXCLUSIVE MODE`);
    const first = install();
    let waiting: number | undefined;
    for (let i = 0; i < 400 && waiting === undefined; i++) {
      const { rows } = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_locks WHERE relation = '${schema}.orders'::regclass AND NOT granted`,
      );
      waiting = rows[0]?.pid;
      if (waiting === undefined) await new Promise((r) => setTimeout(r, 25));
    }
    expect(waiting).toBeDefined();
    await admin.query('SELECT pg_terminate_backend($1)', [waiting]);
    await admin.query('COMMIT');

    const cut = await first;
    expect(cut.statusCode).toBe(503);
    expect(cut.headers['retry-after']).toBe('5');
    expect(cut.json()).toEqual({
      error: 'database_unavailable',
      message: 'The service is briefly unavailable: please try again in a moment',
    });
    // Rolled back: no order, no claimed key, no booking.
    expect(await count('orders')).toBe(0);
    expect(await count('idempotency_keys', `key = '${key}'`)).toBe(0);
    expect(await count('bookings')).toBe(0);

    const placed = await install();
    expect(placed.statusCode).toBe(201);
    const replayed = await install();
    expect(replayed.statusCode).toBe(201);
    expect(replayed.json()).toEqual(placed.json());
    expect(await count('orders')).toBe(1);
  });
});
