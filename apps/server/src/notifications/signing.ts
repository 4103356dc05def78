import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature scheme of ops notifications (docs/rules/notifications.md), as Stripe signs its
 * webhooks: `X-Fibre-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under
 * OPS_WEBHOOK_SECRET>`. The timestamp is inside what is signed, so a receiver that refuses old
 * timestamps refuses replays; it compares in constant time.
 */

export const SIGNATURE_HEADER = 'x-fibre-signature';
export const DELIVERY_HEADER = 'x-fibre-delivery';
export const TIMESTAMP_HEADER = 'x-fibre-timestamp';

/** How old a signed timestamp a receiver accepts by default. */
export const TOLERANCE_SECONDS = 5 * 60;

export function sign(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${sign(secret, timestamp, body)}`;
}

/**
 * A receiver's check: true when `header` signs `body` with `secret` and its timestamp is within
 * `toleranceSeconds` of `nowSeconds`.
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number,
  toleranceSeconds = TOLERANCE_SECONDS,
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(sign(secret, t, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
