import { EVENT_TYPES, webhookEventBody } from '@fibre/domain/api';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { startStandIn, type RecordedRequest, type StandIn } from './recorder.ts';

/**
 * The provider's webhook receiver (docs/rules/webhooks.md), as a receiver written from the
 * Standard Webhooks specification checks a delivery: with the specification's own library
 * (`standardwebhooks`), given the endpoint's `whsec_` secret (or, for an OPS_WEBHOOK_SECRET set
 * before the standard, its raw bytes), and its body read with the documented schema of its type
 * (the OpenAPI document's `webhooks`). A delivery that fails either is answered 400 and not
 * counted. `answers` are statuses to give (in order) before answering 200, to test retries.
 * `secret` may be a function, for an endpoint whose secret is known only once it is made (the
 * console shows it after the URL was given); it is read at each delivery.
 */
export const OPS_WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export interface OpsDelivery {
  /** The `webhook-id` header: the event's id, the same on every attempt and endpoint. */
  webhookId: string;
  id: string;
  type: string;
  timestamp: string;
  version: number;
  data: Record<string, unknown>;
}

export interface OpsReceiver extends StandIn {
  url: string;
  /** Deliveries whose signature held, in the order they arrived (repeats included). */
  deliveries: OpsDelivery[];
  /** Requests refused for a missing, wrong or stale signature, or an undocumented body. */
  refused: RecordedRequest[];
}

export async function startOpsReceiver(
  options: { answers?: number[]; secret?: string | (() => string); path?: string } = {},
): Promise<OpsReceiver> {
  const answers = [...(options.answers ?? [])];
  const secretNow = () =>
    typeof options.secret === 'function'
      ? options.secret()
      : (options.secret ?? OPS_WEBHOOK_SECRET);
  const path = options.path ?? '/ops';
  const verifier = (secret: string) =>
    secret.startsWith('whsec_')
      ? new Webhook(secret)
      : new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
  const deliveries: OpsDelivery[] = [];
  const refused: RecordedRequest[] = [];
  const standIn = await startStandIn((req) => {
    if (req.method !== 'POST' || req.path !== path) return { status: 404 };
    let body: Omit<OpsDelivery, 'webhookId'>;
    try {
      body = verifier(secretNow()).verify(req.text, headersOf(req)) as Omit<
        OpsDelivery,
        'webhookId'
      >;
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      refused.push(req);
      return { status: 400, body: { message: 'bad signature' } };
    }
    const type = EVENT_TYPES.find((t) => t === body.type);
    if (!type || !webhookEventBody(type).safeParse(body).success) {
      refused.push(req);
      return { status: 400, body: { message: 'not a documented event' } };
    }
    const status = answers.shift();
    if (status !== undefined) return { status, body: { message: 'try later' } };
    deliveries.push({ webhookId: String(req.headers['webhook-id']), ...body });
    return { status: 200, body: { ok: true } };
  });
  return { ...standIn, url: `${standIn.origin}${path}`, deliveries, refused };
}

function headersOf(req: RecordedRequest): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value]] : [],
    ),
  );
}

/**
 * The configured endpoint at `receiver`. It listens on loopback, inside the server's network, so
 * WEBHOOK_ALLOWED_HOSTS names its host and port (docs/rules/webhooks.md#where-an-endpoint-may-point).
 */
export const opsWebhookEnv = (receiver: { url: string }, secret = OPS_WEBHOOK_SECRET) => ({
  OPS_WEBHOOK_URL: receiver.url,
  OPS_WEBHOOK_SECRET: secret,
  WEBHOOK_ALLOWED_HOSTS: new URL(receiver.url).host,
});
