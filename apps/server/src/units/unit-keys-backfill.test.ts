import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unitKey } from '@fibre/domain/address';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../http/paths.ts';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';

// Migration 032 (docs/rules/contact-and-connection.md#the-buildings-units): the orders placed
// before migration 030 get their unit's key from the unit their install kept, by the same rule as
// the domain's unitKey, so a unit ordered then reads as connected.

const backfill = () => readFile(join(migrationsDir, '032-order-unit-keys.sql'), 'utf8');

describe.each(engines())('the unit keys of orders placed before migration 030, on %s', (engine) => {
  let t: TestApp;
  let orderId: string;
  beforeAll(async () => {
    t = await startTestApp(engine, { RESERVATION_HOLD_SECONDS: '600' }, { clock: true });
    const { body } = await prepareOrder(t.app, { code: 'G6F7A8', unit: '12b' }, t.clock.now);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    orderId = res.json<{ order_id: string }>().order_id;
  });
  afterAll(() => t.close());

  const connected = async (unit: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/building/G6F7A8/units/${encodeURIComponent(unit)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ connected: boolean }>().connected;
  };

  /** The order as one placed before 030 stored it: the unit it was for, no key. */
  const asBefore030 = (unit: string | null) =>
    sql`UPDATE orders SET unit_key = NULL,
          install_facts = jsonb_set(install_facts, '{unit}', to_jsonb(${unit}::text))
        WHERE id = ${orderId}`.execute(t.database.db);

  const storedKey = async () =>
    (
      await t.database.db
        .selectFrom('orders')
        .select('unit_key')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).unit_key;

  it('gives an order placed before 030 its key, so its unit reads as connected again', async () => {
    expect(await connected('12B')).toBe(true);
    await asBefore030('12b');
    expect(await connected('12B')).toBe(false);

    await sql.raw(await backfill()).execute(t.database.db);
    expect(await storedKey()).toBe('12B');
    expect(await connected('12B')).toBe(true);
    expect(await connected('12A')).toBe(false);
  });

  it('keys every way of writing a unit as the domain does, and leaves no unit without one', async () => {
    const written = [
      'Unit 12B',
      'unit 12b',
      'Apt. 12 B',
      '  apartment 7',
      'FLAT 3a',
      'Flat.4',
      'Unitary 9',
      '12B',
      ' 101 ',
      '0',
      'Unit 0',
      '',
      '   ',
    ];
    for (const unit of written) {
      await asBefore030(unit);
      await sql.raw(await backfill()).execute(t.database.db);
      expect(await storedKey(), JSON.stringify(unit)).toBe(unitKey(unit) || null);
    }
  });

  it('leaves a key already stored, and an order whose install was erased', async () => {
    await sql`UPDATE orders SET unit_key = 'KEPT' WHERE id = ${orderId}`.execute(t.database.db);
    await sql.raw(await backfill()).execute(t.database.db);
    expect(await storedKey()).toBe('KEPT');
    await sql`UPDATE orders SET unit_key = NULL, install_facts = NULL WHERE id = ${orderId}`.execute(
      t.database.db,
    );
    await sql.raw(await backfill()).execute(t.database.db);
    expect(await storedKey()).toBeNull();
  });
});
