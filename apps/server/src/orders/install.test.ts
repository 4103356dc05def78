import type { InstallBody } from '@fibre/domain/install';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';

const EXPIRED = 'We are sorry but your booking is expired, please book a new time.';

describe.each(engines())('install on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { RESERVATION_HOLD_SECONDS: '600' }, { clock: true });
  });
  afterAll(() => t.close());

  const install = (body: unknown, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body as object,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const count = async (
    table: 'orders' | 'bookings' | 'billing_customers' | 'billing_subscriptions',
  ) =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('places an order: order, booking, billing customer and subscription, priced by the server', async () => {
    const { body } = await prepareOrder(t.app, { staticIp: true }, t.clock.now);
    const res = await install(body, 'key-first-order');
    expect(res.statusCode).toBe(201);
    const { order_id, success } = res.json();
    expect(success).toBe(true);
    const order = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order_id)
      .executeTakeFirstOrThrow();
    // Boost 100 $79 + Wi-Fi 6 Router $10 + static IP $9; a Visa pays no card fee.
    expect(order).toMatchObject({
      plan_id: 'boost-100',
      router_id: 'wifi6',
      monthly_cents: 9800,
      activation_cents: 9800,
      card_fee_cents: 0,
      first_payment_fee_cents: 0,
      card_scheme: 'visa',
      add_ons: ['static-ip'],
    });
    const booking = await t.database.db
      .selectFrom('bookings')
      .selectAll()
      .where('order_id', '=', order_id)
      .executeTakeFirstOrThrow();
    expect(booking.reservation_id).toBe(body.reservation_id);
    expect(new Date(booking.starts_at).getTime()).toBe(
      Date.parse(body.arrivy_booking.start_datetime),
    );
    const sub = await t.database.db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('order_id', '=', order_id)
      .executeTakeFirstOrThrow();
    expect(sub.monthly_cents).toBe(9800);
  });

  it('charges $300 for a greenfield building and prices a coupon itself', async () => {
    const { body } = await prepareOrder(
      t.app,
      { code: 'G4D5E6', couponId: 'PNBF24', couponType: 1 },
      t.clock.now,
    );
    const res = await install(body, 'key-greenfield');
    expect(res.statusCode).toBe(201);
    const order = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', res.json().order_id)
      .executeTakeFirstOrThrow();
    // $79 - $10 (PNBF24 up front) + $10 router + $300 new development charge.
    expect(order).toMatchObject({
      activation_cents: 37900,
      monthly_cents: 8900,
      coupon_id: 'PNBF24',
    });
    expect(order.add_ons).toEqual(['new-development-fee']);
  });

  it('replays an Idempotency-Key: the first answer, nothing new', async () => {
    const { body } = await prepareOrder(t.app, {}, t.clock.now);
    const first = await install(body, 'key-replayed-0001');
    const before = await count('orders');
    const [again, twice] = await Promise.all([
      install(body, 'key-replayed-0001'),
      install(body, 'key-replayed-0001'),
    ]);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(twice.json()).toEqual(first.json());
    expect(await count('orders')).toBe(before);
  });

  it('answers 422 when a key is reused for a different body', async () => {
    const { body } = await prepareOrder(t.app, {}, t.clock.now);
    expect((await install(body, 'key-reused-00001')).statusCode).toBe(201);
    const other = structuredClone(body);
    other.arrivy_booking.customer_first_name = 'Janet';
    const res = await install(other, 'key-reused-00001');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('idempotency_key_reused');
  });

  it('answers 409 with the expired-booking message once the hold has expired, and keeps nothing', async () => {
    const { body } = await prepareOrder(t.app, {}, t.clock.now);
    const before = await count('orders');
    t.clock.advance(601_000);
    const res = await install(body, 'key-expired-0001');
    t.clock.advance(-601_000);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'booking_expired', message: EXPIRED });
    expect(await count('orders')).toBe(before);
  });

  it('answers 409 for a consumed hold used again without a key', async () => {
    const { body } = await prepareOrder(t.app, {}, t.clock.now);
    expect((await install(body)).statusCode).toBe(201);
    const res = await install(body);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(EXPIRED);
  });

  it('declines 4005 5192 0000 0004 at billing and leaves no order, booking or subscription', async () => {
    const { body } = await prepareOrder(t.app, { card: '4005 5192 0000 0004' }, t.clock.now);
    const before = await Promise.all([
      count('orders'),
      count('bookings'),
      count('billing_customers'),
      count('billing_subscriptions'),
    ]);
    const res = await install(body, 'key-declined-001');
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/insufficient funds/);
    expect(
      await Promise.all([
        count('orders'),
        count('bookings'),
        count('billing_customers'),
        count('billing_subscriptions'),
      ]),
    ).toEqual(before);
    // The hold is still the visitor's: a good card can still place the order.
    const hold = await t.database.db
      .selectFrom('reservations')
      .select('status')
      .where('reservation_id', '=', body.reservation_id)
      .executeTakeFirstOrThrow();
    expect(hold.status).toBe('held');
  });

  it.each([
    [
      'a price the browser changed',
      (b: InstallBody) =>
        (b.arrivy_booking.template_extra_fields.find(
          (f: { name: string }) => f.name === 'Monthly Cost',
        )!.value = '1'),
      422,
      'price_changed',
    ],
    [
      'a router charge the browser changed',
      (b: InstallBody) => (b.charge_bee.router_charge = 0),
      422,
      'price_changed',
    ],
    [
      'the 350 plan',
      (b: InstallBody) => (b.charge_bee.plan_id = 'turbo-350'),
      422,
      'plan_not_offered',
    ],
    [
      'an unknown coupon',
      (b: InstallBody) => ((b.charge_bee.coupon_id = 'NOPE'), (b.charge_bee.coupon_type = 1)),
      422,
      'coupon_invalid',
    ],
    ['no unit in an MDU', (b: InstallBody) => (b.charge_bee.unit = ''), 422, 'invalid_unit'],
    [
      'terms not agreed',
      (b: InstallBody) =>
        (b.arrivy_booking.template_extra_fields.find(
          (f: { name: string }) => f.name === 'I Agree to the Terms and Conditions',
        )!.value = 'NO'),
      400,
      'invalid_input',
    ],
    [
      'a bad first name',
      (b: InstallBody) => (b.arrivy_booking.customer_first_name = 'J4ne'),
      400,
      'invalid_input',
    ],
    [
      'an unknown card token',
      (b: InstallBody) => (b.charge_bee.tmp_token = 'tok_test_nope'),
      422,
      'card_invalid',
    ],
    [
      'a time that is not the held one',
      (b: InstallBody) => (
        (b.arrivy_booking.start_datetime = '2030-01-01T08:00:00+11:00'),
        (b.arrivy_booking.end_datetime = '2030-01-01T10:00:00+11:00')
      ),
      422,
      'booking_mismatch',
    ],
  ])('refuses %s', async (_case, change, status, error) => {
    const { body } = await prepareOrder(t.app, {}, t.clock.now);
    change(body);
    const res = await install(body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(error);
  });

  it('answers 400 for a malformed body and a bad key, 404 for another provider', async () => {
    expect((await install({ nope: true })).statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: {},
      headers: { 'idempotency-key': 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/other/install', payload: {} }))
        .statusCode,
    ).toBe(404);
  });
});
