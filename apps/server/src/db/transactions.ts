import type { Kysely, Transaction } from 'kysely';
import type { Schema } from './schema.ts';

/**
 * One unit of work: `work` runs in a transaction that commits when it resolves and rolls back when
 * it throws (docs/rules/orders.md). Services pass the transaction on to repository functions; they
 * never query it themselves (README, Layout: only repositories run SQL).
 */
export function inTransaction<T>(
  db: Kysely<Schema>,
  work: (trx: Transaction<Schema>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(work);
}
