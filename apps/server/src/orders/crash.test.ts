import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../db/database.ts';
import { fetchCaller, prepareOrder } from '../test-support/order.ts';
import { startServerProcess } from '../test-support/process.ts';

/**
 * docs/rules/orders.md: no answered order is ever lost and no booking exists without its order,
 * even when the process dies in the middle of a stream of installs.
 */
describe('a server killed during a stream of installs', () => {
  // Two server processes start one after the other (each compiles the server through tsx): on a
  // loaded two-core machine that alone has taken most of a minute.
  it('keeps every order it answered 201, and no booking without its order', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
    const env = { DATA_DIR: dataDir, ADDRESS_INDEX_SIZE: '500' };
    let server = await startServerProcess(env);
    const call = fetchCaller(server.base);
    const bodies = [];
    for (let i = 0; i < 12; i++)
      bodies.push((await prepareOrder(call, { code: i % 2 ? 'G1A2B3' : 'G9B0C1' })).body);

    const answered: string[] = [];
    const killAfter = 5;
    let killing: Promise<void> | null = null;
    // Three installs in flight at a time; the process is killed as the fifth answer arrives.
    const queue = [...bodies];
    const worker = async () => {
      for (let body = queue.shift(); body; body = queue.shift()) {
        try {
          const res = await fetch(`${server.base}/api/v1/demo/install`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'idempotency-key': `crash-${body.reservation_id}`,
            },
            body: JSON.stringify(body),
          });
          if (res.status === 201)
            answered.push(((await res.json()) as { order_id: string }).order_id);
          if (answered.length >= killAfter) killing ??= server.kill();
        } catch {
          // the connection died with the process
        }
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    await killing;
    expect(answered.length).toBeGreaterThanOrEqual(killAfter);

    // It starts again on the same data directory, then stops cleanly so the data can be read.
    server = await startServerProcess(env);
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    await server.stop();

    const database = await openPglite(dataDir);
    try {
      const orders = await database.db.selectFrom('orders').select('id').execute();
      const ids = new Set(orders.map((o) => o.id));
      for (const id of answered) expect(ids.has(id)).toBe(true);
      const orphans = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM bookings b LEFT JOIN orders o ON o.id = b.order_id WHERE o.id IS NULL`.execute(
        database.db,
      );
      expect(orphans.rows[0]!.n).toBe(0);
      const unbooked = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM orders o LEFT JOIN bookings b ON b.order_id = o.id WHERE b.id IS NULL`.execute(
        database.db,
      );
      expect(unbooked.rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 180_000);
});
