import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_SCOPES, type ApiKeyScope } from '@fibre/domain/api';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { inTransaction } from '../db/transactions.ts';
import type { OperatorRole } from './repository/operators.ts';
import { recordAudit } from './repository/operators.ts';
import {
  disableEndpointsOfKey,
  findLiveApiKey,
  insertApiKey,
  revokeApiKey,
  touchApiKey,
  type ApiKeyRow,
} from './repository/api-keys.ts';

/*
 * The back-office API's keys (docs/rules/operators.md#api-keys, docs/decisions/026-api-keys.md):
 * made by a manager or the CLI and shown once, kept as a SHA-256 of their text, looked up on every
 * request (no copy kept in memory, so a revoked key is refused at once by every instance).
 */

/** What every key starts with, so a leaked one is recognised (and found by secret scanners). */
export const KEY_PREFIX = 'fk_';
/** How many characters of a key are kept to recognise it by: `fk_` and seven more. */
const VISIBLE = KEY_PREFIX.length + 7;

/** A key's text: 256 random bits, so a plain SHA-256 is enough to keep it (no salt, no scrypt). */
export const newKeyText = () => `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

export const keyHash = (text: string) => createHash('sha256').update(text).digest('hex');

/** Who a request with a key acts as: `key:NAME` in the audit, with the key's role and scopes. */
export interface KeyHolder {
  email: string;
  role: OperatorRole;
  apiKey: { id: string; name: string; scopes: readonly ApiKeyScope[] };
}

/**
 * A new key's scopes (docs/decisions/026-api-keys.md): `orders:read` always, then those asked for,
 * each once, in API_KEY_SCOPES's order. A viewer key reads only: asking it more is refused.
 */
export function keyScopes(
  role: OperatorRole,
  asked: readonly ApiKeyScope[] = [],
): ApiKeyScope[] | { refused: string } {
  const scopes = API_KEY_SCOPES.filter((scope) => scope === 'orders:read' || asked.includes(scope));
  if (role === 'viewer' && scopes.length > 1)
    return { refused: 'a viewer key reads only: give it no scope but orders:read' };
  return scopes;
}

export const keyActor = (name: string) => `key:${name}`;

/** The live key `text` is, marked used (at most once a minute); none when unknown or revoked. */
export async function keyHolderOf(
  db: Kysely<Schema>,
  text: string,
  now: Date,
): Promise<KeyHolder | undefined> {
  const row = await findLiveApiKey(db, keyHash(text));
  if (!row) return undefined;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= 60_000)
    await touchApiKey(db, row.id, now);
  return {
    email: keyActor(row.name),
    role: row.role,
    apiKey: { id: row.id, name: row.name, scopes: row.scopes },
  };
}

export type CreatedKey = { key: string; row: ApiKeyRow } | { taken: true };

/**
 * Makes a key, audited `api_key_created` by `by`; its text is answered here and never again.
 * `scopes` as keyScopes answered them (read only when left out).
 */
export async function createApiKey(
  db: Kysely<Schema>,
  input: { name: string; role: OperatorRole; scopes?: ApiKeyScope[]; by: string; now: Date },
): Promise<CreatedKey> {
  const key = newKeyText();
  const row: ApiKeyRow = {
    id: randomUUID(),
    name: input.name,
    role: input.role,
    scopes: input.scopes ?? ['orders:read'],
    key_hash: keyHash(key),
    prefix: key.slice(0, VISIBLE),
    created_at: input.now,
    created_by: input.by,
    last_used_at: null,
    revoked_at: null,
    revoked_by: null,
  };
  return inTransaction(db, async (trx) => {
    if (!(await insertApiKey(trx, row))) return { taken: true } as const;
    await recordAudit(trx, {
      operatorEmail: input.by,
      at: input.now,
      action: 'api_key_created',
      subjectType: 'api_key',
      subjectId: row.id,
      after: { name: row.name, role: row.role, scopes: row.scopes, prefix: row.prefix },
    });
    return { key, row };
  });
}

/** A key just revoked, and the webhook endpoints it had added, disabled with it. */
export interface RevokedKey {
  row: ApiKeyRow;
  disabledEndpoints: { id: string; url: string }[];
}

/**
 * Revokes a live key, audited `api_key_revoked`, and disables, in the same transaction, every
 * webhook endpoint it added, each audited `webhook_endpoint_disabled` (docs/rules/operators.md#api-keys,
 * docs/rules/webhooks.md#endpoints): a leaked key keeps no reach once revoked. None when no live
 * key is `which`.
 */
export async function revokeKey(
  db: Kysely<Schema>,
  which: { id: string } | { name: string },
  by: string,
  now: Date,
): Promise<RevokedKey | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await revokeApiKey(trx, which, by, now);
    if (!row) return undefined;
    const disabledEndpoints = await disableEndpointsOfKey(trx, row.id, by, now);
    for (const endpoint of disabledEndpoints) {
      await recordAudit(trx, {
        operatorEmail: by,
        at: now,
        action: 'webhook_endpoint_disabled',
        subjectType: 'webhook_endpoint',
        subjectId: endpoint.id,
        after: { reason: 'api_key_revoked', apiKeyId: row.id, apiKeyName: row.name },
      });
    }
    await recordAudit(trx, {
      operatorEmail: by,
      at: now,
      action: 'api_key_revoked',
      subjectType: 'api_key',
      subjectId: row.id,
      before: {
        name: row.name,
        role: row.role,
        scopes: row.scopes,
        prefix: row.prefix,
        revokedAt: null,
      },
      after: {
        revokedAt: now.toISOString(),
        disabledEndpoints: disabledEndpoints.map((endpoint) => endpoint.id),
      },
    });
    return { row, disabledEndpoints };
  });
}
