import { planFromSpec, routerFromSpec } from '@fibre/domain/catalogue';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';
import { planFromRow, planRow, routerFromRow, routerRow } from './rows.ts';

// A stored plan or router is sold as the served one is: the one row mapping goes through the
// file's own spec mapping (docs/rules/plans-and-pricing.md: costs as strings of dollars).
describe('the row mapping', () => {
  const catalogue = demoCatalogue();
  const rsp = catalogue.provider.code;

  it('gives back from each plan row the Plan its spec is served as', () => {
    for (const spec of catalogue.plans) {
      expect(planFromRow(planRow(spec, rsp))).toStrictEqual(planFromSpec(spec, rsp));
    }
  });

  it('gives back from each router row the Router its spec is served as, free ones as 0', () => {
    for (const spec of catalogue.routers) {
      expect(routerFromRow(routerRow(spec, rsp))).toStrictEqual(routerFromSpec(spec, rsp));
    }
    expect(catalogue.routers.some((r) => r.monthly === 0)).toBe(true);
  });

  it('writes a stored cost in dollars with cents', () => {
    const [spec] = catalogue.plans;
    expect(planFromRow({ ...planRow(spec!, rsp), cost_cents: 7900 }).cost).toBe('79.00');
  });
});
