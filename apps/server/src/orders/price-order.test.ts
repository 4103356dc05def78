import { installBodyFacts, type InstallBody } from '@fibre/domain/install';
import { defaultDomainConfig, type DomainConfig } from '@fibre/domain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogueCache, type CatalogueSnapshot } from '../catalogue/cache.ts';
import { startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';
import { refusalAnswer } from '../http/errors.ts';
import { installFacts } from './install-facts.ts';
import { priceOrder } from './price-order.ts';
import { withCardFees } from './card-fees.ts';

/*
 * The order is priced by the catalogue's rules (ctx.catalogue.current().domain), never by
 * constants: another provider's fees and plan rules change what the server decides.
 */

const acmeRules: DomainConfig = {
  ...defaultDomainConfig,
  staticIpMonthly: 12.5,
  newDevelopmentCharge: 450,
  cardFees: {
    ...defaultDomainConfig.cardFees,
    amex: { percent: 2, cap: 5, words: 'Amex card surcharge' },
  },
  hiddenPlanIdParts: ['legacy'],
};

describe('pricing an order by the catalogue rules', () => {
  let t: TestApp;
  let served: CatalogueSnapshot;
  beforeAll(async () => {
    t = await startTestApp('pglite', { RESERVATION_HOLD_SECONDS: '600' }, { clock: true });
    const cache = await openCatalogueCache(t.database);
    served = cache.current();
    await cache.close();
  });
  afterAll(() => t.close());

  // A refusal reaches the test as the route's answer would be (http/errors.ts, refusalAnswer).
  const price = async (body: InstallBody, rules: DomainConfig) => {
    const outcome = await priceOrder(t.database.db, served, installBodyFacts(body), rules);
    if (!outcome.ok) throw refusalAnswer(outcome.refusal);
    return outcome.value;
  };

  it("a greenfield order's activation and card fee follow the rules", async () => {
    // Alkimos (greenfield): Streamer 250 $89 + Wi-Fi 6 Router $10 = $99 a month.
    const { body } = await prepareOrder(
      t.app,
      { code: 'G4D5E6', planName: 'Streamer 250' },
      t.clock.now,
    );
    const amex = { scheme: 'amex' as const, known: true };
    const stated = { statedCardScheme: null, statedCardFee: null };
    const demo = await price(body, defaultDomainConfig);
    expect(demo).toMatchObject({ monthlyCents: 9900, activationCents: 39900 });
    // American Express: 1.5% of each payment (docs/rules/plans-and-pricing.md#card-fees).
    expect(withCardFees(demo, amex, stated, defaultDomainConfig)).toMatchObject({
      cardScheme: 'amex',
      cardFeeCents: 149,
      firstPaymentFeeCents: 599,
    });
    const acme = await price(body, acmeRules);
    expect(acme).toMatchObject({ monthlyCents: 9900, activationCents: 54900 });
    // 2%, capped at $5.
    expect(withCardFees(acme, amex, stated, acmeRules)).toMatchObject({
      cardFeeCents: 198,
      firstPaymentFeeCents: 500,
    });
    expect(withCardFees(acme, { scheme: 'visa', known: true }, stated, acmeRules)).toMatchObject({
      cardFeeCents: 0,
      firstPaymentFeeCents: 0,
    });
  });

  it("the static IP is the catalogue's price: the demo's body is a changed price under other rules", async () => {
    const { body } = await prepareOrder(t.app, { staticIp: true }, t.clock.now);
    expect((await price(body, defaultDomainConfig)).monthlyCents).toBe(7900 + 1000 + 900);
    await expect(price(body, acmeRules)).rejects.toMatchObject({
      status: 422,
      code: 'price_changed',
    });
  });

  it('a refusal is an outcome, not a throw: the route decides the answer', async () => {
    const { body } = await prepareOrder(t.app, { staticIp: true }, t.clock.now);
    const outcome = await priceOrder(t.database.db, served, installBodyFacts(body), acmeRules);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.refusal).toMatchObject({ kind: 'unprocessable', code: 'price_changed' });
  });

  it("a plan the rules hide is not offered (Boost 100 under 'boost')", async () => {
    const { body } = await prepareOrder(t.app, {}, t.clock.now);
    expect((await price(body, defaultDomainConfig)).planId).toBe('boost-100');
    const hidesBoost = { ...defaultDomainConfig, hiddenPlanIdParts: ['boost'] };
    await expect(price(body, hidesBoost)).rejects.toMatchObject({ code: 'plan_not_offered' });
  });

  it("the task's New Activation Charge is the rules' charge", async () => {
    const { body } = await prepareOrder(
      t.app,
      { code: 'G4D5E6', planName: 'Streamer 250' },
      t.clock.now,
    );
    const priced = await price(body, defaultDomainConfig);
    const held = {
      state: 'WA',
      starts_at: new Date(body.arrivy_booking.start_datetime),
      ends_at: new Date(body.arrivy_booking.end_datetime),
    };
    const input = {
      facts: installBodyFacts(body),
      priced,
      held,
      rsp: 'demo',
      firstName: 'Jane',
      lastName: 'Citizen',
    };
    const charge = (rules: DomainConfig) => {
      const built = installFacts(input, rules);
      return built.ok ? 'accepted' : built.refusal.fields;
    };
    expect(charge(defaultDomainConfig)).toBe('accepted');
    // The body says 300, as the demo's wizard would: under a $450 charge the server refuses it.
    expect(charge(acmeRules)).toEqual({
      'arrivy_booking.template_extra_fields.New Activation Charge': "must be '450'",
    });
  });
});
