import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { EventType } from '../db/tables/notifications.ts';
import { claimDue, markDeliveredIn, markFailedIn, releaseIn } from '../outbox/repository.ts';
import { ORDER_SOLD_COLUMNS, ordersWithWindow } from '../db/order-reads.ts';

/** The only SQL for events, endpoints and deliveries (docs/rules/webhooks.md). */

type Db = Kysely<Schema>;
type Trx = Transaction<Schema>;

export type EventRow = Selectable<Schema['webhook_events']>;
export type EndpointRow = Selectable<Schema['webhook_endpoints']>;
export type DeliveryRow = Selectable<Schema['webhook_deliveries']>;

/** The order's next event number; its row stays locked until the caller's commit. */
export async function nextOrderSequence(trx: Trx, orderId: string): Promise<number | undefined> {
  const row = await trx
    .updateTable('orders')
    .set({ event_sequence: sql<number>`event_sequence + 1` })
    .where('id', '=', orderId)
    .returning('event_sequence')
    .executeTakeFirst();
  return row?.event_sequence;
}

export async function nextLeadSequence(trx: Trx, leadId: string): Promise<number | undefined> {
  const row = await trx
    .updateTable('leads')
    .set({ event_sequence: sql<number>`event_sequence + 1` })
    .where('id', '=', leadId)
    .returning('event_sequence')
    .executeTakeFirst();
  return row?.event_sequence;
}

/** The order as an event tells it: its own columns, its booked window and its address. */
export function orderForEvent(trx: Trx, orderId: string) {
  return ordersWithWindow(trx)
    .select([
      'orders.status',
      'orders.attention_reason',
      'orders.service_status',
      'orders.created_at',
      'orders.plan_id',
      'orders.router_id',
      'orders.add_ons',
      'orders.monthly_cents',
      'orders.activation_cents',
      'orders.card_fee_cents',
      'orders.first_payment_fee_cents',
      'orders.card_scheme',
      ...ORDER_SOLD_COLUMNS,
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

export function leadForEvent(trx: Trx, leadId: string) {
  return trx.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirst();
}

/** The enabled endpoints that take this type (an empty list takes every type). */
export async function subscribedEndpoints(trx: Trx, type: EventType): Promise<string[]> {
  const rows = await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('disabled_at', 'is', null)
    .where(sql<boolean>`(cardinality(event_types) = 0 OR ${type} = ANY(event_types))`)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.id);
}

/** The event and its deliveries, all due at once. */
export async function insertEvent(
  trx: Trx,
  event: Omit<EventRow, 'data'> & { data: string },
  deliveries: Array<{ id: string; endpoint_id: string }>,
): Promise<void> {
  await trx.insertInto('webhook_events').values(event).execute();
  if (deliveries.length === 0) return;
  await trx
    .insertInto('webhook_deliveries')
    .values(
      deliveries.map((d) => ({
        ...d,
        event_id: event.id,
        created_at: event.created_at,
        next_attempt_at: event.created_at,
      })),
    )
    .execute();
}

/** A claimed delivery with what its body is made of. */
export type ClaimedDelivery = DeliveryRow & {
  type: EventType;
  data: Record<string, unknown>;
  event_created_at: Date;
};

/**
 * Claims due deliveries (outbox/repository.ts, claimDue) to endpoints this instance can send to:
 * enabled endpoints not backing off (their retry_at passed), and 'configured' only where
 * OPS_WEBHOOK_URL is set.
 */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  until: Date,
  limit: number,
  withConfigured: boolean,
): Promise<ClaimedDelivery[]> {
  const scope = sql<boolean>`(endpoint_id IN (SELECT id FROM webhook_endpoints WHERE disabled_at IS NULL AND (retry_at IS NULL OR retry_at <= ${now}))${
    withConfigured ? sql` OR endpoint_id = 'configured'` : sql``
  })`;
  const claimed = await claimDue(db, 'webhook_deliveries', now, until, limit, scope);
  if (claimed.length === 0) return [];
  const events = await db
    .selectFrom('webhook_events')
    .select(['id', 'type', 'data', 'created_at'])
    .where(
      'id',
      'in',
      claimed.map((c) => c.event_id),
    )
    .execute();
  const byId = new Map(events.map((e) => [e.id, e]));
  return claimed.flatMap((delivery) => {
    const event = byId.get(delivery.event_id);
    return event
      ? [{ ...delivery, type: event.type, data: event.data, event_created_at: event.created_at }]
      : [];
  });
}

export const markDelivered = (db: Db, id: string, at: Date) =>
  markDeliveredIn(db, 'webhook_deliveries', id, at);

/** A failed attempt: due again at `next`, or (null) given up on, keeping its last error. */
export const markFailed = (db: Db, id: string, next: Date | null, error: string) =>
  markFailedIn(db, 'webhook_deliveries', id, next, error);

/** Claimed deliveries handed back unsent (their endpoint just failed): due at `at`. */
export const releaseDeliveries = (db: Db, ids: string[], at: Date) =>
  releaseIn(db, 'webhook_deliveries', ids, at);

/** An attempt to the endpoint succeeded: it is not failing any more. */
export async function endpointSucceeded(db: Db, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failures: 0, failing_since: null, retry_at: null })
    .where('id', '=', id)
    .where('failures', '>', 0)
    .execute();
}

