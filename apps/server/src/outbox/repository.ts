import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Schema } from '../db/schema.ts';

/**
 * The SQL both outboxes share (webhook_deliveries, docs/rules/webhooks.md; mail_outbox,
 * docs/rules/mail.md): each row has an id, attempts, next_attempt_at, delivered_at and
 * last_error, and is claimed, delivered and failed the same way.
 */
export type OutboxTable = 'webhook_deliveries' | 'mail_outbox';
type AnyOutbox = Kysely<Record<OutboxTable, Schema['mail_outbox']>>;

/** Narrows what a worker may claim (webhook deliveries: only to endpoints it can send to). */
export type ClaimScope = Expression<SqlBool>;

/**
 * Claims up to `limit` due, undelivered rows for one sending: their next attempt moves to `until`,
 * so no other worker takes them meanwhile (should this one die, they fall due again then). On
 * PostgreSQL `FOR UPDATE SKIP LOCKED` lets several instances claim at once without waiting on, or
 * taking, each other's rows.
 */
export async function claimDue<T extends OutboxTable>(
  db: Kysely<Schema>,
  table: T,
  now: Date,
  until: Date,
  limit: number,
  scope?: ClaimScope,
): Promise<Array<Selectable<Schema[T]>>> {
  // One table at a time; the union of the two tables' types is not a row kysely can check.
  const outbox = db as unknown as AnyOutbox;
  const rows = await outbox.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom(table as 'mail_outbox')
      .select('id')
      .where('delivered_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .$if(scope !== undefined, (query) => query.where(scope!))
      .orderBy('next_attempt_at')
      .orderBy('created_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable(table as 'mail_outbox')
      .set({ next_attempt_at: until, attempts: sql<number>`attempts + 1` })
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .returningAll()
      .execute();
  });
  return rows as unknown as Array<Selectable<Schema[T]>>;
}

/** Delivered at `at`; a row recorded already keeps its first time (the write tried again). */
export async function markDeliveredIn(
  db: Kysely<Schema>,
  table: OutboxTable,
  id: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable(table as 'mail_outbox')
    .set({ delivered_at: at, next_attempt_at: null, last_error: null })
    .where('id', '=', id)
    .where('delivered_at', 'is', null)
    .execute();
}

/** A failed attempt: due again at `next`, or (null) given up on, keeping its last error. */
export async function markFailedIn(
  db: Kysely<Schema>,
  table: OutboxTable,
  id: string,
  next: Date | null,
  error: string,
): Promise<void> {
  await db
    .updateTable(table as 'mail_outbox')
    .set({ next_attempt_at: next, last_error: error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}

/** Claimed rows handed back unsent: due at `at`, the attempt their claim counted taken back. */
export async function releaseIn(
  db: Kysely<Schema>,
  table: OutboxTable,
  ids: string[],
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable(table as 'mail_outbox')
    .set({ next_attempt_at: at, attempts: sql<number>`greatest(attempts - 1, 0)` })
    .where('id', 'in', ids)
    .where('delivered_at', 'is', null)
    .execute();
}
