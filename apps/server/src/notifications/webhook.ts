import { signedHeaders } from './signing.ts';

/** One delivery's POST (docs/rules/webhooks.md#what-is-sent): the body, signed. */

export interface WebhookTarget {
  url: string;
  secret: string;
  timeoutMs: number;
}

/** The body of every delivery: the event's id, type, time, payload version and data. */
export interface EventBody {
  id: string;
  type: string;
  timestamp: string;
  version: 1;
  data: Record<string, unknown>;
}

/** The receiver's status code (null when it did not answer) and whether it was a 2xx. */
export class DeliveryFailed extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * Resolves with the receiver's 2xx status; throws DeliveryFailed otherwise. The signature's time
 * is the wall clock's, whatever the app's clock says: the receiver compares it with its own.
 */
export async function postDelivery(target: WebhookTarget, event: EventBody): Promise<number> {
  const body = JSON.stringify(event);
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'fibre-signup-webhooks/1',
        ...signedHeaders(target.secret, event.id, new Date(), body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(target.timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DeliveryFailed(`no answer: ${reason}`, null);
  }
  // The answer's body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status < 200 || response.status > 299) {
    throw new DeliveryFailed(`receiver answered ${response.status}`, response.status);
  }
  return response.status;
}