/**
 * An attempt to the endpoint failed: one more in a row, failing since the first, not tried again
 * before `retryAt`. Answers the endpoint as it is now (undefined: not a row, or disabled).
 */
export async function endpointFailed(
  trx: Trx,
  id: string,
  now: Date,
  retryAt: (failures: number) => Date,
): Promise<EndpointRow | undefined> {
  const row = await trx
    .updateTable('webhook_endpoints')
    .set({
      failures: sql<number>`failures + 1`,
      failing_since: sql<Date>`coalesce(failing_since, ${now})`,
    })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  return trx
    .updateTable('webhook_endpoints')
    .set({ retry_at: retryAt(row.failures) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Enables a disabled endpoint, its failures forgotten; false when it was not disabled. Enabled by
 * an API key (`byKey`), it is that key's from then on, so revoking the key disables it again
 * (docs/rules/webhooks.md#endpoints).
 */
export async function enableEndpoint(trx: Trx, id: string, byKey?: string): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_endpoints')
    .set({
      disabled_at: null,
      disabled_by: null,
      failures: 0,
      failing_since: null,
      retry_at: null,
      ...(byKey ? { created_by_key: byKey } : {}),
    })
    .where('id', '=', id)
    .where('disabled_at', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The receiver's status code of the last attempt (null: no answer). */
export async function recordStatus(db: Db, id: string, status: number | null): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ last_status: status })
    .where('id', '=', id)
    .execute();
}

export async function findEndpoint(db: Db, id: string): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The endpoints whose secret is not sealed (does not start with `sealed`): secret-box.ts. */
export async function clearSecrets(db: Db, sealed: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'secret'])
    .where('secret', 'not like', `${sealed}%`)
    .execute();
}

/** Replaces an endpoint's stored secret if it is still `was`; 1 when it did, else 0. */
export async function replaceSecret(db: Db, id: string, was: string, next: string) {
  const done = await db
    .updateTable('webhook_endpoints')
    .set({ secret: next })
    .where('id', '=', id)
    .where('secret', '=', was)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

export async function listEndpoints(db: Db): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertEndpoint(
  trx: Trx,
  endpoint: Omit<
    EndpointRow,
    'disabled_at' | 'disabled_by' | 'failures' | 'failing_since' | 'retry_at'
  >,
) {
  await trx.insertInto('webhook_endpoints').values(endpoint).execute();
}

/** Disables an enabled endpoint; false when it was not (unknown or disabled already). */
export async function disableEndpoint(
  trx: Trx,
  id: string,
  at: Date,
  by: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_endpoints')
    .set({ disabled_at: at, disabled_by: by })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deliveries, newest first, with their event's type and order or lead. */
export function deliveriesWithEvents(db: Db) {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
    .select([
      'webhook_deliveries.id',
      'webhook_deliveries.event_id',
      'webhook_deliveries.endpoint_id',
      'webhook_deliveries.created_at',
      'webhook_deliveries.attempts',
      'webhook_deliveries.next_attempt_at',
      'webhook_deliveries.delivered_at',
      'webhook_deliveries.last_error',
      'webhook_deliveries.last_status',
      'webhook_events.type',
      'webhook_events.order_id',
      'webhook_events.lead_id',
      'webhook_events.sequence',
      sql<string | null>`webhook_events.data->>'reference'`.as('reference'),
    ]);
}

export type DeliveryListRow = Awaited<
  ReturnType<ReturnType<typeof deliveriesWithEvents>['executeTakeFirstOrThrow']>
>;

/** Sends a delivery again now, counting afresh: delivered or given up, or still retrying. */
export async function resendDelivery(
  trx: Trx,
  id: string,
  now: Date,
): Promise<DeliveryRow | undefined> {
  return trx
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: now, delivered_at: null, attempts: 0 })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Rows an older instance wrote to the old outbox, taken (deleted) for carrying over. */
export async function takeOldNotifications(trx: Trx, limit: number) {
  const rows = await trx
    .selectFrom('ops_notifications')
    .selectAll()
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  if (rows.length === 0) return [];
  await trx
    .deleteFrom('ops_notifications')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows;
}

/** Events as stored (tests, and a person's data: personal-data/). */
export async function findEvents(db: Db, type?: EventType): Promise<EventRow[]> {
  let query = db.selectFrom('webhook_events').selectAll().orderBy('created_at').orderBy('id');
  if (type) query = query.where('type', '=', type);
  return query.execute();
}
