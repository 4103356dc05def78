import { sql, type Kysely, type Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { LOCK_KEYS } from '../../db/lock-keys.ts';

/** The SQL of making the first manager from the console (docs/rules/operators.md#the-first-manager). */

type Db = Kysely<Schema> | Transaction<Schema>;

/** Advisory lock key: one first manager at a time, across instances. */
const FIRST_MANAGER_LOCK = LOCK_KEYS.firstManager;

/**
 * In the transaction that makes the first manager: waits for any other doing the same, so
 * 'no manager exists' is still true when the account is added.
 */
export async function lockFirstManager(trx: Transaction<Schema>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(FIRST_MANAGER_LOCK)})`.execute(trx);
}

/** Whether any account has the manager role. */
export async function managerExists(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('operators')
    .select('id')
    .where('role', '=', 'manager')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
