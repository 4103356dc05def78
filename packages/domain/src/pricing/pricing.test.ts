import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addAddOn, addOnLabel } from './add-ons.ts';
import { discountFromCoupon, freeMonthsDiscount } from '../offers/discounts.ts';
import {
  activationTotal,
  discountedPlanPrice,
  firstPaymentDate,
  minimumTotalCost,
  monthlyCharge,
  orderSummary,
  paymentsWithFee,
  roundCents,
  sameAmount,
  sameCharge,
} from './pricing.ts';
import { acmeRules, demoRules } from '../test-support/rules.ts';
import type { AddOn } from './add-ons.ts';
import type { Discount } from '../offers/discounts.ts';
import { plan, router } from '../test-support/plans.ts';

const upFront = (fields: Partial<Discount>): Discount => ({
  ...freeMonthsDiscount(1),
  starting_period: 0,
  percentage: null,
  dollar_amount: null,
  ...fields,
});

describe('roundCents', () => {
  it.each([
    [1.185, 1.19],
    [1.005, 1.01],
    [0.1 + 0.2, 0.3],
    [79, 79],
    [63.199999999, 63.2],
  ])('%s -> %s', (amount, rounded) => expect(roundCents(amount)).toBe(rounded));
});

describe('monthly charge: plan + router + $9 per month for the static IP add-on', () => {
  it.each([
    ['79', '15', [], 94],
    ['79.00', '0', [], 79],
    ['79', '15', ['static-ip'], 103],
    ['89.95', '10.50', ['static-ip', 'new-development-fee'], 109.45],
  ] as const)('plan $%s + router $%s + %j = $%s', (planCost, routerCost, addOns, total) => {
    const order = { plan: plan({ cost: planCost }), router: router({ cost: routerCost }), addOns };
    expect(monthlyCharge(order, demoRules)).toBe(total);
  });

  it("charges another provider's static IP price", () => {
    const order = {
      plan: plan({ cost: '79' }),
      router: router({ cost: '15' }),
      addOns: ['static-ip' as const],
    };
    expect(monthlyCharge(order, acmeRules)).toBe(106.5);
  });

  it('is the recurring charge: an up-front discount does not change it', () => {
    const order = { plan: plan({ cost: '79' }), router: router({ cost: '15' }), addOns: [] };
    const discounted = { ...order, discount: upFront({ dollar_amount: 10 }) };
    expect(monthlyCharge(discounted, demoRules)).toBe(monthlyCharge(order, demoRules));
  });

  it('rejects a non-numeric cost', () => {
    const order = { plan: plan({ cost: 'free' }), router: router({ cost: '0' }), addOns: [] };
    expect(() => monthlyCharge(order, demoRules)).toThrow(RangeError);
  });
});

describe('docs/rules/plans-and-pricing.md: Activation total = discounted plan price + router cost + $300 if greenfield + $9 if static IP', () => {
  it.each([
    ['no extras', false, [], null, 94],
    ['greenfield', true, [], null, 394],
    ['static IP', false, ['static-ip'], null, 103],
    ['greenfield and static IP', true, ['static-ip'], null, 403],
    ['$10 off up front', false, [], upFront({ dollar_amount: 10 }), 84],
    ['20% off up front', false, [], upFront({ percentage: 20 }), 78.2],
    // A free month credited at month 7 is not a discount on activation.
    ['one month free at month 7', true, [], freeMonthsDiscount(1), 394],
  ] as const)('%s', (_label, greenfield, addOns, discount, total) => {
    const order = {
      plan: plan({ cost: '79' }),
      router: router({ cost: '15' }),
      addOns,
      greenfield,
      discount,
    };
    expect(activationTotal(order, demoRules)).toBe(total);
  });

  it("takes another provider's new development charge and static IP price", () => {
    const order = { plan: plan({ cost: '79' }), router: router({ cost: '15' }), greenfield: true };
    expect(activationTotal({ ...order, addOns: [] }, acmeRules)).toBe(544);
    expect(activationTotal({ ...order, addOns: ['static-ip'] }, acmeRules)).toBe(556.5);
  });
});

describe('discounted plan price', () => {
  it.each([
    [upFront({ dollar_amount: 10 }), 69],
    [upFront({ dollar_amount: 100 }), 0],
    [upFront({ percentage: 20 }), 63.2],
    [upFront({ percentage: 150 }), 0],
    [upFront({ percentage: -10 }), 79],
    [upFront({ percentage: null }), 0],
    [freeMonthsDiscount(1), 79],
    [null, 79],
    [undefined, 79],
  ])('%# -> $%s', (discount, price) =>
    expect(discountedPlanPrice(plan({ cost: '79' }), discount)).toBe(price),
  );

  it("PNBF24's $10 off applies to the first payment", () => {
    const pnbf24 = discountFromCoupon({
      coupon_id: 'PNBF24',
      coupon_type: 1,
      period: 9,
      period_unit: 'month',
      dollar_amount: 1000,
      percentage: null,
      plan_ids: [],
    });
    expect(discountedPlanPrice(plan({ cost: '79' }), pnbf24)).toBe(69);
  });
});

