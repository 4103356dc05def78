import type { Kysely, Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { ORDER_PURCHASE_COLUMNS, ordersWithWindow } from '../../db/order-reads.ts';

/** The SQL of the order page (docs/rules/order-page.md): what it shows, and a new window. */

/** The order an order page's token opens (by its SHA-256), with its window and address. */
export async function findOrderPage(db: Kysely<Schema> | Transaction<Schema>, tokenHash: string) {
  return ordersWithWindow(db as Kysely<Schema>)
    .innerJoin('order_links', 'order_links.order_id', 'orders.id')
    .select([
      'orders.status',
      'orders.created_at',
      'orders.service_status',
      'orders.reservation_id',
      ...ORDER_PURCHASE_COLUMNS,
      'reservations.event_id',
    ])
    .where('order_links.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export type OrderPageRow = NonNullable<Awaited<ReturnType<typeof findOrderPage>>>;

/** The order's window, by its id (after a change). */
export async function findOrderWindow(db: Kysely<Schema> | Transaction<Schema>, orderId: string) {
  return ordersWithWindow(db as Kysely<Schema>)
    .select(['orders.reservation_id', 'reservations.event_id'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/**
 * The order now books another reservation (its new window), its action lease cleared: in the
 * reschedule's transaction, after the new hold was consumed and the old booking released.
 */
export async function moveOrderReservation(
  trx: Transaction<Schema>,
  orderId: string,
  reservationId: string,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ reservation_id: reservationId, lease_until: null })
    .where('id', '=', orderId)
    .execute();
}
