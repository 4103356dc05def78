import type { InstallBody } from '@fibre/domain/install';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';

/*
 * Issue 13: the install's free text is bounded and fits its field, one 400 names every invalid
 * field, and a card token pays for one order (docs/decisions/009-install-facts.md).
 */

const LONG = 'x'.repeat(20_000);
const SCRIPT = '<script>alert(1)</script>';

const field = (b: InstallBody, name: string) =>
  b.arrivy_booking.template_extra_fields.find((f) => f.name === name)!;

describe.each(engines())('install input on %s', (engine) => {
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
  const vaultToken = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/test-vault/tokens',
        payload: {
          number: '4111 1111 1111 1111',
          expiry_month: 12,
          expiry_year: 2030,
          cvv: '123',
          name: 'Jane Citizen',
        },
      })
    ).json().token as string;

  type Change = (b: InstallBody, value: string) => void;
  const cases: Array<[string, Change]> = [
    ['arrivy_booking.customer_city', (b, v) => (b.arrivy_booking.customer_city = v)],
    [
      'arrivy_booking.customer_address_line_2',
      (b, v) => (b.arrivy_booking.customer_address_line_2 = v),
    ],
    [
      'arrivy_booking.customer_address_line_1',
      (b, v) => (b.arrivy_booking.customer_address_line_1 = v),
    ],
    ['arrivy_booking.customer_state', (b, v) => (b.arrivy_booking.customer_state = v)],
    ['arrivy_booking.title', (b, v) => (b.arrivy_booking.title = v)],
    ['arrivy_booking.customer_email', (b, v) => (b.arrivy_booking.customer_email = v)],
    ['arrivy_booking.template_extra_fields.Speed', (b, v) => (field(b, 'Speed').value = v)],
    [
      'arrivy_booking.template_extra_fields.Promo Code',
      (b, v) => (field(b, 'Promo Code').value = v),
    ],
    ['arrivy_booking.template_extra_fields.Router', (b, v) => (field(b, 'Router').value = v)],
    [
      'arrivy_booking.template_extra_fields.New Activation Charge',
      (b, v) => (field(b, 'New Activation Charge').value = v),
    ],
    ['charge_bee.address', (b, v) => (b.charge_bee.address = v)],
    ['charge_bee.suburb', (b, v) => (b.charge_bee.suburb = v)],
    ['charge_bee.unit', (b, v) => (b.charge_bee.unit = v)],
    ['charge_bee.plan_id', (b, v) => (b.charge_bee.plan_id = v)],
    ['charge_bee.tmp_token', (b, v) => (b.charge_bee.tmp_token = v)],
    ['charge_bee.service_id', (b, v) => (b.charge_bee.service_id = v)],
    ['reservation_id', (b, v) => (b.reservation_id = v)],
    ['event_id', (b, v) => (b.event_id = v)],
  ];

  it.each(
    cases.flatMap(([path, change]) => [
      [path, '20,000 characters', LONG, change] as const,
      [path, '<script>', SCRIPT, change] as const,
    ]),
  )('answers 400 naming %s for %s', async (path, _what, value, change) => {
    const { body } = await prepareOrder(t.app, {}, t.clock.now);
    change(body, value);
    const res = await install(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_input');
    expect(Object.keys(res.json().fields)).toContain(path);
  });

  it('names every invalid field in one 400: the shape and the contact rules together', async () => {
    const { body } = await prepareOrder(t.app, {}, t.clock.now);
    body.arrivy_booking.customer_first_name = 'J4ne';
    body.arrivy_booking.customer_city = LONG;
    field(body, 'I Agree to the Terms and Conditions').value = 'NO';
    field(body, 'How Did You Hear About Us?').value = '';
    const res = await install(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'arrivy_booking.customer_first_name': 'invalid first name',
      'arrivy_booking.customer_city': 'must be at most 60 characters',
      'arrivy_booking.template_extra_fields.I Agree to the Terms and Conditions':
        'Please confirm that you have read and agree to the terms and conditions of your plan.',
      'arrivy_booking.template_extra_fields.How Did You Hear About Us?':
        'Please let us know how you heard about us',
    });
  });

  it('lets a card token pay for one order: the second is a 422, the first key still replays', async () => {
    const token = await vaultToken();
    const first = (await prepareOrder(t.app, { cardToken: token }, t.clock.now)).body;
    const second = (await prepareOrder(t.app, { cardToken: token, slotIndex: 1 }, t.clock.now))
      .body;
    const paid = await install(first, `token-once-${first.reservation_id}`);
    expect(paid.statusCode).toBe(201);
    const refused = await install(second, `token-once-${second.reservation_id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'card_token_used',
      message:
        'These card details were already used for an order. Please enter your card details again.',
      fields: { 'charge_bee.tmp_token': 'was already used for an order' },
    });
    const again = await install(first, `token-once-${first.reservation_id}`);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(paid.json());
  });

  it('lets only one of two concurrent installs with one token succeed', async () => {
    const token = await vaultToken();
    const bodies = [
      (await prepareOrder(t.app, { cardToken: token, slotIndex: 2 }, t.clock.now)).body,
      (await prepareOrder(t.app, { cardToken: token, slotIndex: 3 }, t.clock.now)).body,
    ];
    const answers = await Promise.all(bodies.map((b) => install(b)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const customers = await t.database.db
      .selectFrom('billing_customers')
      .select('order_id')
      .where('card_token', '=', token)
      .execute();
    expect(customers).toHaveLength(1);
  });
});