describe('docs/rules/plans-and-pricing.md, Card fees: each payment with the fee of the card chosen', () => {
  const base = {
    plan: plan({ cost: '94' }),
    router: router({ cost: '0' }),
    addOns: [],
    greenfield: false,
  };
  const summer20 = upFront({ percentage: 20 });
  it.each([
    // SUMMER20 at Southbank: 20% off $94 up front = $75.20; American Express 1.5% of what is paid.
    [
      'amex, SUMMER20',
      { ...base, discount: summer20 },
      'amex',
      [94, 1.41, 95.41, 75.2, 1.13, 76.33],
    ],
    ['visa, SUMMER20', { ...base, discount: summer20 }, 'visa', [94, 0, 94, 75.2, 0, 75.2]],
    ['mastercard', base, 'mastercard', [94, 0, 94, 94, 0, 94]],
    ['direct debit', base, null, [94, 0, 94, 94, 0, 94]],
    [
      'amex, greenfield',
      { ...base, greenfield: true },
      'amex',
      [94, 1.41, 95.41, 394, 5.91, 399.91],
    ],
  ] as const)('%s', (_label, order, scheme, expected) => {
    const paid = paymentsWithFee(order, demoRules, scheme);
    expect([
      paid.monthly,
      paid.monthlyFee,
      paid.monthlyWithFee,
      paid.firstPayment,
      paid.firstPaymentFee,
      paid.firstPaymentWithFee,
    ]).toEqual(expected);
    expect(minimumTotalCost(order, demoRules, scheme)).toBe(paid.firstPaymentWithFee);
  });

  it('a capped fee stops at its cap ($5 for acme)', () => {
    const order = { ...base, greenfield: true };
    expect(paymentsWithFee(order, acmeRules, 'amex')).toMatchObject({
      firstPayment: 544,
      firstPaymentFee: 5,
      firstPaymentWithFee: 549,
    });
  });
});

describe('minimum total cost: first payment with its card fee', () => {
  const base = { plan: plan({ cost: '79' }), router: router({ cost: '15' }) };
  it.each([
    // 79 + 15 = 94; American Express 1.5% of 94: 1.41.
    ['plan and router', { ...base, addOns: [], greenfield: false }, 95.41],
    // 79 + 0 + 9 + 300 = 388; fee on 388: 5.82.
    [
      'BYO router, static IP, greenfield',
      { ...base, router: router({ cost: '0' }), addOns: ['static-ip'] as const, greenfield: true },
      393.82,
    ],
    // $10 off the first month: 69 + 15 = 84; the fee is on what is paid: 1.26.
    [
      '$10 off up front',
      { ...base, addOns: [], greenfield: false, discount: upFront({ dollar_amount: 10 }) },
      85.26,
    ],
    // A free month credited at month 7 does not lower the first month: 394 + 5.91.
    [
      'one month free at month 7',
      { ...base, addOns: [], greenfield: true, discount: freeMonthsDiscount(1) },
      399.91,
    ],
  ])('%s (demo rules, American Express)', (_label, order, total) => {
    expect(minimumTotalCost(order, demoRules, 'amex')).toBe(total);
  });

  it('without a card fee (Visa, or not chosen yet) it is the first payment', () => {
    const order = { ...base, addOns: [], greenfield: false };
    expect(minimumTotalCost(order, demoRules)).toBe(94);
    expect(minimumTotalCost(order, demoRules, 'visa')).toBe(94);
  });

  it("another provider's fees change it: 79 + 15 + 12.50 + 450, its fee capped at $5 (demo: 1.5% of 403)", () => {
    const order = { ...base, addOns: ['static-ip'] as const, greenfield: true };
    expect(minimumTotalCost(order, acmeRules, 'amex')).toBe(561.5);
    expect(minimumTotalCost(order, demoRules, 'amex')).toBe(409.05);
  });
});

