import type { InstallBody } from '@fibre/domain/install';
import { endOfBookingDayMs } from '@fibre/domain/scheduling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder, type OrderOptions } from '../test-support/order.ts';

/*
 * Issue 13 item 1: the order's facts come from the server, never the body
 * (docs/decisions/009-install-facts.md). Each lie below was accepted and stored before. The title
 * and the echo fields (RSP, Source, ...) are derived and ignored since issue 28: a body written by
 * another client is in install-third-party.test.ts.
 */

const MISMATCH = 'Your order does not match what we know about it. Please review your order.';

const field = (b: InstallBody, name: string) =>
  b.arrivy_booking.template_extra_fields.find((f) => f.name === name)!;

describe.each(engines())('install facts on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { RESERVATION_HOLD_SECONDS: '600' }, { clock: true });
  });
  afterAll(() => t.close());

  const install = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body as object });
  const order = (options: OrderOptions = {}) => prepareOrder(t.app, options, t.clock.now);
  const stored = async (orderId: string) => ({
    task: (
      await t.database.db
        .selectFrom('bookings')
        .selectAll()
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).task as unknown as InstallBody['arrivy_booking'],
    subscription: await t.database.db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow(),
  });

  it.each([
    [
      'a billing start in 2099',
      (b: InstallBody) => (b.charge_bee.start_date = Date.UTC(2099, 0, 1)),
      'charge_bee.start_date',
    ],
    [
      'Speed 1000 on Boost 100',
      (b: InstallBody) => (field(b, 'Speed').value = '1000'),
      'arrivy_booking.template_extra_fields.Speed',
    ],
    [
      // '0' is no charge, as '' is (install-third-party.test.ts); 300 is a charge.
      'a New Activation Charge of 300 where none applies',
      (b: InstallBody) => (field(b, 'New Activation Charge').value = '300'),
      'arrivy_booking.template_extra_fields.New Activation Charge',
    ],
    [
      'a static IP add-on not ordered',
      (b: InstallBody) => (field(b, 'Add-On').value = 'Static IP'),
      'arrivy_booking.template_extra_fields.Add-On',
    ],
    [
      'another street line',
      (b: InstallBody) => (b.arrivy_booking.customer_address_line_2 = '1 Other Street'),
      'arrivy_booking.customer_address_line_2',
    ],
    [
      'another city',
      (b: InstallBody) => (b.arrivy_booking.customer_city = 'Ultimo'),
      'arrivy_booking.customer_city',
    ],
    [
      'another state',
      (b: InstallBody) => (b.arrivy_booking.customer_state = 'VIC'),
      'arrivy_booking.customer_state',
    ],
    [
      'another postcode',
      (b: InstallBody) => (b.arrivy_booking.customer_zipcode = '3006'),
      'arrivy_booking.customer_zipcode',
    ],
    [
      'a unit that is not the billing one',
      (b: InstallBody) => (b.arrivy_booking.customer_address_line_1 = '99'),
      'arrivy_booking.customer_address_line_1',
    ],
    [
      'a billing street of another building',
      (b: InstallBody) => (b.charge_bee.address = '1 Southbank Boulevard'),
      'charge_bee.address',
    ],
    [
      'a billing suburb and postcode of Southbank',
      (b: InstallBody) => ((b.charge_bee.suburb = 'Southbank'), (b.charge_bee.postcode = '3006')),
      'charge_bee.postcode',
    ],
    [
      'a billing state of VIC',
      (b: InstallBody) => (b.charge_bee.state = 'VIC'),
      'charge_bee.state',
    ],
    [
      'a billing email not the contact one',
      (b: InstallBody) => (b.charge_bee.email = 'other@example.com'),
      'charge_bee.email',
    ],
  ])('refuses %s with a 422 naming the field', async (_case, lie, path) => {
    const { body } = await order();
    lie(body);
    const res = await install(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'order_mismatch', message: MISMATCH });
    expect(Object.keys(res.json().fields)).toContain(path);
  });

  it('refuses a window six hours longer than the held one, naming end_datetime', async () => {
    const { body, slot } = await order();
    body.arrivy_booking.end_datetime = new Date(Date.parse(slot.end) + 6 * 3_600_000).toISOString();
    const res = await install(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'booking_mismatch',
      fields: {
        'arrivy_booking.end_datetime': 'The installation time does not match your reservation',
      },
    });
  });

  it("refuses a Hobart building's order on a held NSW window", async () => {
    const { body } = await order({ code: 'G6F7A8', slotState: 'NSW' });
    const res = await install(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'booking_mismatch',
      fields: { reservation_id: 'The reservation is for an installation in another state' },
    });
    expect(
      await t.database.db
        .selectFrom('bookings')
        .selectAll()
        .where('state', '=', 'NSW')
        .where('reservation_id', '=', body.reservation_id)
        .execute(),
    ).toEqual([]);
  });

  it('refuses SUMMER20 in Pyrmont even when the body claims 3006 Southbank', async () => {
    const { body } = await order({ couponId: 'SUMMER20', couponType: 1 });
    Object.assign(body.charge_bee, { postcode: '3006', suburb: 'Southbank' });
    Object.assign(body.arrivy_booking, { customer_zipcode: '3006', customer_city: 'Southbank' });
    const res = await install(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'coupon_invalid',
      fields: { 'charge_bee.coupon_id': 'Coupon is invalid' },
    });
  });

  it('takes SUMMER20 for the Southbank building itself', async () => {
    const { body } = await order({ code: 'G2B3C4', couponId: 'SUMMER20', couponType: 1 });
    expect((await install(body)).statusCode).toBe(201);
  });

  it('stores what the server built: the billing start from the held window, the catalogue router name, its own title', async () => {
    const { body, slot } = await order();
    field(body, 'Router').value = 'WI-FI 6 ROUTER';
    body.arrivy_booking.title =
      'Installation - Jane Citizen - 100 Harris St, Pyrmont NSW 2009, Australia';
    body.arrivy_booking.customer_address_line_2 = '100 Harris St';
    const res = await install(body);
    expect(res.statusCode).toBe(201);
    const { task, subscription } = await stored(res.json().order_id);
    expect(new Date(subscription.start_date).getTime()).toBe(
      endOfBookingDayMs(slot.start, 'Australia/Sydney'),
    );
    expect(task).toMatchObject({
      title: 'Installation - Jane Citizen - Unit 12, 100 Harris Street, Pyrmont NSW 2009',
      customer_address_line_2: '100 Harris Street',
      customer_city: 'Pyrmont',
      start_datetime: body.arrivy_booking.start_datetime,
      end_datetime: body.arrivy_booking.end_datetime,
    });
    expect(task.template_extra_fields).toContainEqual({ name: 'Router', value: 'Wi-Fi 6 Router' });
    expect(task.template_extra_fields).toContainEqual({ name: 'Speed', value: '100' });
  });

  it('serves 82 Elizabeth Street under its master building G6F7A8', async () => {
    const { body } = await order({ code: 'G6F7A8' });
    const street = '82 Elizabeth Street';
    body.charge_bee.address = street;
    body.arrivy_booking.customer_address_line_2 = street;
    body.arrivy_booking.title =
      'Installation - Jane Citizen - 82 Elizabeth Street, Hobart TAS 7000';
    const res = await install(body);
    expect(res.statusCode).toBe(201);
    expect((await stored(res.json().order_id)).task.customer_address_line_2).toBe(street);
  });

  it.each(['89.00', '89.0', '89'])(
    'takes Monthly Cost %s for Boost 100 (79.00) and the Wi-Fi 6 Router (10.00) as one price',
    async (amount) => {
      const { body } = await order();
      field(body, 'Monthly Cost').value = amount;
      const res = await install(body);
      expect(res.statusCode).toBe(201);
      const { task } = await stored(res.json().order_id);
      expect(task.template_extra_fields).toContainEqual({ name: 'Monthly Cost', value: '89' });
    },
  );
});
