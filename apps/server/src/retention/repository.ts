import { sql, type Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { LOCK_KEYS } from '../db/lock-keys.ts';

/*
 * The only SQL of the retention sweep (docs/rules/retention.md, docs/decisions/023-retention.md).
 * Each function deletes or clears the rows of one kind that are past their limit and answers how
 * many it changed. Each is idempotent: a row already cleared is not counted again. None of them
 * touches an order's amounts or dates, nor the operators' audit.
 */

type Trx = Transaction<Schema>;

/** Any fixed number (docs/decisions/002-database-modes.md): one retention sweep at a time. */
export const RETENTION_LOCK = LOCK_KEYS.retention;

/**
 * Takes the sweep's transaction-scoped advisory lock if no other sweep holds it: false when
 * another instance is sweeping (docs/decisions/023-retention.md, "One sweep at a time").
 */
export async function tryRetentionLock(trx: Trx): Promise<boolean> {
  const { rows } = await sql<{
    locked: boolean;
  }>`SELECT pg_try_advisory_xact_lock(${sql.lit(RETENTION_LOCK)}) AS locked`.execute(trx);
  return rows[0]?.locked === true;
}

/**
 * The order page's path (`order_page`, its plaintext token) taken out of the install answers kept
 * under an Idempotency-Key made before `before` (a day: docs/decisions/025-order-reference.md):
 * set to null, so a replay after that answers `order_page: null`, as for an answer kept before
 * the path was. The rest of the answer stays.
 */
export async function clearKeptOrderPages(trx: Trx, before: Date): Promise<number> {
  const done = await trx
    .updateTable('idempotency_keys')
    .set({ response: sql`jsonb_set(response, '{order_page}', 'null'::jsonb)` })
    .where('created_at', '<', before)
    .where(sql<boolean>`jsonb_typeof(response->'order_page') = 'string'`)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** Leads made before `before`, deleted. */
export async function deleteLeads(trx: Trx, before: Date): Promise<number> {
  const done = await trx.deleteFrom('leads').where('created_at', '<', before).executeTakeFirst();
  return Number(done.numDeletedRows);
}

/**
 * The same-lead claims (a hash of a lead's fields) made before `before`, deleted: a claim only
 * matters for a day (leads/same-lead.ts), and one this old names a lead that is gone.
 */
export async function deleteLeadFingerprints(trx: Trx, before: Date): Promise<number> {
  const done = await trx
    .deleteFrom('lead_fingerprints')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}

/**
 * Mail sent before `before`, or given up on (no next attempt) and made before it: its rendered
 * recipient, subject, bodies and attachments cleared. The row stays (kind, order, dates, attempts)
 * and so does the reminder's once-per-window mark (window_start).
 */
export async function clearMail(trx: Trx, before: Date): Promise<number> {
  const done = await trx
    .updateTable('mail_outbox')
    .set({
      recipient: '',
      subject: '',
      text_body: '',
      html_body: '',
      attachments: '[]',
      link_token: null,
    })
    .where((eb) =>
      eb.or([
        eb('delivered_at', '<', before),
        eb.and([
          eb('delivered_at', 'is', null),
          eb('next_attempt_at', 'is', null),
          eb('created_at', '<', before),
        ]),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('recipient', '<>', ''),
        eb('subject', '<>', ''),
        eb('text_body', '<>', ''),
        eb('html_body', '<>', ''),
        eb(sql`jsonb_array_length(attachments)`, '>', 0),
      ]),
    )
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/**
 * Events (docs/rules/webhooks.md) made before `before`, with their deliveries, deleted once no
 * delivery holds them: each was delivered before `before`, given up, or waits for an endpoint a
 * manager disabled. A delivery still being retried keeps its event.
 */
export async function deleteNotifications(trx: Trx, before: Date): Promise<number> {
  const done = await trx
    .deleteFrom('webhook_events')
    .where('webhook_events.created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries')
            .select('webhook_deliveries.id')
            .whereRef('webhook_deliveries.event_id', '=', 'webhook_events.id')
            .where((eb) =>
              eb.or([
                eb('webhook_deliveries.delivered_at', '>=', before),
                eb.and([
                  eb('webhook_deliveries.delivered_at', 'is', null),
                  eb('webhook_deliveries.next_attempt_at', 'is not', null),
                  eb(
                    'webhook_deliveries.endpoint_id',
                    'not in',
                    eb
                      .selectFrom('webhook_endpoints')
                      .select('webhook_endpoints.id')
                      .where('webhook_endpoints.disabled_at', 'is not', null),
                  ),
                ]),
              ]),
            ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}

/** The client address of orders placed before `before`, cleared. */
export async function clearOrderAddresses(trx: Trx, before: Date): Promise<number> {
  const done = await trx
    .updateTable('orders')
    .set({ client_address: null })
    .where('created_at', '<', before)
    .where('client_address', 'is not', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/**
 * The client address and the wizard's session token of holds made before `before`, cleared. Only
 * live holds are counted against them (scheduling/repository/hold-limits.ts), and a hold lives
 * minutes.
 */
export async function clearHoldAddresses(trx: Trx, before: Date): Promise<number> {
  const done = await trx
    .updateTable('reservations')
    .set({ client_address: null, hold_session: null })
    .where('created_at', '<', before)
    .where((eb) =>
      eb.or([eb('client_address', 'is not', null), eb('hold_session', 'is not', null)]),
    )
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/**
 * The sign-in bounds kept under a client address (its own row and an email's at it) last touched
 * before `before`, deleted; a right password's mark (signed_in_at) holds its row until
 * `ownBefore` (operators/bounds.ts, OWN_ADDRESS_MS). A row with no time at all counts nothing and
 * goes too. The email's own rows (address '') name no address and stay.
 */
export async function deleteSignInAddresses(
  trx: Trx,
  before: Date,
  ownBefore: Date,
): Promise<number> {
  const done = await trx
    .deleteFrom('sign_in_bounds')
    .where('address', '<>', '')
    .where((eb) => eb.or([eb('last_failure_at', 'is', null), eb('last_failure_at', '<', before)]))
    .where((eb) => eb.or([eb('next_at', 'is', null), eb('next_at', '<', before)]))
    .where((eb) => eb.or([eb('signed_in_at', 'is', null), eb('signed_in_at', '<', ownBefore)]))
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}

/**
 * Holds that ended before `before` (expired, or released) and that no order or booking names,
 * deleted. Deleting a reservation still moves its range's mark (migration 018): the mark's count
 * drops, and no earlier set of rows had the same count and sum.
 */
export async function deleteAbandonedHolds(trx: Trx, before: Date): Promise<number> {
  const done = await trx
    .deleteFrom('reservations')
    .where('status', 'in', ['held', 'released'])
    .where(sql<boolean>`coalesce(ended_at, expires_at) < ${before}`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('orders')
            .select('orders.id')
            .whereRef('orders.reservation_id', '=', 'reservations.reservation_id'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('bookings')
            .select('bookings.id')
            .whereRef('bookings.reservation_id', '=', 'reservations.reservation_id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}

/** What an anonymised order's installer task and facts lose: every field naming the customer. */
const TASK_PERSONAL = [
  'customer_first_name',
  'customer_last_name',
  'customer_email',
  'customer_mobile_number',
  'customer_address_line_1',
  'customer_address_line_2',
  'customer_city',
  'customer_state',
  'customer_zipcode',
  'title',
];
const FACTS_PERSONAL = ['contact', 'billingContact', 'unit', 'bookingAddress', 'address'];

/**
 * Orders cancelled before `before` and before their installation window started, not yet
 * anonymised: their contact, email, client address, the personal parts of their facts, their
 * billing customer's names and email and their booked task's customer fields, cleared; marked
 * anonymised. Amounts, dates, plan, router, add-ons, coupon, building, acceptance record and
 * references stay (docs/decisions/023-retention.md, "Never erased"). An order cancelled before
 * migration 022 is dated by the time its window was given back.
 */
export async function anonymiseCancelledOrders(trx: Trx, before: Date, now: Date): Promise<number> {
  const due = await trx
    .selectFrom('orders')
    .innerJoin('reservations', 'reservations.reservation_id', 'orders.reservation_id')
    .innerJoin('slot_windows', 'slot_windows.id', 'reservations.window_id')
    .select('orders.id')
    .where('orders.status', '=', 'cancelled')
    .where('orders.anonymised_at', 'is', null)
    .where(sql<boolean>`coalesce(orders.cancelled_at, reservations.ended_at) < ${before}`)
    .where(
      sql<boolean>`coalesce(orders.cancelled_at, reservations.ended_at) < slot_windows.starts_at`,
    )
    .execute();
  const ids = due.map((row) => row.id);
  if (ids.length === 0) return 0;
  await trx
    .updateTable('orders')
    .set({
      email: '',
      contact: '{}',
      client_address: null,
      install_facts: sql<string>`install_facts - ${sql.val(FACTS_PERSONAL)}::text[]`,
      // The unit's key goes with the unit (docs/rules/contact-and-connection.md#the-buildings-units).
      unit_key: null,
      anonymised_at: now,
    })
    .where('id', 'in', ids)
    .execute();
  await trx
    .updateTable('billing_customers')
    .set({ first_name: '', last_name: '', email: '' })
    .where('order_id', 'in', ids)
    .execute();
  await trx
    .updateTable('bookings')
    .set({ task: sql<string>`task - ${sql.val(TASK_PERSONAL)}::text[]` })
    .where('order_id', 'in', ids)
    .execute();
  return ids.length;
}

/**
 * The funnel's per-tab marks made before `before`, deleted (docs/rules/funnel.md): a mark only
 * stops a tab's step being counted twice while the visit lasts. The day's counts stay: they name
 * no one.
 */
export async function deleteFunnelTabs(trx: Trx, before: Date): Promise<number> {
  const done = await trx
    .deleteFrom('funnel_tabs')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}

/**
 * Saved sign-ups (finish later) whose links all expired before `before`, deleted with their links
 * and reminder mark (docs/rules/retention.md).
 */
export async function deleteSavedSignups(trx: Trx, before: Date): Promise<number> {
  const done = await trx
    .deleteFrom('saved_signups')
    .where('expires_at', '<', before)
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}
