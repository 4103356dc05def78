import type { InstallBody } from '@fibre/domain/install';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, importTestCatalogue, startTestApp, type TestApp } from '../test-support/app.ts';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';
import { prepareOrder } from '../test-support/order.ts';

// An import that changes a price reaches new orders; orders placed before keep what they were
// sold at (docs/decisions/011-catalogue-as-data.md).
const dearer = demoCatalogue();
dearer.plans.find((p) => p.id === 'boost-100')!.monthly = 84;
dearer.coupons = dearer.coupons.filter((c) => c.code !== 'WWOMF');

describe.each(engines())('prices across an import on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
  });
  afterAll(() => t.close());

  const install = (body: InstallBody) =>
    t.app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body });
  const order = (id: string) =>
    t.database.db
      .selectFrom('orders')
      .select(['plan_id', 'monthly_cents', 'coupon_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('keeps the earlier order’s price, refuses the old price after, and bills the new one', async () => {
    const before = await prepareOrder(t.app, { couponId: 'WWOMF', slotIndex: 0 }, t.clock.now);
    const stale = await prepareOrder(t.app, { slotIndex: 2 }, t.clock.now);
    const placed = await install(before.body);
    expect(placed.statusCode).toBe(201);

    await importTestCatalogue(t.database, dearer);

    // Boost 100 $79 + Wi-Fi 6 Router $10, sold before the import.
    expect(await order(placed.json().order_id)).toEqual({
      plan_id: 'boost-100',
      monthly_cents: 8900,
      coupon_id: 'WWOMF',
    });
    // A body priced before the import: the wizard must show the new price first.
    const refused = await install(stale.body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'price_changed' });
    // The retired coupon no longer prices an order.
    const withCoupon = await prepareOrder(t.app, { couponId: 'WWOMF', slotIndex: 4 }, t.clock.now);
    expect((await install(withCoupon.body)).json()).toMatchObject({ error: 'coupon_invalid' });

    const after = await prepareOrder(t.app, { slotIndex: 6 }, t.clock.now);
    const placedAfter = await install(after.body);
    expect(placedAfter.statusCode).toBe(201);
    expect(await order(placedAfter.json().order_id)).toMatchObject({ monthly_cents: 9400 });
    expect(await order(placed.json().order_id)).toMatchObject({ monthly_cents: 8900 });
  });
});