describe('docs/rules/plans-and-pricing.md: First payment occurs 15 days after activation', () => {
  it.each([
    ['2025-03-03T00:00:00.000Z', undefined, '2025-03-18T00:00:00.000Z'],
    ['2025-12-20T09:30:00.000Z', undefined, '2026-01-04T09:30:00.000Z'],
    // Across the end of daylight saving in Sydney (6 April 2025): same local time of day.
    ['2025-04-01T10:00:00+11:00', 'Australia/Sydney', '2025-04-16T00:00:00.000Z'],
    ['2025-10-01T10:00:00+10:00', 'Australia/Sydney', '2025-10-15T23:00:00.000Z'],
  ])('%s in %s -> %s', (activation, zone, expected) => {
    expect(firstPaymentDate(activation, zone).toISOString()).toBe(expected);
  });

  it('accepts a Date', () => {
    const activation = new Date('2025-03-03T00:00:00.000Z');
    expect(firstPaymentDate(activation).toISOString()).toBe('2025-03-18T00:00:00.000Z');
  });

  it('rejects something that is not a date', () => {
    expect(() => firstPaymentDate('not a date')).toThrow(RangeError);
  });
});

describe('order summary', () => {
  it('shows every line of the order', () => {
    const summary = orderSummary(
      {
        plan: plan({ id: 'boost-100', name: 'Boost 100', speed: 100, cost: '79' }),
        router: router({ id: 'r1', name: 'Wi-Fi 6 router', cost: '15', description2: 'per month' }),
        addOns: ['static-ip', 'new-development-fee'],
        greenfield: true,
        discount: freeMonthsDiscount(1),
        couponCode: 'PROMOMIOMF',
        activationDate: '2025-03-03T00:00:00.000Z',
        timeZone: 'Australia/Perth',
      },
      demoRules,
    );
    expect(summary).toEqual({
      plan: { id: 'boost-100', name: 'Boost 100', speed: 100, amount: 79 },
      router: {
        id: 'r1',
        name: 'Wi-Fi 6 router',
        amount: 15,
        bringYourOwn: false,
        period: 'per month',
      },
      addOns: [
        { code: 'static-ip', label: 'Static IP', amount: 9, recurring: true },
        {
          code: 'new-development-fee',
          label: 'New Development Charge',
          amount: 300,
          recurring: false,
        },
      ],
      discount: {
        inWords: '1 month free',
        terms: freeMonthsDiscount(1).terms,
        showsPromoBanner: true,
      },
      monthlyTotal: 103,
      activationTotal: 403,
      cardScheme: null,
      monthlyFee: 0,
      monthlyWithFee: 103,
      firstPaymentFee: 0,
      firstPaymentWithFee: 403,
      minimumTotalCost: 403,
      firstPaymentDate: new Date('2025-03-18T00:00:00.000Z'),
    });
  });

  it('has no discount, first payment date or extras until they exist', () => {
    const summary = orderSummary(
      { plan: plan({ cost: '79' }), router: router({ cost: '0' }), addOns: [], greenfield: false },
      demoRules,
    );
    expect(summary.discount).toBeNull();
    expect(summary.firstPaymentDate).toBeNull();
    expect(summary.addOns).toEqual([]);
    expect(summary.router.bringYourOwn).toBe(true);
    expect(summary.activationTotal).toBe(79);
  });

  it("prices the add-on lines and totals by another provider's rules", () => {
    const order = {
      plan: plan({ cost: '79' }),
      router: router({ cost: '15' }),
      addOns: ['static-ip', 'new-development-fee'] as const,
      greenfield: true,
    };
    const summary = orderSummary({ ...order, addOns: [...order.addOns] }, acmeRules);
    expect(summary.addOns.map((line) => line.amount)).toEqual([12.5, 450]);
    expect(summary).toMatchObject({
      monthlyTotal: 106.5,
      activationTotal: 556.5,
      monthlyFee: 0,
      minimumTotalCost: 556.5,
    });
    expect(
      orderSummary({ ...order, addOns: [...order.addOns], cardScheme: 'amex' }, acmeRules),
    ).toMatchObject({
      monthlyFee: 1.6,
      monthlyWithFee: 108.1,
      firstPaymentFee: 5,
      minimumTotalCost: 561.5,
    });
  });

  it('hides the promo banner for PNBF24', () => {
    const summary = orderSummary(
      {
        plan: plan({ cost: '79' }),
        router: router({ cost: '0' }),
        addOns: [],
        greenfield: false,
        discount: upFront({
          dollar_amount: 10,
          in_words: '$10 off for 9 months - Black Friday Sale.',
        }),
        couponCode: 'PNBF24',
      },
      demoRules,
    );
    expect(summary.discount?.showsPromoBanner).toBe(false);
    expect(summary.discount?.inWords).toBe('$10 off for 9 months - Black Friday Sale.');
  });
});

