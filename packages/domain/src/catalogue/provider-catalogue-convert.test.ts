import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultDomainConfig } from '../shared/config.ts';
import {
  domainConfigFromCatalogue,
  parseProviderCatalogue,
  planFromSpec,
  routerFromSpec,
  summariseCatalogue,
  type PlanSpec,
  type ProviderCatalogue,
  type RouterSpec,
} from './provider-catalogue.ts';
import { planSpec } from '../test-support/plans.ts';

const demoText = readFileSync(new URL('../../../../catalogue/demo.yaml', import.meta.url), 'utf8');

function demo(): ProviderCatalogue {
  const result = parseProviderCatalogue(demoText);
  if (!result.ok) throw new Error('demo.yaml is refused');
  return result.catalogue;
}

// Every field written out: the mapping below is held to each of them.
const boost: PlanSpec = {
  id: 'boost-100',
  name: 'Boost 100',
  speed: 100,
  busy_hour_speed: 95,
  monthly: 79,
  description: 'Our most popular plan for busy homes',
  lit: true,
  non_lit: false,
  cis_url: 'https://demofibre.example/cis/boost-100.pdf',
};

describe('domainConfigFromCatalogue', () => {
  it("the demo file's rules are the demo's defaults", () => {
    expect(domainConfigFromCatalogue(demo())).toEqual(defaultDomainConfig);
  });

  it('takes each scheme’s card fee, a scheme not named carrying none, and the file provider code', () => {
    const c = demo();
    const config = domainConfigFromCatalogue({
      ...c,
      provider: { ...c.provider, code: 'acme' },
      fees: {
        new_development: 450.5,
        card: {
          visa: { percent: 0 },
          diners: { percent: 1.2, cap: 3, words: 'Diners Club card surcharge' },
        },
      },
    });
    expect(config).toMatchObject({ provider: 'acme', newDevelopmentCharge: 450.5 });
    expect(config.cardFees.diners).toEqual({
      percent: 1.2,
      cap: 3,
      words: 'Diners Club card surcharge',
    });
    expect(config.cardFees.amex.percent).toBe(0);
    expect(config.cardFees.visa.percent).toBe(0);
  });

  it('a document stored before fees.card (card_surcharge_percent) is served with no card fee', () => {
    const c = demo();
    const stored = { ...c, fees: { new_development: 300, card_surcharge_percent: 1.5 } };
    const config = domainConfigFromCatalogue(stored as unknown as typeof c);
    expect(Object.values(config.cardFees).map((fee) => fee.percent)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('plans and routers as the server sends them', () => {
  it.each([
    [79, '79.00'],
    [9.5, '9.50'],
    [0, '0.00'],
    [119.99, '119.99'],
  ])('a plan at %d a month costs %j', (monthly, cost) => {
    expect(planFromSpec(planSpec({ monthly }), 'demo').cost).toBe(cost);
  });

  it('maps every field of a plan', () => {
    expect(planFromSpec(boost, 'acme')).toEqual({
      id: 'boost-100',
      name: 'Boost 100',
      speed: 100,
      cost: '79.00',
      description1: 'Our most popular plan for busy homes',
      rsp: 'acme',
      addressLIT: true,
      addressNonLIT: false,
      busyHourSpeed: 95,
      cisUrl: 'https://demofibre.example/cis/boost-100.pdf',
    });
  });

  it.each([
    [0, '', '0'],
    [10, 'per month', '10.00'],
    [12.5, 'per month', '12.50'],
  ])('a router at %d a month (%j) costs %j', (monthly, period, cost) => {
    const spec: RouterSpec = { id: 'r', name: 'R', monthly, description: 'D', period };
    expect(routerFromSpec(spec, 'demo')).toEqual({
      id: 'r',
      name: 'R',
      cost,
      description1: 'D',
      description2: period,
      rsp: 'demo',
    });
  });
});

describe('summariseCatalogue', () => {
  it('counts in the singular and says when there is nothing', () => {
    const c = demo();
    const lines = summariseCatalogue({
      ...c,
      // A plan without a CIS version.
      plans: [planSpec()],
      routers: c.routers.slice(0, 1),
      buildings: c.buildings.slice(0, 1),
      coupons: c.coupons.slice(0, 1),
      crews: {},
      closures: { holidays: [], crew_days_off: [{ state: 'NSW', date: '2026-03-02' }] },
    });
    expect(lines.slice(1)).toEqual([
      '1 plan (default boost-100), 1 router',
      '1 building, 1 coupon, 1 campaign',
      'card fees: American Express 1.5%; none on Visa, Mastercard, eftpos, Diners Club, Other cards',
      'crews in no state',
      'no public holidays',
      '1 crew day off',
      'documents: terms 2026-07, privacy 2026-03; CIS versions for 0 of 1 plans',
    ]);
  });
});
