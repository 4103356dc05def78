import { planAnswer, routerAnswer, type Plan, type Router } from '@fibre/domain/api';
import { addOnLabel } from '@fibre/domain/pricing';
import type { DomainConfig } from '@fibre/domain/shared';
import { z } from 'zod/mini';
import { planFromRow, routerFromRow, type PlanRow, type RouterRow } from './rows.ts';

/**
 * What an order was sold (docs/rules/orders.md#what-an-order-was-sold): its plan, router and
 * add-ons as the catalogue described and priced them at the install, and the catalogue's version.
 * Written once with the order (soldAtInstall) and read by everything that shows the order back
 * (soldOf): the mail, the order page, the console, the webhook payload, the export and a retry.
 * An import that renames, reprices or retires a plan changes the next order, never this record.
 */

/**
 * The plan as the plans answer describes it. Every order knows its id, name, speeds and price; a
 * field added to the answer since is kept by each order placed after it and absent from older
 * ones (so its readers say nothing rather than something wrong).
 */
const soldPlan = z.extend(z.partial(planAnswer), {
  id: z.string(),
  name: z.string(),
  speed: z.number(),
  busyHourSpeed: z.number(),
  cost: z.string(),
});
const soldRouter = z.extend(z.partial(routerAnswer), {
  id: z.string(),
  name: z.string(),
  cost: z.string(),
});

export const soldRecord = z.object({
  /** The catalogue version the order was priced from; null for an order placed before 040. */
  catalogueVersion: z.nullable(z.int()),
  plan: soldPlan,
  router: soldRouter,
  /** Each add-on with its label and its price in cents, monthly or once. */
  addOns: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      cents: z.int(),
      per: z.enum(['month', 'once']),
    }),
  ),
});
export type Sold = z.infer<typeof soldRecord>;

const cents = (dollars: number) => Math.round(dollars * 100);

/** Each add-on's price, from the rules the order was priced by (docs/rules/plans-and-pricing.md). */
function soldAddOns(ids: readonly string[], rules: DomainConfig): Sold['addOns'] {
  return ids.map((id) => {
    const label = addOnLabel(id);
    if (id === 'static-ip') return { id, label, cents: cents(rules.staticIpMonthly), per: 'month' };
    if (id === 'new-development-fee')
      return { id, label, cents: cents(rules.newDevelopmentCharge), per: 'once' };
    return { id, label, cents: 0, per: 'once' };
  });
}

/** The record the install writes beside the order, from the catalogue it priced the order by. */
export function soldAtInstall(
  catalogueVersion: number,
  chosen: { plan: Plan; router: Router },
  addOns: readonly string[],
  rules: DomainConfig,
): Sold {
  return {
    catalogueVersion,
    plan: chosen.plan,
    router: chosen.router,
    addOns: soldAddOns(addOns, rules),
  };
}

/**
 * The columns an order's read selects for soldOf (db/order-reads.ts ORDER_SOLD_COLUMNS): the
 * record, and its plan's and router's rows for an order placed before it.
 */
export interface SoldColumns {
  sold: Record<string, unknown> | null;
  sold_plan_row: Record<string, unknown> | null;
  sold_router_row: Record<string, unknown> | null;
  plan_id: string;
  router_id: string;
  add_ons: readonly string[];
}

/**
 * What the order was sold: the record the install wrote, or, for an order placed before it, its
 * plan's and router's rows (kept when retired, named by the order's foreign keys) with the add-ons
 * priced by today's rules, the only ones known for it.
 */
export function soldOf(order: SoldColumns, rules: DomainConfig): Sold {
  const stored = soldRecord.safeParse(order.sold);
  if (stored.success) return stored.data;
  if (!order.sold_plan_row || !order.sold_router_row)
    throw new Error(`Order of plan ${order.plan_id}: neither its sold record nor its rows`);
  return {
    catalogueVersion: null,
    plan: planFromRow(order.sold_plan_row as unknown as PlanRow),
    router: routerFromRow(order.sold_router_row as unknown as RouterRow),
    addOns: soldAddOns(order.add_ons, rules),
  };
}

/** A sold price ('79' or '79.00') in cents. */
export const soldCents = (cost: string) => Math.round(Number(cost) * 100);
