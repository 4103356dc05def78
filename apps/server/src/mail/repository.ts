import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { MailAttachment, MailKind } from '../db/tables/mail.ts';
import { claimDue, markFailedIn } from '../outbox/repository.ts';
import { ORDER_PURCHASE_COLUMNS, ordersWithWindow } from '../db/order-reads.ts';

/** The only SQL for customer mail and order links (docs/rules/mail.md). */

export type MailRow = Selectable<Schema['mail_outbox']>;

export interface NewMail {
  id: string;
  kind: MailKind;
  orderId: string | null;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  linkToken: string | null;
  createdAt: Date;
}

/** A new mail as its outbox row: due at once. */
const outboxRow = (mail: NewMail) => ({
  id: mail.id,
  kind: mail.kind,
  order_id: mail.orderId,
  recipient: mail.recipient,
  subject: mail.subject,
  text_body: mail.text,
  html_body: mail.html,
  attachments: JSON.stringify(mail.attachments),
  link_token: mail.linkToken,
  created_at: mail.createdAt,
  next_attempt_at: mail.createdAt,
});

/**
 * Writes a mail into the outbox, inside the caller's transaction: it exists exactly when the
 * order or change it tells of was committed. It is due at once.
 */
export async function enqueueMail(trx: Transaction<Schema>, mail: NewMail): Promise<void> {
  await trx.insertInto('mail_outbox').values(outboxRow(mail)).execute();
}

/** An order page's token, as its SHA-256 only, in the transaction that confirms the order. */
export async function insertOrderLink(
  trx: Transaction<Schema>,
  orderId: string,
  tokenHash: string,
  at: Date,
): Promise<void> {
  await trx
    .insertInto('order_links')
    .values({ order_id: orderId, token_hash: tokenHash, created_at: at })
    .execute();
}

/** What the confirmation tells: the order, its booked window and its building's address. */
export async function confirmationDetails(trx: Transaction<Schema>, orderId: string) {
  return ordersWithWindow(trx)
    .select(ORDER_PURCHASE_COLUMNS)
    .select('orders.acceptance')
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/** Claims due mail for one sending (outbox/repository.ts, claimDue). */
export function claimDueMail(
  db: Kysely<Schema>,
  now: Date,
  until: Date,
  limit: number,
): Promise<MailRow[]> {
  return claimDue(db, 'mail_outbox', now, until, limit);
}

/**
 * Sent: the order page's token leaves the outbox with it (order_links keeps only its hash). A
 * mail recorded already keeps its first time (a retry of the write after the database was away).
 */
export async function markMailSent(db: Kysely<Schema>, id: string, at: Date): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ delivered_at: at, next_attempt_at: null, last_error: null, link_token: null })
    .where('id', '=', id)
    .where('delivered_at', 'is', null)
    .execute();
}

/** A failed attempt: due again at `next`, or (null) given up on, keeping its last error. */
export const markMailFailed = (db: Kysely<Schema>, id: string, next: Date | null, error: string) =>
  markFailedIn(db, 'mail_outbox', id, next, error);

/**
 * When the oldest mail still to be sent was written (undefined when none is waiting): unsent and
 * not given up, the rows of the partial index mail_outbox_due (migration 013), so the read is of
 * the backlog only, however long the outbox is.
 */
export async function oldestUnsentMail(db: Kysely<Schema>): Promise<Date | undefined> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.min('created_at').as('oldest'))
    .where('delivered_at', 'is', null)
    .where('next_attempt_at', 'is not', null)
    .executeTakeFirst();
  return row?.oldest ? new Date(row.oldest) : undefined;
}

/** The mail as stored, oldest first (tests and the console). */
export async function findMail(db: Kysely<Schema>, orderId?: string): Promise<MailRow[]> {
  let query = db.selectFrom('mail_outbox').selectAll().orderBy('created_at').orderBy('id');
  if (orderId) query = query.where('order_id', '=', orderId);
  return query.execute();
}

/** Whether the order's confirmation was ever queued (sent or not). */
export async function hasConfirmation(
  db: Kysely<Schema> | Transaction<Schema>,
  orderId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'order.confirmation')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Confirmed orders whose window starts after `now` and at or before `until`, with no reminder for
 * that window yet: the reminder sweep's candidates (mail/reminder.ts decides which are due).
 */
export async function reminderCandidates(db: Kysely<Schema>, now: Date, until: Date) {
  return ordersWithWindow(db)
    .where('orders.status', '=', 'confirmed')
    .where('slot_windows.starts_at', '>', now)
    .where('slot_windows.starts_at', '<=', until)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mail_outbox')
            .select('mail_outbox.id')
            .whereRef('mail_outbox.order_id', '=', 'orders.id')
            .whereRef('mail_outbox.window_start', '=', 'slot_windows.starts_at')
            .where('mail_outbox.kind', '=', 'order.reminder'),
        ),
      ),
    )
    .orderBy('slot_windows.starts_at')
    .orderBy('orders.id')
    .execute();
}

/**
 * The order, locked for the caller's transaction, when it is still confirmed with its window
 * starting at `windowStart` (it may have been cancelled or rescheduled since it was looked at).
 */
export async function lockConfirmedWindow(
  trx: Transaction<Schema>,
  orderId: string,
  windowStart: Date,
): Promise<boolean> {
  const row = await trx
    .selectFrom('orders')
    .innerJoin('reservations', 'reservations.reservation_id', 'orders.reservation_id')
    .innerJoin('slot_windows', 'slot_windows.id', 'reservations.window_id')
    .select('orders.id')
    .where('orders.id', '=', orderId)
    .where('orders.status', '=', 'confirmed')
    .where('slot_windows.starts_at', '=', windowStart)
    .forUpdate('orders')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes an `order.reminder` for the order and window unless one exists: INSERT … ON CONFLICT DO
 * NOTHING on the unique index of migration 015, so any number of instances write exactly one.
 * Answers whether this call wrote it.
 */
export async function enqueueReminder(
  trx: Transaction<Schema>,
  mail: NewMail & { orderId: string; windowStart: Date },
): Promise<boolean> {
  const rows = await trx
    .insertInto('mail_outbox')
    .values({
      ...outboxRow({ ...mail, kind: 'order.reminder' }),
      window_start: mail.windowStart,
    })
    .onConflict((oc) =>
      oc.columns(['order_id', 'window_start']).where('kind', '=', 'order.reminder').doNothing(),
    )
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** The console's list: newest first, at most `limit`, after `after`, one order's when asked. */
export async function listMail(
  db: Kysely<Schema>,
  page: { limit: number; after?: { created: Date; id: string } | undefined; orderId?: string },
): Promise<MailRow[]> {
  let query = db.selectFrom('mail_outbox').selectAll();
  const { after, orderId } = page;
  if (orderId !== undefined) query = query.where('order_id', '=', orderId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.created),
        eb.and([eb('created_at', '=', after.created), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

/** How many times the order was rescheduled: the invite's SEQUENCE for the next change. */
export async function countChangeMail(trx: Transaction<Schema>, orderId: string): Promise<number> {
  const row = await trx
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('order_id', '=', orderId)
    .where('kind', 'in', ['order.rescheduled', 'order.cancelled'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
