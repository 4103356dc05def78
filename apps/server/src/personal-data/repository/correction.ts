import type { Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/*
 * The SQL of a correction (APP 13, docs/rules/personal-data-requests.md#correct): the person's
 * contact details set on their orders, leads and saved sign-ups, their unsent mail readdressed.
 */

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
