import { Webhook } from 'standardwebhooks';

/**
 * Deliveries are signed as the Standard Webhooks specification says (docs/rules/webhooks.md#
 * verifying-a-delivery), with its reference library: `webhook-signature: v1,<base64 HMAC-SHA256
 * of "<webhook-id>.<webhook-timestamp>.<body>">`. A secret in the `whsec_` form is the base64 of
 * the key's bytes; any other secret (an OPS_WEBHOOK_SECRET set before the standard) is its UTF-8
 * bytes, as a receiver's `new Webhook(secret, { format: 'raw' })` reads it.
 */

export const SECRET_PREFIX = 'whsec_';

export function webhookFor(secret: string): Webhook {
  return secret.startsWith(SECRET_PREFIX)
    ? new Webhook(secret)
    : new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
}

/** The three headers of one attempt: the event's id, the attempt's time, and the signature. */
export function signedHeaders(
  secret: string,
  id: string,
  at: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': webhookFor(secret).sign(id, at, body),
  };
}