describe('pricing properties', () => {
  const cents = fc.integer({ min: 0, max: 100_000 });
  const asCost = (c: number) => (c % 100 === 0 ? String(c / 100) : (c / 100).toFixed(2));
  const addOns = fc.subarray<AddOn>(['static-ip', 'new-development-fee']);
  const discount = fc
    .option(
      fc.record({
        starting_period: fc.constantFrom(0, 7),
        dollar_amount: fc.option(fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100)),
        percentage: fc.option(fc.integer({ min: -50, max: 200 })),
      }),
    )
    .map((d) => (d === null ? null : upFront(d)));
  const order = fc
    .record({
      planCents: cents,
      routerCents: cents,
      addOns,
      greenfield: fc.boolean(),
      discount,
    })
    .map((o) => ({
      ...o,
      plan: plan({ cost: asCost(o.planCents) }),
      router: router({ cost: asCost(o.routerCents) }),
    }));

  it('activation total = plan + router + 300 iff greenfield + 9 iff static IP (no discount)', () => {
    fc.assert(
      fc.property(order, (o) => {
        const expected =
          (o.planCents +
            o.routerCents +
            (o.greenfield ? 30_000 : 0) +
            (o.addOns.includes('static-ip') ? 900 : 0)) /
          100;
        expect(activationTotal({ ...o, discount: null }, demoRules)).toBe(expected);
      }),
    );
  });

  it('the card fee is 1.5% of each payment for American Express, to the cent, and 0 for Visa', () => {
    fc.assert(
      fc.property(order, (o) => {
        const paid = paymentsWithFee(o, demoRules, 'amex');
        expect(Math.abs(paid.monthlyFee - paid.monthly * 0.015)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.abs(paid.firstPaymentFee - paid.firstPayment * 0.015)).toBeLessThanOrEqual(
          0.005 + 1e-9,
        );
        expect(paymentsWithFee(o, demoRules, 'visa').firstPaymentFee).toBe(0);
      }),
    );
  });

  it('the minimum total cost is the first payment with its fee, and the summary says so', () => {
    fc.assert(
      fc.property(
        order,
        fc.constantFrom(demoRules, acmeRules),
        fc.constantFrom('amex' as const, 'visa' as const, null),
        (o, rules, scheme) => {
          const paid = paymentsWithFee(o, rules, scheme);
          const total = minimumTotalCost(o, rules, scheme);
          expect(total).toBe(roundCents(activationTotal(o, rules) + paid.firstPaymentFee));
          expect(orderSummary({ ...o, cardScheme: scheme }, rules).minimumTotalCost).toBe(total);
        },
      ),
    );
  });

  it('totals are never negative and a discount never raises the activation total', () => {
    fc.assert(
      fc.property(order, (o) => {
        const activation = activationTotal(o, demoRules);
        expect(monthlyCharge(o, demoRules)).toBeGreaterThanOrEqual(0);
        expect(activation).toBeGreaterThanOrEqual(0);
        expect(activation).toBeLessThanOrEqual(
          activationTotal({ ...o, discount: null }, demoRules),
        );
      }),
    );
  });

  it('adding an add-on twice prices the same as adding it once', () => {
    fc.assert(
      fc.property(order, fc.constantFrom<AddOn>('static-ip', 'new-development-fee'), (o, addOn) => {
        const once = { ...o, addOns: addAddOn(o.addOns, addOn) };
        const twice = { ...o, addOns: addAddOn(once.addOns, addOn) };
        expect(orderSummary(twice, demoRules)).toEqual(orderSummary(once, demoRules));
      }),
    );
  });
});

describe('amounts compare as amounts', () => {
  it.each([
    ['79', '79.00', true],
    ['79.0', 79, true],
    ['79.00', '79', true],
    [' 89.5 ', '89.50', true],
    ['79', '79.01', false],
    ['$79', '79', true],
    ['$89.50', 89.5, true],
    ['$ 79', '79', false],
    ['79 AUD', '79', false],
    ['-79', '79', false],
    ['', '0', false],
    ['79', Number.NaN, false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameAmount(a, b)).toBe(same);
  });
});

describe('a charge of nothing is one amount (docs/decisions/009-install-facts.md)', () => {
  it.each([
    ['', '', true],
    ['0', '', true],
    ['0.00', '', true],
    ['$0', '', true],
    [' $0.0 ', 0, true],
    ['300', '300', true],
    ['300.00', '300', true],
    ['$300', '300', true],
    ['', '300', false],
    ['0', '300', false],
    ['300', '', false],
    ['$', '', false],
    ['none', '', false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameCharge(a, b)).toBe(same);
  });
});

describe('add-on names', () => {
  it('names each add-on as the summary does, and leaves an unknown id as it is', () => {
    expect(addOnLabel('static-ip')).toBe('Static IP');
    expect(addOnLabel('new-development-fee')).toBe('New Development Charge');
    expect(addOnLabel('mesh-node')).toBe('mesh-node');
  });
});
