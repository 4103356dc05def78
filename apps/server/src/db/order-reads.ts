import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Schema } from './schema.ts';

/*
 * A read over the orders, reservations and buildings tables that several features share (orders,
 * the order page, mail, notifications): here, beside the schema, so none of them imports another
 * for it (README, Layout).
 */

/**
 * Orders with their booked window and their building's address: what mail and notifications
 * about an order tell (docs/rules/mail.md, docs/rules/webhooks.md). Callers add columns.
 */
export function ordersWithWindow(db: Kysely<Schema>) {
  return db
    .selectFrom('orders')
    .innerJoin('reservations', 'reservations.reservation_id', 'orders.reservation_id')
    .innerJoin('slot_windows', 'slot_windows.id', 'reservations.window_id')
    .select((eb) => [
      'orders.id',
      'orders.reference',
      'orders.contact',
      'orders.email',
      'orders.building_code',
      'slot_windows.state',
      'slot_windows.starts_at',
      'slot_windows.ends_at',
      orderBuildingAddress(eb),
      ORDER_UNIT,
    ]);
}

/** The order's building's address, as a column of a read over orders (one row per order). */
export const orderBuildingAddress = (eb: ExpressionBuilder<Schema, 'orders'>) =>
  eb
    .selectFrom('buildings')
    .select('buildings.formatted_address')
    .whereRef('buildings.code', '=', 'orders.building_code')
    .orderBy('buildings.formatted_address')
    .limit(1)
    .as('formatted_address');

/**
 * The unit the order was placed for, as billing carries it ('' or '0' is none), from the install
 * body's facts it keeps (null for an order placed without them, or anonymised).
 */
export const ORDER_UNIT = sql<string | null>`orders.install_facts->>'unit'`.as('unit');

/**
 * What the order was sold (docs/rules/orders.md#what-an-order-was-sold), as catalogue/sold.ts's
 * soldOf reads it: the record written at the install, and, for an order placed before it
 * (migration 040), its plan's and router's rows, which the foreign keys keep.
 */
export const ORDER_SOLD_COLUMNS = [
  'orders.sold',
  sql<Record<string, unknown> | null>`case when orders.sold is null then
    (select to_jsonb(plans) from plans where plans.id = orders.plan_id) end`.as('sold_plan_row'),
  sql<Record<string, unknown> | null>`case when orders.sold is null then
    (select to_jsonb(routers) from routers where routers.id = orders.router_id) end`.as(
    'sold_router_row',
  ),
] as const;

/**
 * What an order bought and what it costs (docs/rules/orders.md): the columns the confirmation
 * mail, the order page and the console read beside their own. A new priced field of an order is
 * added here once.
 */
export const ORDER_PURCHASE_COLUMNS = [
  'orders.plan_id',
  'orders.router_id',
  'orders.add_ons',
  'orders.coupon_id',
  'orders.monthly_cents',
  'orders.activation_cents',
  'orders.card_fee_cents',
  'orders.first_payment_fee_cents',
  'orders.card_scheme',
  ...ORDER_SOLD_COLUMNS,
] as const;
