import type { InstallBody } from '@fibre/domain/install';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findMail } from '../mail/repository.ts';
import { engines, importTestCatalogue, startTestApp, type TestApp } from '../test-support/app.ts';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';
import { signedInAs, type TestSession } from '../test-support/operators.ts';
import { prepareOrder } from '../test-support/order.ts';
import { startArrivy, type ArrivyStandIn } from '../test-support/stand-ins/arrivy.ts';
import { startChargebee, type ChargebeeStandIn } from '../test-support/stand-ins/chargebee.ts';
import { arrivyEnv, chargebeeEnv } from '../test-support/stand-ins/env.ts';

// docs/rules/orders.md#what-an-order-was-sold: an order keeps its plan, router and add-ons as sold,
// and the mail, the order page, the console, the webhook payload and the export read them from it,
// whatever an import has made of the catalogue since.

/** The demo catalogue with Boost 100 and the Wi-Fi 6 Router renamed, repriced and slower. */
const changed = demoCatalogue();
Object.assign(
  changed.plans.find((p) => p.id === 'boost-100')!,
  {
    name: 'Boost 100 Max',
    monthly: 84,
    busy_hour_speed: 90,
  },
);
Object.assign(
  changed.routers.find((r) => r.id === 'wifi6')!,
  {
    name: 'Wi-Fi 6E Router',
    monthly: 12,
  },
);

const BOOST_100 = {
  id: 'boost-100',
  name: 'Boost 100',
  speed: 100,
  busy_hour_speed: 95,
  monthly_cents: 7900,
};

