import type { InstallBody } from '@fibre/domain/install';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { orderCount, prepareOrder, type OrderOptions } from '../test-support/order.ts';

/**
 * docs/rules/plans-and-pricing.md#card-fees and docs/decisions/009-install-facts.md: the server
 * finds the card's scheme from its token and prices its fee on each payment as charged; eftpos,
 * Mastercard and Visa pay none; a body that states another scheme or fee is refused.
 */
describe.each(engines())('card fees by scheme on %s', (engine) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await startTestApp(engine, { RESERVATION_HOLD_SECONDS: '600' }, { clock: true });
  });
  afterAll(() => t.close());

  const order = async (options: OrderOptions) =>
    (await prepareOrder(t.app, { slotIndex: ++n % 8, ...options }, t.clock.now)).body;
  const install = (body: InstallBody) =>
    t.app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body });
  const row = (id: string) =>
    t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it.each([
    ['Visa', '4111 1111 1111 1111', 'visa'],
    ['Mastercard', '5555 5555 5555 4444', 'mastercard'],
  ])('a %s token pays no card fee', async (_name, card, scheme) => {
    const res = await install(await order({ card }));
    expect(res.statusCode).toBe(201);
    expect(res.json().prices).toEqual({
      monthly_cents: 8900,
      activation_cents: 8900,
      card_fee_cents: 0,
      first_payment_fee_cents: 0,
      card_scheme: scheme,
    });
    expect(await row(res.json().order_id)).toMatchObject({
      card_scheme: scheme,
      card_fee_cents: 0,
      first_payment_fee_cents: 0,
    });
  });

  it('an American Express token pays 1.5% of each payment as charged: SUMMER20 at Southbank', async () => {
    const body = await order({
      code: 'G2B3C4',
      card: '3782 822463 10005',
      couponId: 'SUMMER20',
      couponType: 1,
    });
    const res = await install(body);
    expect(res.statusCode).toBe(201);
    // Boost 100 $79 less 20% = $63.20, + Wi-Fi 6 Router $10: the first payment $73.20, its fee
    // 1.5% of that ($1.10, not 1.5% of the undiscounted $89); the monthly $89 pays $1.34.
    expect(res.json().prices).toEqual({
      monthly_cents: 8900,
      activation_cents: 7320,
      card_fee_cents: 134,
      first_payment_fee_cents: 110,
      card_scheme: 'amex',
    });
    const stored = await row(res.json().order_id);
    expect(stored).toMatchObject({ card_scheme: 'amex', first_payment_fee_cents: 110 });
    // The acceptance record's monthly charge is the amount with the fee, as agreed.
    expect(JSON.stringify(stored.acceptance)).toContain('$90.34');
  });

  it('a body that states the scheme and fee the server finds orders; one that differs is refused, naming the field', async () => {
    const agreed = await order({ card: '3782 822463 10005' });
    agreed.charge_bee.card_scheme = 'amex';
    // 1.5% of $89.
    agreed.charge_bee.card_fee = 1.34;
    expect((await install(agreed)).statusCode).toBe(201);

    const before = await orderCount(t.database);
    const wrongScheme = await order({ card: '3782 822463 10005' });
    wrongScheme.charge_bee.card_scheme = 'visa';
    const refused = await install(wrongScheme);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: 'card_scheme_mismatch',
      fields: { 'charge_bee.card_scheme': expect.stringContaining('American Express') },
    });

    const wrongFee = await order({ card: '3782 822463 10005' });
    wrongFee.charge_bee.card_fee = 0;
    const refusedFee = await install(wrongFee);
    expect(refusedFee.statusCode).toBe(422);
    expect(refusedFee.json()).toMatchObject({
      error: 'card_fee_changed',
      fields: { 'charge_bee.card_fee': expect.stringContaining('$1.34') },
    });

    const visaClaimingFee = await order({ card: '4111 1111 1111 1111' });
    visaClaimingFee.charge_bee.card_fee = 1.34;
    expect((await install(visaClaimingFee)).json()).toMatchObject({ error: 'card_fee_changed' });
    expect(await orderCount(t.database)).toBe(before);
  });
});
