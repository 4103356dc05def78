import { DELIVERY_HEADER, SIGNATURE_HEADER, signatureHeader, TIMESTAMP_HEADER } from './signing.ts';

/** The ops webhook adapter (docs/rules/notifications.md): one signed JSON POST per delivery. */

export interface WebhookTarget {
  url: string;
  secret: string;
  timeoutMs: number;
}

export interface Delivery {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

/** Resolves when the receiver answered 2xx; throws with what went wrong otherwise. */
export async function postDelivery(
  target: WebhookTarget,
  delivery: Delivery,
  now: Date,
): Promise<void> {
  const body = JSON.stringify(delivery);
  const timestamp = Math.floor(now.getTime() / 1000);
  const response = await fetch(target.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [DELIVERY_HEADER]: delivery.id,
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signatureHeader(target.secret, timestamp, body),
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(target.timeoutMs),
  });
  // The answer's body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status < 200 || response.status > 299) {
    throw new Error(`receiver answered ${response.status}`);
  }
}
