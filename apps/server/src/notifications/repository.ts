import { type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { NotificationKind } from '../db/tables/notifications.ts';
import { claimDue, markDeliveredIn, markFailedIn } from '../outbox/repository.ts';
import { ordersWithWindow } from '../db/order-reads.ts';

/** The only SQL for ops notifications (docs/rules/notifications.md). */

export type NotificationRow = Selectable<Schema['ops_notifications']>;

export interface NewNotification {
  id: string;
  kind: NotificationKind;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Writes a notification into the outbox, inside the caller's transaction: it exists exactly when
 * the event it tells of was committed. It is due at once.
 */
export async function enqueueNotification(
  trx: Transaction<Schema>,
  notification: NewNotification,
): Promise<void> {
  await trx
    .insertInto('ops_notifications')
    .values({
      id: notification.id,
      kind: notification.kind,
      payload: JSON.stringify(notification.payload),
      created_at: notification.createdAt,
      next_attempt_at: notification.createdAt,
    })
    .execute();
}

/**
 * What staff need about orders kept as needs_attention (no card data): the contact, the reason,
 * the building's address and the booked window.
 */
export async function attentionDetails(
  trx: Transaction<Schema>,
  orderIds: string[],
): Promise<
  Array<{
    id: string;
    attention_reason: string | null;
    contact: Record<string, unknown>;
    email: string;
    building_code: string;
    formatted_address: string | null;
    state: string;
    starts_at: Date;
    ends_at: Date;
  }>
> {
  if (orderIds.length === 0) return [];
  return ordersWithWindow(trx)
    .select('orders.attention_reason')
    .where('orders.id', 'in', orderIds)
    .orderBy('orders.id')
    .execute();
}

/** Claims due notifications for one sending (outbox/repository.ts, claimDue). */
export async function claimDueNotifications(
  db: Kysely<Schema>,
  now: Date,
  until: Date,
  limit: number,
): Promise<NotificationRow[]> {
  return claimDue(db, 'ops_notifications', now, until, limit);
}

export const markDelivered = (db: Kysely<Schema>, id: string, at: Date) =>
  markDeliveredIn(db, 'ops_notifications', id, at);

/** A failed attempt: due again at `next`, or (null) given up on, keeping its last error. */
export const markFailed = (db: Kysely<Schema>, id: string, next: Date | null, error: string) =>
  markFailedIn(db, 'ops_notifications', id, next, error);

/** One notification as stored (tests and, later, the console). */
export async function findNotifications(
  db: Kysely<Schema>,
  kind?: NotificationKind,
): Promise<NotificationRow[]> {
  let query = db.selectFrom('ops_notifications').selectAll().orderBy('created_at');
  if (kind) query = query.where('kind', '=', kind);
  return query.execute();
}
