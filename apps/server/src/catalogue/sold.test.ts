import { defaultDomainConfig } from '@fibre/domain/shared';
import { plan, planSpec, router, routerSpec } from '@fibre/domain/test-support/plans';
import { describe, expect, it } from 'vitest';
import { planRow, routerRow } from './rows.ts';
import { soldAtInstall, soldOf } from './sold.ts';

// docs/rules/orders.md#what-an-order-was-sold: the record written at the install, and its one reader.

const rules = { ...defaultDomainConfig, staticIpMonthly: 9, newDevelopmentCharge: 300 };
const columns = {
  plan_id: 'boost-100',
  router_id: 'wifi6',
  sold_plan_row: null,
  sold_router_row: null,
};

describe('what an order was sold', () => {
  it('keeps the plan and router whole, and prices each add-on monthly or once', () => {
    const sold = soldAtInstall(
      7,
      { plan: plan(), router: router() },
      ['static-ip', 'new-development-fee'],
      rules,
    );
    expect(sold).toEqual({
      catalogueVersion: 7,
      plan: plan(),
      router: router(),
      addOns: [
        { id: 'static-ip', label: 'Static IP', cents: 900, per: 'month' },
        { id: 'new-development-fee', label: 'New Development Charge', cents: 30000, per: 'once' },
      ],
    });
  });

  it('reads the record back as written, whatever the rules say now', () => {
    const written = soldAtInstall(7, { plan: plan(), router: router() }, ['static-ip'], rules);
    const stored = JSON.parse(JSON.stringify(written)) as Record<string, unknown>;
    const dearer = { ...rules, staticIpMonthly: 12 };
    expect(soldOf({ ...columns, add_ons: ['static-ip'], sold: stored }, dearer)).toEqual(written);
  });

  it('reads a record written before a field was added to the plans answer', () => {
    const { cisUrl: _absent, ...older } = plan();
    const stored = { catalogueVersion: 3, plan: older, router: router(), addOns: [] };
    expect(soldOf({ ...columns, add_ons: [], sold: stored }, rules).plan).toEqual(older);
  });

  it('reads an order placed before the record from its rows, its add-ons by today’s rules', () => {
    const sold = soldOf(
      {
        ...columns,
        add_ons: ['static-ip'],
        sold: null,
        sold_plan_row: {
          ...planRow(planSpec({ name: 'Boost 100 (2025)' }), 'demo'),
          retired_at: null,
        },
        sold_router_row: { ...routerRow(routerSpec(), 'demo'), retired_at: null },
      },
      rules,
    );
    expect(sold).toEqual({
      catalogueVersion: null,
      plan: plan({ name: 'Boost 100 (2025)' }),
      router: router(),
      addOns: [{ id: 'static-ip', label: 'Static IP', cents: 900, per: 'month' }],
    });
  });

  it('refuses to make up a plan when neither the record nor the rows are there', () => {
    expect(() => soldOf({ ...columns, add_ons: [], sold: null }, rules)).toThrow(/neither/);
  });
});
