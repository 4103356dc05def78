import { sql, type Kysely, type Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { orderBuildingAddress } from '../db/order-reads.ts';

/*
 * The only SQL of a person's data on request (docs/rules/personal-data-requests.md): what is held
 * about an email or a mobile, found; contact details corrected; what may be erased, erased.
 * The email is matched ignoring case, the mobile in its stored form (+61412345678).
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

// ---- Correcting (APP 13) ----

/** The order's contact, its email column, and the install's kept copies of the contact. */
export async function setOrderContact(
  trx: Transaction<Schema>,
  orderId: string,
  values: {
    email: string;
    contact: Record<string, unknown>;
    installFacts: Record<string, unknown> | null;
  },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      email: values.email,
      contact: JSON.stringify(values.contact),
      install_facts: values.installFacts === null ? null : JSON.stringify(values.installFacts),
    })
    .where('id', '=', orderId)
    .execute();
}

export async function setLeadContact(
  trx: Transaction<Schema>,
  leadId: string,
  values: { first_name: string; last_name: string; email: string; phone: string | null },
): Promise<void> {
  await trx.updateTable('leads').set(values).where('id', '=', leadId).execute();
}

/** A saved sign-up's corrected email, first name and saved contact (docs/rules/mail.md#finish-later). */
export async function setSavedSignupContact(
  trx: Transaction<Schema>,
  signupId: string,
  values: { email: string; first_name: string; snapshot: Record<string, unknown> },
): Promise<void> {
  await trx
    .updateTable('saved_signups')
    .set({ ...values, snapshot: JSON.stringify(values.snapshot) })
    .where('id', '=', signupId)
    .execute();
}

/** Mail of the orders not sent yet, addressed to the corrected email; how many. */
export async function readdressUnsentMail(
  trx: Transaction<Schema>,
  orderIds: string[],
  email: string,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const result = await trx
    .updateTable('mail_outbox')
    .set({ recipient: email })
    .where('order_id', 'in', orderIds)
    .where('delivered_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---- Erasing ----

/** The installer task's customer fields an erasure blanks (the window and the address stay). */
const TASK_PERSONAL = [
  'customer_first_name',
  'customer_last_name',
  'customer_email',
  'customer_mobile_number',
] as const;

/**
 * Anonymises orders that never went ahead: contact, email, the install's kept body (which holds
 * the contact and the card token) and the client address cleared; the amounts, dates, plan,
 * status and acceptance record kept. Their ledger customer's name and email blanked, their
 * booking's customer fields blanked, their mail and order-page links deleted, their holds' client
 * address and session cleared. Counts what it touched.
 */
export async function anonymiseOrders(
  trx: Transaction<Schema>,
  orderIds: string[],
  at: Date,
): Promise<{ mail: number; holds: number }> {
  if (orderIds.length === 0) return { mail: 0, holds: 0 };
  await trx
    .updateTable('orders')
    .set({
      email: '',
      contact: JSON.stringify({ erasedAt: at.toISOString() }),
      install_facts: null,
      // The unit's key goes with the unit (docs/rules/contact-and-connection.md#the-buildings-units).
      unit_key: null,
      client_address: null,
    })
    .where('id', 'in', orderIds)
    // Only ever a cancelled order, whatever the caller decided (cancelled is for good).
    .where('status', '=', 'cancelled')
    .execute();
  await trx
    .updateTable('billing_customers')
    .set({ first_name: '', last_name: '', email: '' })
    .where('order_id', 'in', orderIds)
    .execute();
  const bookings = await trx
    .selectFrom('bookings')
    .select(['id', 'task'])
    .where('order_id', 'in', orderIds)
    .execute();
  for (const booking of bookings) {
    const task: Record<string, unknown> = { ...(booking.task as Record<string, unknown>) };
    for (const key of TASK_PERSONAL) task[key] = '';
    task.title = 'Installation (details erased)';
    await trx
      .updateTable('bookings')
      .set({ task: JSON.stringify(task) })
      .where('id', '=', booking.id)
      .execute();
  }
  const mail = await trx
    .deleteFrom('mail_outbox')
    .where('order_id', 'in', orderIds)
    .executeTakeFirst();
  await trx.deleteFrom('order_links').where('order_id', 'in', orderIds).execute();
  const holds = await trx
    .updateTable('reservations')
    .set({ client_address: null, hold_session: null })
    .where('reservation_id', 'in', (eb) =>
      eb.selectFrom('orders').select('orders.reservation_id').where('orders.id', 'in', orderIds),
    )
    .executeTakeFirst();
  return { mail: Number(mail.numDeletedRows), holds: Number(holds.numUpdatedRows) };
}

/**
 * Deletes leads, their duplicate check's fingerprints; how many leads. Each leaves its id and dates
 * in erased_leads (migration 039), so the change list lists it as erased.
 */
export async function deleteLeads(
  trx: Transaction<Schema>,
  leadIds: string[],
  at: Date,
): Promise<number> {
  if (leadIds.length === 0) return 0;
  await trx.deleteFrom('lead_fingerprints').where('lead_id', 'in', leadIds).execute();
  await trx
    .insertInto('erased_leads')
    .columns(['id', 'created_at', 'erased_at'])
    .expression((eb) =>
      eb
        .selectFrom('leads')
        .select(['leads.id', 'leads.created_at', eb.val(at).as('erased_at')])
        .where('leads.id', 'in', leadIds),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const result = await trx.deleteFrom('leads').where('id', 'in', leadIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes mail addressed to the email that belongs to no order; how many. */
export async function deleteLooseMail(trx: Transaction<Schema>, email: string): Promise<number> {
  const result = await trx
    .deleteFrom('mail_outbox')
    .where('order_id', 'is', null)
    .where(sql<string>`lower(recipient)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the sign-ups saved to finish later for the email (docs/rules/mail.md#finish-later), their
 * links and reminder mark with them; how many.
 */
export async function deleteSavedSignups(trx: Transaction<Schema>, email: string): Promise<number> {
  const result = await trx
    .deleteFrom('saved_signups')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the events (and their deliveries) about the erased orders and leads; how many. */
export async function deleteNotifications(
  trx: Transaction<Schema>,
  orderIds: string[],
  leadIds: string[],
): Promise<number> {
  if (orderIds.length === 0 && leadIds.length === 0) return 0;
  const result = await trx
    .deleteFrom('webhook_events')
    .where((eb) =>
      eb.or([
        ...(orderIds.length > 0 ? [eb('order_id', 'in', orderIds)] : []),
        ...(leadIds.length > 0 ? [eb('lead_id', 'in', leadIds)] : []),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
