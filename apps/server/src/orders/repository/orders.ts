import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { Building } from '../../catalogue/index.ts';
import { ORDER_SOLD_COLUMNS } from '../../db/order-reads.ts';

/**
 * Writes the order unless its reference is taken: INSERT … ON CONFLICT (reference) DO NOTHING on
 * the unique index of migration 024, so a collision leaves the transaction usable and the caller
 * draws another reference (docs/decisions/025-order-reference.md). False when it was taken.
 */
export async function insertOrder(
  trx: Transaction<Schema>,
  order: Insertable<Schema['orders']>,
): Promise<boolean> {
  const written = await trx
    .insertInto('orders')
    .values(order)
    .onConflict((c) => c.column('reference').doNothing())
    .returning('id')
    .executeTakeFirst();
  return written !== undefined;
}

/**
 * What the install's answer says of a placed order (docs/rules/orders.md#the-answer-and-the-finale),
 * read back: for an answer stored before it said so much, or an order another request finished.
 */
export async function placedOrderFacts(db: Kysely<Schema>, orderId: string) {
  return db
    .selectFrom('orders')
    .innerJoin('reservations', 'reservations.reservation_id', 'orders.reservation_id')
    .innerJoin('slot_windows', 'slot_windows.id', 'reservations.window_id')
    .select([
      'orders.id',
      'orders.reference',
      'orders.email',
      'orders.monthly_cents',
      'orders.activation_cents',
      'orders.card_fee_cents',
      'orders.first_payment_fee_cents',
      'orders.card_scheme',
      'slot_windows.starts_at',
      'slot_windows.state',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/**
 * The answer stored for an Idempotency-Key, its row locked for the caller's transaction: of two
 * requests finishing one order (a retry that took over a lapsed lease, and the first one), the
 * second waits here and finds the first's answer.
 */
export async function lockIdempotentAnswer(trx: Transaction<Schema>, key: string) {
  return trx
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('key', '=', key)
    .forUpdate()
    .executeTakeFirst();
}

/** The answer stored for an Idempotency-Key (its status 0 while the order is being placed). */
export async function findIdempotentAnswer(db: Kysely<Schema>, key: string) {
  return db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
}

/**
 * Spends a card token on an order inside the order's transaction: false when another order has
 * spent it. On PostgreSQL a concurrent spend of the same token waits here until the first
 * transaction ends, then finds the token spent (or, if the first rolled back, spends it).
 */
export async function spendCardToken(
  trx: Transaction<Schema>,
  token: string,
  orderId: string,
  now: Date,
): Promise<boolean> {
  const spent = await trx
    .insertInto('spent_card_tokens')
    .values({ token, order_id: orderId, spent_at: now })
    .onConflict((c) => c.column('token').doNothing())
    .returning('token')
    .executeTakeFirst();
  return spent !== undefined;
}

/**
 * The building an order is for (by its code) and the buildings served through it (its slaves,
 * docs/rules/address-and-serviceability.md: 82 Elizabeth Street is ordered under its master's
 * code).
 */
export async function findOrderBuilding(
  db: Kysely<Schema>,
  code: string,
  options: { includeRetired?: boolean } = {},
): Promise<{ building: Building; served: Building[] } | undefined> {
  // A new order needs an active building; an order placed before keeps a retired one.
  const buildings = options.includeRetired
    ? db.selectFrom('buildings').selectAll()
    : db.selectFrom('buildings').selectAll().where('retired_at', 'is', null);
  const building = await buildings.where('code', '=', code).executeTakeFirst();
  if (!building) return undefined;
  const slaves = await buildings
    .where('master_building_id', '=', building.id)
    .orderBy('id')
    .execute();
  return { building, served: [building, ...slaves] };
}

/**
 * Claims an Idempotency-Key for this transaction, or returns the answer stored by the request that
 * claimed it first. On PostgreSQL a concurrent claim of the same key waits here until the first
 * transaction ends: then it either sees the stored answer or, if the first rolled back, claims it.
 */
export async function claimIdempotencyKey(
  trx: Transaction<Schema>,
  key: string,
  requestHash: string,
  now: Date,
): Promise<Selectable<Schema['idempotency_keys']> | null> {
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({ key, request_hash: requestHash, status_code: 0, response: '{}', created_at: now })
    .onConflict((c) => c.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (claimed) return null;
  return trx
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
}

export async function saveIdempotentAnswer(
  trx: Transaction<Schema>,
  key: string,
  status: number,
  response: Record<string, unknown>,
): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ status_code: status, response: JSON.stringify(response) })
    .where('key', '=', key)
    .execute();
}

export type OrderRow = Selectable<Schema['orders']>;

export async function findOrder(db: Kysely<Schema>, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What an order was sold, as catalogue's soldOf reads it (db/order-reads.ts). */
export async function findOrderSold(db: Kysely<Schema>, id: string) {
  return db
    .selectFrom('orders')
    .select(['orders.plan_id', 'orders.router_id', 'orders.add_ons', ...ORDER_SOLD_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Takes the order's lease for this request while the order still has `status`: only one request
 * at a time calls the external services for an order (an install resuming a pending order, an
 * operator's or the customer's change). False while another's lease is live, or when the status
 * has changed meanwhile.
 */
export async function takeLease(
  db: Kysely<Schema>,
  orderId: string,
  status: OrderRow['status'],
  now: Date,
  until: Date,
): Promise<boolean> {
  const taken = await db
    .updateTable('orders')
    .set({ lease_until: until })
    .where('id', '=', orderId)
    .where('status', '=', status)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .returning('id')
    .executeTakeFirst();
  return taken !== undefined;
}

export async function finishOrder(
  trx: Transaction<Schema>,
  orderId: string,
  outcome: {
    status: 'confirmed' | 'needs_attention';
    billingCustomerRef?: string | null;
    billingSubscriptionRef?: string | null;
    taskRef?: string | null;
    attentionReason?: string | null;
    /** The card's scheme as billing reported it (Chargebee), when it was not known before. */
    cardScheme?: string | null;
  },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      status: outcome.status,
      lease_until: null,
      ...(outcome.billingCustomerRef !== undefined
        ? { billing_customer_ref: outcome.billingCustomerRef }
        : {}),
      ...(outcome.billingSubscriptionRef !== undefined
        ? { billing_subscription_ref: outcome.billingSubscriptionRef }
        : {}),
      ...(outcome.taskRef !== undefined ? { task_ref: outcome.taskRef } : {}),
      ...(outcome.cardScheme !== undefined ? { card_scheme: outcome.cardScheme } : {}),
      ...(outcome.attentionReason !== undefined
        ? { attention_reason: outcome.attentionReason }
        : {}),
    })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Removes an order that was undone before anything outside was left billed or booked: its local
 * ledger and calendar rows, the order, and the Idempotency-Key it claimed (a failed attempt
 * stores nothing, so a retry runs again). The caller gives the hold back in the same transaction.
 */
export async function deleteOrder(
  trx: Transaction<Schema>,
  orderId: string,
  idempotencyKey: string | undefined,
): Promise<void> {
  await trx.deleteFrom('bookings').where('order_id', '=', orderId).execute();
  await trx.deleteFrom('billing_subscriptions').where('order_id', '=', orderId).execute();
  await trx.deleteFrom('billing_customers').where('order_id', '=', orderId).execute();
  await trx.deleteFrom('spent_card_tokens').where('order_id', '=', orderId).execute();
  await trx.deleteFrom('orders').where('id', '=', orderId).execute();
  if (idempotencyKey !== undefined)
    await trx.deleteFrom('idempotency_keys').where('key', '=', idempotencyKey).execute();
}

/**
 * Pending orders whose lease lapsed long ago: the request working on them died and nobody retried.
 * They are kept, as needing attention, for a person to finish: billing may have gone through.
 */
export async function markStaleOrders(
  db: Kysely<Schema> | Transaction<Schema>,
  lapsedBefore: Date,
): Promise<string[]> {
  const rows = await db
    .updateTable('orders')
    .set({
      status: 'needs_attention',
      lease_until: null,
      attention_reason:
        'interrupted: the order was written but never confirmed; check billing and the installer task',
    })
    .where('status', '=', 'pending')
    .where('lease_until', '<', lapsedBefore)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
