import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canAddToCart,
  defaultPlan,
  filterPlans,
  forProvider,
  isBringYourOwn,
  isMostPopular,
  isSelected,
  parseCost,
  parseCostOrNull,
  selectCard,
  visiblePlans,
} from './plans.ts';
import { acmeRules, demoRules } from '../test-support/rules.ts';
import { plan, router } from '../test-support/plans.ts';

// Deliberately not in speed order.
const plans = [
  plan({
    id: 'streamer-1000',
    name: 'Streamer 1000',
    speed: 1000,
    addressLIT: true,
    addressNonLIT: false,
  }),
  plan({ id: 'boost-100', name: 'Boost 100', speed: 100, addressLIT: true, addressNonLIT: true }),
  plan({ id: 'fast-350', name: 'Fast 350', speed: 350, addressLIT: true, addressNonLIT: true }),
  plan({ id: 'basic-50', name: 'Basic 50', speed: 50, addressLIT: false, addressNonLIT: true }),
  plan({ id: 'super-500', name: 'Super 500', speed: 500, addressLIT: true, addressNonLIT: false }),
];

describe('cost strings', () => {
  it.each([
    ['79', 79],
    ['79.00', 79],
    [' 79.5 ', 79.5],
    ['0', 0],
    ['12.34', 12.34],
  ])('parseCost(%j) = %s', (cost, dollars) => expect(parseCost(cost)).toBe(dollars));

  it.each(['abc', '', ' ', '-5', '79.999', '1e2', '$79', 'NaN', 'Infinity', '7,900'])(
    'rejects non-numeric %j',
    (cost) => {
      expect(parseCostOrNull(cost)).toBeNull();
      expect(() => parseCost(cost)).toThrow(RangeError);
    },
  );
});

describe('docs/rules/plans-and-pricing.md: which plans show', () => {
  it.each([
    // "the building is LIT or greenfield and the plan has addressLIT"
    ['LIT', { lit: true, greenfield: false }, ['boost-100', 'super-500', 'streamer-1000']],
    [
      'LIT greenfield',
      { lit: true, greenfield: true },
      ['boost-100', 'super-500', 'streamer-1000'],
    ],
    // both branches hold for a greenfield building that is not LIT
    [
      'greenfield, not LIT',
      { lit: false, greenfield: true },
      ['basic-50', 'boost-100', 'super-500', 'streamer-1000'],
    ],
    // "or the building is not LIT and the plan has addressNonLIT"
    ['not LIT', { lit: false, greenfield: false }, ['basic-50', 'boost-100']],
  ])('%s building', (_label, building, ids) => {
    expect(visiblePlans(plans, building, demoRules).map((p) => p.id)).toEqual(ids);
  });

  it("Plans with id containing 350 are excluded (the demo's hidden id part)", () => {
    const only350 = [plan({ id: 'x350y', name: 'Boost 350', speed: 350 })];
    expect(visiblePlans(only350, { lit: true, greenfield: true }, demoRules)).toEqual([]);
  });

  it("another provider's hidden id parts hide its plans, and 350 shows", () => {
    const list = [
      plan({ id: 'legacy-100', name: 'Old 100', speed: 100 }),
      plan({ id: 'fast-350', name: 'Fast 350', speed: 350 }),
      plan({ id: 'trial-50', name: 'Trial 50', speed: 50 }),
    ];
    const shown = visiblePlans(list, { lit: true, greenfield: false }, acmeRules);
    expect(shown.map((p) => p.id)).toEqual(['fast-350']);
  });

  it('Plans are sorted by speed, and the input is not reordered', () => {
    const before = plans.map((p) => p.id);
    const building = { lit: false, greenfield: true };
    const shown = visiblePlans(plans, building, demoRules).map((p) => p.speed);
    expect(shown).toEqual([50, 100, 500, 1000]);
    expect(plans.map((p) => p.id)).toEqual(before);
  });

  it('never shows a 350 plan and keeps speed order, whatever the catalogue', () => {
    const arbitraryPlan = fc
      .record({
        id: fc.constantFrom('a', 'b350', '350', 'c', 'boost'),
        speed: fc.integer({ min: 1, max: 2000 }),
        lit: fc.boolean(),
        nonLit: fc.boolean(),
      })
      .map((p) =>
        plan({ id: p.id, name: p.id, speed: p.speed, addressLIT: p.lit, addressNonLIT: p.nonLit }),
      );
    fc.assert(
      fc.property(fc.array(arbitraryPlan), fc.boolean(), fc.boolean(), (list, lit, greenfield) => {
        const shown = visiblePlans(list, { lit, greenfield }, demoRules);
        expect(shown.some((p) => p.id.includes('350'))).toBe(false);
        shown.slice(1).forEach((p, i) => expect(p.speed).toBeGreaterThanOrEqual(shown[i]!.speed));
      }),
    );
  });
});

