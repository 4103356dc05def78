import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { clearSecrets, replaceSecret } from './repository.ts';

/*
 * Webhook endpoints' signing secrets, encrypted at rest (docs/decisions/027-webhooks.md, "Secrets
 * at rest"; docs/rules/webhooks.md#endpoints): AES-256-GCM under WEBHOOK_SECRET_KEY (32 bytes,
 * base64), a fresh 12-byte nonce each time, the endpoint's id as the associated data, so a
 * secret copied onto another row does not open. Stored as `enc1:<nonce>:<ciphertext and tag>`
 * (base64url) in the same column. Without the key (development, tests, a demo) secrets are
 * stored as before, in clear.
 */

export const SEALED_PREFIX = 'enc1:';

/** The secret as the column keeps it: sealed when there is a key, as it is otherwise. */
export function sealSecret(secret: string, endpointId: string, key: Buffer | undefined): string {
  if (!key) return secret;
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(endpointId, 'utf8'));
  const sealed = Buffer.concat([
    cipher.update(secret, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `${SEALED_PREFIX}${nonce.toString('base64url')}:${sealed.toString('base64url')}`;
}

/** Why a stored secret cannot be read: no key, or not this key (or not this row). */
export class SecretUnreadable extends Error {}

/** The secret a delivery signs with, from the column: opened, or as it is when stored in clear. */
export function openSecret(stored: string, endpointId: string, key: Buffer | undefined): string {
  if (!stored.startsWith(SEALED_PREFIX)) return stored;
  if (!key)
    throw new SecretUnreadable(
      "the endpoint's secret is encrypted and WEBHOOK_SECRET_KEY is not set",
    );
  const [nonce, sealed] = stored.slice(SEALED_PREFIX.length).split(':');
  try {
    const bytes = Buffer.from(sealed ?? '', 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce ?? '', 'base64url'));
    decipher.setAAD(Buffer.from(endpointId, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SecretUnreadable(
      "the endpoint's secret does not open with WEBHOOK_SECRET_KEY (another key sealed it)",
    );
  }
}

/**
 * Seals every secret still stored in clear (endpoints added before WEBHOOK_SECRET_KEY was set, or
 * by an instance on the old code), once the key is set; each webhook round runs it. Each row is
 * sealed only if it is still the clear text read, so two instances at once seal it once. How
 * many it sealed.
 */
export async function sealStoredSecrets(db: Kysely<Schema>, key: Buffer | undefined) {
  if (!key) return 0;
  let sealed = 0;
  for (const row of await clearSecrets(db, SEALED_PREFIX))
    sealed += await replaceSecret(db, row.id, row.secret, sealSecret(row.secret, row.id, key));
  return sealed;
}
