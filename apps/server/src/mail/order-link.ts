import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { insertOrderLink } from './repository.ts';

/**
 * The order page's link (docs/rules/mail.md): `/order/<token>`, the token 32 random bytes in
 * base64url (256 bits, unguessable), stored only as its SHA-256.
 */

/** Where the token goes in a stored mail's bodies until it is sent. */
export const ORDER_LINK_PLACEHOLDER = '%ORDER_LINK%';

export function newOrderToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 (hex) a token is stored and looked up as. */
export function hashOrderToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The absolute link: PUBLIC_URL, then /order/<token>. */
export function orderLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/order/${token}`;
}

/**
 * A new link to the order's page, in the caller's transaction: its token, once (only the hash is
 * kept). For the browser that placed the order (the install's answer) and for a manager who
 * reads a link out to the customer (docs/rules/operators.md#acting-on-orders); earlier links stay
 * valid.
 */
export async function issueOrderLink(
  trx: Transaction<Schema>,
  orderId: string,
  now: Date,
): Promise<string> {
  const token = newOrderToken();
  await insertOrderLink(trx, orderId, hashOrderToken(token), now);
  return token;
}
