import { createHmac, timingSafeEqual } from 'node:crypto';
import { startStandIn, type RecordedRequest, type StandIn } from './recorder.ts';

/**
 * The provider's ops webhook receiver (docs/rules/notifications.md), as a receiver written from
 * the documented scheme alone would check a delivery: the `X-Fibre-Signature: t=…,v1=…` header is
 * the hex HMAC-SHA256 of `${t}.${raw body}` under the shared secret, `t` within five minutes of
 * the receiver's clock. A delivery that fails the check is answered 400 and not counted. `answers`
 * are statuses to give (in order) before answering 200, to test retries.
 */
export const OPS_WEBHOOK_SECRET = 'ops-webhook-test-secret-0123456789';

export interface OpsDelivery {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

export interface OpsReceiver extends StandIn {
  url: string;
  /** Deliveries whose signature held, in the order they arrived (repeats included). */
  deliveries: OpsDelivery[];
  /** Requests refused for a missing, wrong or stale signature. */
  refused: RecordedRequest[];
}

export async function startOpsReceiver(
  options: { answers?: number[]; now?: () => Date; secret?: string } = {},
): Promise<OpsReceiver> {
  const answers = [...(options.answers ?? [])];
  const now = options.now ?? (() => new Date());
  const secret = options.secret ?? OPS_WEBHOOK_SECRET;
  const deliveries: OpsDelivery[] = [];
  const refused: RecordedRequest[] = [];
  const standIn = await startStandIn((req) => {
    if (req.method !== 'POST' || req.path !== '/ops') return { status: 404 };
    if (!signed(req, secret, now())) {
      refused.push(req);
      return { status: 400, body: { message: 'bad signature' } };
    }
    const status = answers.shift();
    if (status !== undefined) return { status, body: { message: 'try later' } };
    deliveries.push(req.json as OpsDelivery);
    return { status: 200, body: { ok: true } };
  });
  return { ...standIn, url: `${standIn.origin}/ops`, deliveries, refused };
}

function signed(req: RecordedRequest, secret: string, now: Date): boolean {
  const header = String(req.headers['x-fibre-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const [, t = '', v1 = ''] = match;
  if (Math.abs(now.getTime() / 1000 - Number(t)) > 300) return false;
  if (req.headers['x-fibre-timestamp'] !== t) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${req.text}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

export const opsWebhookEnv = (receiver: { url: string }) => ({
  OPS_WEBHOOK_URL: receiver.url,
  OPS_WEBHOOK_SECRET,
});
