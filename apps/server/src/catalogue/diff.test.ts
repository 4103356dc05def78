import { describe, expect, it } from 'vitest';
import type { ProviderCatalogue } from '@fibre/domain/catalogue';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';
import { catalogueChanges } from './diff.ts';

const demo = demoCatalogue();
const edit = (change: (c: ProviderCatalogue) => void): ProviderCatalogue => {
  const copy = structuredClone(demo);
  change(copy);
  return copy;
};

describe('catalogueChanges', () => {
  it('says nothing for the same catalogue, whatever order its keys come back in', () => {
    // jsonb returns an object's keys in its own order.
    const reordered = JSON.parse(
      JSON.stringify(demo, (_k, v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v).reverse())
          : v,
      ),
    ) as ProviderCatalogue;
    expect(catalogueChanges(demo, reordered)).toEqual([]);
  });

  it.each<[string, (c: ProviderCatalogue) => void, string[]]>([
    [
      'a price',
      (c) => (c.plans.find((p) => p.id === 'boost-100')!.monthly = 84),
      ['plan boost-100: monthly 79.00 -> 84.00'],
    ],
    [
      'two fields of a plan',
      (c) => Object.assign(c.plans[0]!, { busy_hour_speed: 20, name: 'Starter' }),
      ['plan starter-25: name Starter 25 -> Starter, busy_hour_speed 25 -> 20'],
    ],
    [
      'a dropped coupon and a new one',
      (c) => {
        c.coupons = c.coupons.filter((x) => x.code !== 'PNBF24');
        c.coupons.push({ code: 'NEW10', type: 'coupon', months: 1, percent: 10 });
      },
      ['coupon NEW10: added', 'coupon PNBF24: retired'],
    ],
    [
      'a router retired',
      (c) => (c.routers = c.routers.filter((r) => r.id !== 'mesh-pro')),
      ['router mesh-pro: retired'],
    ],
    [
      'a building moved',
      (c) => (c.buildings[0]!.address.street_number = '102'),
      ['building G1A2B3: address.street_number 100 -> 102'],
    ],
    [
      'fees and rules',
      (c) => {
        c.fees.new_development = 350;
        c.popular_plans = ['boost-100'];
      },
      [
        'rules: popular_plans [boost-100, streamer-250] -> [boost-100]',
        'rules: fees.new_development 300.00 -> 350.00',
      ],
    ],
    [
      'the brand',
      (c) => (c.provider.name = 'Acme Fibre'),
      ['provider: name Demo Fibre -> Acme Fibre'],
    ],
    [
      'crews',
      (c) => {
        c.crews.NSW!.capacity = 3;
        delete c.crews.ACT;
      },
      ['crews NSW: capacity 2 -> 3', 'crews ACT: removed'],
    ],
    [
      'closures',
      (c) => {
        c.closures.holidays = c.closures.holidays.filter((h) => h.date !== '2026-12-25');
        c.closures.holidays.push({ date: '2026-10-09', name: 'Show Day', states: ['NSW'] });
        c.closures.crew_days_off = [{ state: 'VIC', date: '2026-10-08', crews: 1 }];
      },
      [
        'holiday 2026-10-09 Show Day: added',
        'holiday 2026-12-25 Christmas Day: removed',
        'crew day off VIC 2026-10-08: added',
      ],
    ],
  ])('words %s', (_what, change, lines) => {
    expect(catalogueChanges(demo, edit(change))).toEqual(lines);
  });

  it('lists everything as added for the first catalogue', () => {
    const lines = catalogueChanges(undefined, demo);
    expect(lines[0]).toBe('provider demo: first catalogue');
    expect(lines).toContain('plan boost-100: added');
    expect(lines).toContain('crews NSW: added');
  });
});
