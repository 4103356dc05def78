import type { Kysely } from 'kysely';
import type { Schema } from './schema.ts';

/*
 * A read over the orders, reservations and buildings tables that several features share (orders,
 * the order page, mail, notifications): here, beside the schema, so none of them imports another
 * for it (README, Layout).
 */

/**
 * Orders with their booked window and their building's address: what mail and notifications
 * about an order tell (docs/rules/mail.md, docs/rules/notifications.md). Callers add columns.
 */
export function ordersWithWindow(db: Kysely<Schema>) {
  return db
    .selectFrom('orders')
    .innerJoin('reservations', 'reservations.reservation_id', 'orders.reservation_id')
    .innerJoin('slot_windows', 'slot_windows.id', 'reservations.window_id')
    .select((eb) => [
      'orders.id',
      'orders.contact',
      'orders.email',
      'orders.building_code',
      'slot_windows.state',
      'slot_windows.starts_at',
      'slot_windows.ends_at',
      eb
        .selectFrom('buildings')
        .select('buildings.formatted_address')
        .whereRef('buildings.code', '=', 'orders.building_code')
        .orderBy('buildings.formatted_address')
        .limit(1)
        .as('formatted_address'),
    ]);
}
