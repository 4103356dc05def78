import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';

export async function insertOrder(
  trx: Transaction<Schema>,
  order: Insertable<Schema['orders']>,
): Promise<void> {
  await trx.insertInto('orders').values(order).execute();
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

export async function countOrders(db: Kysely<Schema>): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
