import { sql, type Kysely, type Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { ORDER_SOLD_COLUMNS, orderBuildingAddress } from '../../db/order-reads.ts';

/*
 * The SQL of a person's data on request (docs/rules/personal-data-requests.md): what is held
 * about an email or a mobile, found (for the answer, the export and before a correction or an
 * erasure). The email is matched ignoring case, the mobile in its stored form (+61412345678).
 * Correcting is correction.ts, erasing erasure.ts.
 */

type Db = Kysely<Schema> | Transaction<Schema>;

/** Whom a request is about: exactly one of them, the mobile already normalised. */
export interface Person {
  email?: string | undefined;
  mobile?: string | undefined;
}

/** The person's orders, oldest first, with their window, address and when they were cancelled. */
export async function personOrders(db: Db, person: Person) {
  let query = db
    .selectFrom('orders')
    .leftJoin('reservations', 'reservations.reservation_id', 'orders.reservation_id')
    .leftJoin('slot_windows', 'slot_windows.id', 'reservations.window_id')
    .select((eb) => [
      'orders.id',
      'orders.reference',
      'orders.created_at',
      'orders.status',
      'orders.email',
      'orders.contact',
      'orders.reservation_id',
      'orders.plan_id',
      'orders.router_id',
      'orders.add_ons',
      ...ORDER_SOLD_COLUMNS,
      'orders.monthly_cents',
      'orders.activation_cents',
      'orders.card_fee_cents',
      'orders.acceptance',
      'orders.client_address',
      'orders.install_facts',
      'orders.billing_customer_ref',
      'orders.billing_subscription_ref',
      'orders.task_ref',
      'slot_windows.starts_at',
      'slot_windows.ends_at',
      orderBuildingAddress(eb),
      // When it was cancelled (by an operator or on the order page): the order's own record of it
      // (migration 022), else, for an order cancelled before that, the audit's.
      eb.fn
        .coalesce(
          'orders.cancelled_at',
          eb
            .selectFrom('operator_audit')
            .select((a) => a.fn.max('operator_audit.at').as('at'))
            .where('operator_audit.subject_type', '=', 'order')
            .whereRef('operator_audit.subject_id', '=', 'orders.id')
            .where('operator_audit.action', '=', 'order_cancelled'),
        )
        .as('cancelled_at'),
      // What it was when cancelled: a pending or needs_attention order was never confirmed.
      eb
        .selectFrom('operator_audit')
        .select(sql<string>`operator_audit.before->>'status'`.as('status'))
        .where('operator_audit.subject_type', '=', 'order')
        .whereRef('operator_audit.subject_id', '=', 'orders.id')
        .where('operator_audit.action', '=', 'order_cancelled')
        .orderBy('operator_audit.id', 'desc')
        .limit(1)
        .as('cancelled_from'),
    ]);
  if (person.email !== undefined) {
    query = query.where(sql<string>`lower(orders.email)`, '=', person.email.toLowerCase());
  } else {
    query = query.where(sql<string>`orders.contact->>'phone'`, '=', person.mobile ?? '');
  }
  return query.orderBy('orders.created_at').orderBy('orders.id').execute();
}
export type PersonOrderRow = Awaited<ReturnType<typeof personOrders>>[number];

/** The person's leads, oldest first. */
export async function personLeads(db: Db, person: Person) {
  let query = db.selectFrom('leads').selectAll();
  if (person.email !== undefined) {
    query = query.where(sql<string>`lower(email)`, '=', person.email.toLowerCase());
  } else {
    query = query.where('phone', '=', person.mobile ?? '');
  }
  return query.orderBy('created_at').orderBy('id').execute();
}

/**
 * The sign-ups saved for the email (docs/rules/mail.md#finish-later), matched as leads are (case
 * aside), with whether their reminder was queued; oldest first. Never their links.
 */
export async function personSavedSignups(db: Db, email: string | undefined) {
  if (email === undefined) return [];
  return db
    .selectFrom('saved_signups as s')
    .leftJoin('signup_reminders as r', 'r.signup_id', 's.id')
    .select([
      's.id',
      's.email',
      's.first_name',
      's.snapshot',
      's.consent',
      's.created_at',
      's.expires_at',
      's.unsubscribed_at',
      'r.signup_id as reminded',
    ])
    .where(sql<string>`lower(s.email)`, '=', email.toLowerCase())
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
}

/** Mail about the person's orders, and any addressed to their email, oldest first. */
export async function personMail(db: Db, orderIds: string[], email: string | undefined) {
  if (orderIds.length === 0 && email === undefined) return [];
  return db
    .selectFrom('mail_outbox')
    .select([
      'id',
      'kind',
      'order_id',
      'recipient',
      'subject',
      'text_body',
      'created_at',
      'delivered_at',
    ])
    .where((eb) =>
      eb.or([
        ...(orderIds.length > 0 ? [eb('order_id', 'in', orderIds)] : []),
        ...(email !== undefined
          ? [eb(sql<string>`lower(recipient)`, '=', email.toLowerCase())]
          : []),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The holds (reservations) the person's orders were placed with. */
export async function personHolds(db: Db, reservationIds: string[]) {
  if (reservationIds.length === 0) return [];
  return db
    .selectFrom('reservations')
    .leftJoin('slot_windows', 'slot_windows.id', 'reservations.window_id')
    .leftJoin('orders', 'orders.reservation_id', 'reservations.reservation_id')
    .select([
      'reservations.reservation_id',
      'orders.id as order_id',
      'reservations.status',
      'reservations.created_at',
      'reservations.expires_at',
      'reservations.ended_at',
      'reservations.client_address',
      'slot_windows.starts_at',
      'slot_windows.ends_at',
    ])
    .where('reservations.reservation_id', 'in', reservationIds)
    .orderBy('reservations.created_at')
    .execute();
}

/**
 * The audit of the person's orders, leads and holds, and of earlier requests about them
 * (subject `person`, `personKey`), oldest first.
 */
export async function personAudit(
  db: Db,
  subjects: { orderIds: string[]; leadIds: string[]; reservationIds: string[]; personKey: string },
) {
  const { orderIds, leadIds, reservationIds, personKey } = subjects;
  return db
    .selectFrom('operator_audit')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('subject_type', '=', 'person'), eb('subject_id', '=', personKey)]),
        ...(orderIds.length > 0
          ? [eb.and([eb('subject_type', '=', 'order'), eb('subject_id', 'in', orderIds)])]
          : []),
        ...(leadIds.length > 0
          ? [eb.and([eb('subject_type', '=', 'lead'), eb('subject_id', 'in', leadIds)])]
          : []),
        ...(reservationIds.length > 0
          ? [
              eb.and([
                eb('subject_type', '=', 'reservation'),
                eb('subject_id', 'in', reservationIds),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** The ops notifications that carried the person's details (a new lead, an order kept). */
export async function personNotifications(db: Db, orderIds: string[], leadIds: string[]) {
  if (orderIds.length === 0 && leadIds.length === 0) return [];
  // The events about them (docs/rules/webhooks.md), each with when it was last delivered.
  return db
    .selectFrom('webhook_events')
    .select((eb) => [
      'webhook_events.id',
      'webhook_events.type as kind',
      'webhook_events.data as payload',
      'webhook_events.created_at',
      eb
        .selectFrom('webhook_deliveries')
        .select((d) => d.fn.max('webhook_deliveries.delivered_at').as('at'))
        .whereRef('webhook_deliveries.event_id', '=', 'webhook_events.id')
        .as('delivered_at'),
    ])
    .where((eb) =>
      eb.or([
        ...(orderIds.length > 0 ? [eb('order_id', 'in', orderIds)] : []),
        ...(leadIds.length > 0 ? [eb('lead_id', 'in', leadIds)] : []),
      ]),
    )
    .orderBy('created_at')
    .execute();
}

/** The embedded ledger's customers and the built-in calendar's bookings of the orders. */
export async function orderRecords(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return { customers: [], bookings: [] };
  const [customers, bookings] = await Promise.all([
    db
      .selectFrom('billing_customers')
      .select(['id', 'order_id', 'first_name', 'last_name', 'email', 'created_at'])
      .where('order_id', 'in', orderIds)
      .execute(),
    db
      .selectFrom('bookings')
      .select(['id', 'order_id', 'state', 'starts_at', 'ends_at', 'task', 'cancelled_at'])
      .where('order_id', 'in', orderIds)
      .execute(),
  ]);
  return { customers, bookings };
}
