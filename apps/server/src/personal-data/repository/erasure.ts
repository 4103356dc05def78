import { sql, type Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/*
 * The SQL of an erasure (docs/rules/personal-data-requests.md#erase): orders that never went ahead
 * anonymised, leads, loose mail, saved sign-ups and notifications deleted.
 */

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
