import { sql, type Kysely, type Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/**
 * The SQL of an operator's actions on an order (docs/rules/operators.md#acting-on-orders): the
 * order's lease for the action, resolving, cancelling, and giving its window back.
 */

/** Puts back the lease the order had before an action that changed nothing (a failed cancel). */
export async function restoreLease(
  db: Kysely<Schema> | Transaction<Schema>,
  orderId: string,
  leaseUntil: Date | null,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ lease_until: leaseUntil })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Marks a needs_attention order confirmed, its reason cleared, unless another request holds a
 * live lease on it: false then, or when it no longer needs attention.
 */
export async function resolveOrder(
  trx: Transaction<Schema>,
  orderId: string,
  now: Date,
): Promise<boolean> {
  const done = await trx
    .updateTable('orders')
    .set({ status: 'confirmed', attention_reason: null, lease_until: null })
    .where('id', '=', orderId)
    .where('status', '=', 'needs_attention')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .returning('id')
    .executeTakeFirst();
  return done !== undefined;
}

/**
 * The order is cancelled at `now`: its lease and attention reason cleared. The time is what the
 * retention sweep counts from (docs/rules/retention.md).
 */
export async function markOrderCancelled(
  trx: Transaction<Schema>,
  orderId: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'cancelled', attention_reason: null, lease_until: null, cancelled_at: now })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Gives a booked window back: the order's consumed reservation becomes released, so the window
 * counts one crew fewer and is offered again. A reservation not consumed is left as it is.
 */
export async function releaseBookedReservation(
  trx: Transaction<Schema>,
  reservationId: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('reservations')
    .set({ status: 'released', ended_at: now })
    .where('reservation_id', '=', reservationId)
    .where('status', '=', 'consumed')
    .execute();
}

/**
 * The order's service status moved from `from` to `to` (docs/rules/orders.md#service-status),
 * only while the order is confirmed and its service still `from`; false otherwise.
 */
export async function changeServiceStatus(
  trx: Transaction<Schema>,
  orderId: string,
  from: 'installed' | 'active' | 'cancelled' | null,
  to: 'installed' | 'active' | 'cancelled',
  note: string | null,
  at: Date,
): Promise<boolean> {
  const changed = await trx
    .updateTable('orders')
    .set({ service_status: to, service_note: note, service_changed_at: at })
    .where('id', '=', orderId)
    .where('status', '=', 'confirmed')
    .where(sql<boolean>`service_status IS NOT DISTINCT FROM ${from}`)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}
