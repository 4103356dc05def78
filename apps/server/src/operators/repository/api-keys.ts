import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/** The only SQL for the back-office API's keys (docs/rules/operators.md#api-keys). */

export type ApiKeyRow = Selectable<Schema['api_keys']>;

type Db = Kysely<Schema> | Transaction<Schema>;

/** Adds a key; false when a key not revoked already has its name. */
export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<boolean> {
  const added = await db
    .insertInto('api_keys')
    .values(row)
    .onConflict((c) => c.column('name').where('revoked_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return added !== undefined;
}

/** The key not revoked whose text hashes to `keyHash`. Read on every request: never kept. */
export async function findLiveApiKey(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Marks the key used now, unless it was marked in the minute before (one write a minute). */
export async function touchApiKey(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<=', new Date(now.getTime() - 60_000)),
      ]),
    )
    .execute();
}

/** Every key, revoked ones too: the live first, then newest first. */
export async function listApiKeys(db: Db): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .orderBy((eb) => eb('revoked_at', 'is not', null))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Revokes the live key `which` names (by id or by name); the key as it was, if there was one. */
export async function revokeApiKey(
  db: Db,
  which: { id: string } | { name: string },
  by: string,
  now: Date,
): Promise<ApiKeyRow | undefined> {
  let query = db
    .updateTable('api_keys')
    .set({ revoked_at: now, revoked_by: by })
    .where('revoked_at', 'is', null);
  query = 'id' in which ? query.where('id', '=', which.id) : query.where('name', '=', which.name);
  return query.returningAll().executeTakeFirst();
}

/**
 * Disables the live webhook endpoints the key `keyId` added (docs/rules/webhooks.md#endpoints), as
 * by `by`: a revoked key's endpoints get no more events. Here, beside the key's own SQL, so that
 * revoking is one transaction without the operators reaching into the notifications feature.
 */
export async function disableEndpointsOfKey(
  db: Db,
  keyId: string,
  by: string,
  now: Date,
): Promise<{ id: string; url: string }[]> {
  return db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: now, disabled_by: by })
    .where('created_by_key', '=', keyId)
    .where('disabled_at', 'is', null)
    .returning(['id', 'url'])
    .execute()
    .then((rows) => rows.sort((a, b) => a.id.localeCompare(b.id)));
}