describe.each(engines())('what an order was sold, across an import, on %s', (engine) => {
  let t: TestApp;
  let cb: ChargebeeStandIn;
  let arrivy: ArrivyStandIn;
  let manager: TestSession;
  let n = 0;
  beforeAll(async () => {
    [cb, arrivy] = await Promise.all([startChargebee(), startArrivy()]);
    t = await startTestApp(engine, { ...chargebeeEnv(cb), ...arrivyEnv(arrivy) }, { clock: true });
    manager = await signedInAs(t, 'manager');
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([cb.close(), arrivy.close()]);
  });
  beforeEach(() => {
    cb.faults.clear();
    arrivy.faults.clear();
  });

  const install = (body: InstallBody) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
      headers: { 'idempotency-key': `sold-${body.reservation_id}` },
    });
  const prepared = (email: string, staticIp = false) =>
    prepareOrder(
      t.app,
      {
        cardToken: `cb_tok_sold_${++n}`,
        slotIndex: n % 8,
        planName: 'Boost 100',
        routerName: 'Wi-Fi 6 Router',
        staticIp,
        contact: { email },
      },
      t.clock.now,
    );
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: manager.headers() });
  const latestEventOf = async (orderId: string) =>
    (await t.database.db
      .selectFrom('webhook_events')
      .select(['type', 'data'])
      .where('order_id', '=', orderId)
      .orderBy('sequence', 'desc')
      .executeTakeFirstOrThrow()) as { type: string; data: Record<string, unknown> };
  const catalogueVersion = async () =>
    (
      await t.database.db
        .selectFrom('catalogue_versions')
        .select((eb) => eb.fn.max('version').as('version'))
        .executeTakeFirstOrThrow()
    ).version;

  it('reads an order placed before the record from its plan’s and router’s rows', async () => {
    const older = await prepared('sold-older@example.com', true);
    const placed = await install(older.body);
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().order_id as string;
    // As an instance before migration 040 wrote it.
    await sql`update orders set sold = null where id = ${id}`.execute(t.database.db);

    const [confirmation] = await findMail(t.database.db, id);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/orders/${confirmation!.link_token!}`,
    });
    expect(page.json()).toMatchObject({
      plan: { id: 'boost-100', name: 'Boost 100' },
      add_ons: [{ id: 'static-ip', label: 'Static IP' }],
    });
    const detail = await get(`/admin/api/orders/${id}`);
    expect(detail.json()).toMatchObject({ plan: { id: 'boost-100', name: 'Boost 100' } });
    const exported = await get('/admin/api/personal-data/export?email=sold-older%40example.com');
    expect(exported.json().orders[0].sold).toMatchObject({
      catalogueVersion: null,
      plan: { id: 'boost-100', name: 'Boost 100' },
      addOns: [{ id: 'static-ip', cents: 900, per: 'month' }],
    });
  });

  it('shows an order as it was sold after an import renames and reprices its plan and router', async () => {
    const soldVersion = await catalogueVersion();
    // A confirmed order, and one kept as needing attention by billing (confirmed by a retry later).
    const confirmed = await prepared('sold-confirmed@example.com', true);
    const placed = await install(confirmed.body);
    expect(placed.statusCode, placed.body).toBe(201);
    const confirmedId = placed.json().order_id as string;
    const [confirmation] = await findMail(t.database.db, confirmedId);

    const failing = await prepared('sold-retried@example.com');
    cb.faults.fail('POST', /subscription_for_items$/, 'drop', 1);
    cb.faults.fail('POST', /cancel_for_items$/, 'drop', 1);
    cb.faults.fail('POST', /^\/api\/v2\/customers\/[^/]+\/delete$/, 'drop', 1);
    expect((await install(failing.body)).statusCode).toBe(503);
    const retriedId = (
      await t.database.db
        .selectFrom('orders')
        .select('id')
        .where('reservation_id', '=', failing.body.reservation_id)
        .executeTakeFirstOrThrow()
    ).id;
    cb.faults.clear();

    await importTestCatalogue(t.database, changed);
    expect(await catalogueVersion()).not.toBe(soldVersion);

    // The order page.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/orders/${confirmation!.link_token!}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      plan: { id: 'boost-100', name: 'Boost 100' },
      router: { id: 'wifi6', name: 'Wi-Fi 6 Router' },
      add_ons: [{ id: 'static-ip', label: 'Static IP' }],
    });

    // The console: the order and the list.
    const detail = await get(`/admin/api/orders/${confirmedId}`);
    expect(detail.json()).toMatchObject({
      plan: { id: 'boost-100', name: 'Boost 100' },
      router: { id: 'wifi6', name: 'Wi-Fi 6 Router' },
    });
    const list = await get('/admin/api/orders?q=sold-confirmed%40example.com');
    expect(list.json().items).toMatchObject([{ id: confirmedId, plan: 'Boost 100' }]);

    // The export: the plan's name, and the whole record.
    const exported = await get(
      '/admin/api/personal-data/export?email=sold-confirmed%40example.com',
    );
    expect(exported.statusCode, exported.body).toBe(200);
    const [exportedOrder] = exported.json().orders;
    expect(exportedOrder).toMatchObject({
      planId: 'boost-100',
      planName: 'Boost 100',
      sold: {
        catalogueVersion: soldVersion,
        plan: { id: 'boost-100', name: 'Boost 100', speed: 100, busyHourSpeed: 95 },
        router: { id: 'wifi6', name: 'Wi-Fi 6 Router' },
        addOns: [{ id: 'static-ip', label: 'Static IP', cents: 900, per: 'month' }],
      },
    });

    // The retry after the import: its mail and its webhook event say what was sold.
    const retried = await t.app.inject({
      method: 'POST',
      url: `/admin/api/orders/${retriedId}/retry`,
      headers: manager.headers(true),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'confirmed', plan: { name: 'Boost 100' } });
    const [mail] = await findMail(t.database.db, retriedId);
    expect(mail!.text_body).toContain('Boost 100 plan');
    expect(mail!.text_body).toContain('$79.00 a month');
    expect(mail!.text_body).toContain('Wi-Fi 6 Router');
    expect(mail!.text_body).not.toContain('Boost 100 Max');
    const event = await latestEventOf(retriedId);
    expect(event.type).toBe('order.resolved');
    expect(event.data).toMatchObject({
      plan_id: 'boost-100',
      sold: {
        catalogue_version: soldVersion,
        plan: BOOST_100,
        router: { id: 'wifi6', name: 'Wi-Fi 6 Router', monthly_cents: 1000 },
        add_ons: [],
      },
    });

    // A new order is sold the catalogue as it is now.
    const after = await prepareOrder(
      t.app,
      {
        cardToken: `cb_tok_sold_${++n}`,
        slotIndex: n % 8,
        planName: 'Boost 100 Max',
        routerName: 'Wi-Fi 6E Router',
      },
      t.clock.now,
    );
    const placedAfter = await install(after.body);
    expect(placedAfter.statusCode, placedAfter.body).toBe(201);
    const newer = await get(`/admin/api/orders/${placedAfter.json().order_id as string}`);
    expect(newer.json()).toMatchObject({
      plan: { id: 'boost-100', name: 'Boost 100 Max' },
      router: { id: 'wifi6', name: 'Wi-Fi 6E Router' },
    });
  });
});
