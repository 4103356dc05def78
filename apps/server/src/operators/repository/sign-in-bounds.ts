import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/**
 * The only SQL for the sign-in bounds (operators/bounds.ts, docs/rules/operators.md#signing-in):
 * rows keyed by (email, address), '' standing for "any".
 */

export type BoundRow = Selectable<Schema['sign_in_bounds']>;
export interface BoundKey {
  email: string;
  address: string;
}

type Db = Kysely<Schema> | Transaction<Schema>;

const byKey = (a: BoundKey, b: BoundKey) =>
  a.email === b.email ? (a.address < b.address ? -1 : 1) : a.email < b.email ? -1 : 1;

/**
 * Locks the rows of `keys` (made first, each with no count, when missing), gives them to `decide`
 * in the order of `keys`, writes back the rows it answers, and commits. The rows stay locked from
 * the read to the write, so attempts made at once are counted one after another, each seeing the
 * counts of those before it.
 */
export async function withBounds<T>(
  db: Kysely<Schema>,
  keys: BoundKey[],
  decide: (rows: BoundRow[]) => { write: BoundRow[]; result: T },
): Promise<T> {
  // Made in a statement of their own, always in the same order, so it never waits on a
  // transaction below and two of them never wait on each other.
  await db
    .insertInto('sign_in_bounds')
    .values([...keys].sort(byKey))
    .onConflict((c) => c.columns(['email', 'address']).doNothing())
    .execute();
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('sign_in_bounds')
      .selectAll()
      .where((eb) =>
        eb.or(keys.map((k) => eb.and([eb('email', '=', k.email), eb('address', '=', k.address)]))),
      )
      .orderBy('email')
      .orderBy('address')
      .forUpdate()
      .execute();
    const rows = keys.map(
      (k) =>
        locked.find((r) => r.email === k.email && r.address === k.address) ?? {
          ...k,
          failures: 0,
          next_at: null,
          last_failure_at: null,
          signed_in_at: null,
        },
    );
    const { write, result } = decide(rows);
    for (const row of write) {
      await trx
        .insertInto('sign_in_bounds')
        .values(row)
        .onConflict((c) =>
          c.columns(['email', 'address']).doUpdateSet({
            failures: row.failures,
            next_at: row.next_at,
            last_failure_at: row.last_failure_at,
            signed_in_at: row.signed_in_at,
          }),
        )
        .execute();
    }
    return result;
  });
}

/**
 * Lifts every bound on an email: its own count and its counts at each address (a manager's
 * unlock). The email's own row as it was, if there was one.
 */
export async function clearBoundsOf(db: Db, email: string): Promise<BoundRow | undefined> {
  const removed = await db
    .deleteFrom('sign_in_bounds')
    .where('email', '=', email)
    .returningAll()
    .execute();
  return removed.find((row) => row.address === '');
}

/** The row of one key, if any (tests and the unlock's record). */
export async function boundOf(db: Db, key: BoundKey): Promise<BoundRow | undefined> {
  return db
    .selectFrom('sign_in_bounds')
    .selectAll()
    .where('email', '=', key.email)
    .where('address', '=', key.address)
    .executeTakeFirst();
}