describe("Most Popular: the catalogue's popular plan ids", () => {
  const rules = { demo: demoRules, acme: acmeRules };
  it.each([
    ['boost-100', 'demo', true],
    ['streamer-250', 'demo', true],
    // By id, not by name: the demo's other plans are not popular whatever they are called.
    ['streamer-1000', 'demo', false],
    ['basic-50', 'demo', false],
    ['basic-50', 'acme', true],
    ['boost-100', 'acme', false],
  ] as const)('%s under the %s rules -> %s', (id, provider, popular) =>
    expect(isMostPopular(plan({ id, name: 'Boost Streamer', speed: 1 }), rules[provider])).toBe(
      popular,
    ),
  );

  it('All Plans keeps every plan, Most Popular only the popular ones', () => {
    expect(filterPlans(plans, 'all', demoRules)).toEqual(plans);
    expect(filterPlans(plans, 'popular', demoRules).map((p) => p.id)).toEqual(['boost-100']);
    expect(filterPlans(plans, 'popular', acmeRules).map((p) => p.id)).toEqual(['basic-50']);
  });
});

describe('selection', () => {
  it("Default plan is the catalogue's (Boost 100 for the demo)", () => {
    expect(defaultPlan(plans, demoRules)?.id).toBe('boost-100');
    expect(defaultPlan(plans, { defaultPlanId: 'super-500' })?.id).toBe('super-500');
    expect(defaultPlan(plans, acmeRules)).toBeUndefined();
    expect(
      defaultPlan(
        plans.filter((p) => p.id !== 'boost-100'),
        demoRules,
      ),
    ).toBeUndefined();
  });

  it.each([
    [undefined, 'boost-100', 'boost-100'],
    ['boost-100', 'super-500', 'super-500'],
    // Selecting the selected card keeps it selected (no toggling off).
    ['boost-100', 'boost-100', 'boost-100'],
  ])('selecting one deselects the others: %s then %s -> %s', (current, id, selected) => {
    const next = selectCard(current, id);
    expect(next).toBe(selected);
    expect(isSelected(next, id)).toBe(true);
    if (current && current !== id) expect(isSelected(next, current)).toBe(false);
  });

  it.each([
    ['0', true],
    ['0.00', true],
    ['15', false],
    ['abc', false],
  ])("router cost %j: '0' means the customer brings their own -> %s", (cost, byo) => {
    expect(isBringYourOwn(router({ id: 'r', cost }))).toBe(byo);
  });

  it.each([
    [plans[1], router({ id: 'r', cost: '15' }), true],
    [plans[1], undefined, false],
    [undefined, router({ id: 'r', cost: '0' }), false],
    [null, null, false],
  ])('Add to cart is enabled only when both a plan and a router are selected (%#)', (p, r, ok) => {
    expect(canAddToCart(p, r)).toBe(ok);
  });

  it("keeps only the provider's plans and routers (rsp)", () => {
    const other = router({ id: 'x', cost: '5', rsp: 'other' });
    expect(
      forProvider([router({ id: 'r', cost: '5', rsp: 'demo' }), other], 'demo').map((r) => r.id),
    ).toEqual(['r']);
  });
});
