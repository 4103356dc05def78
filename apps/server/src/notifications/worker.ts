import type { AppContext } from '../context.ts';
import {
  claimDueNotifications,
  markDelivered,
  markFailed,
  type NotificationRow,
} from './repository.ts';
import { createOutboxWorker, type OutboxWorker, type WorkerLog } from '../outbox/worker.ts';
import { postDelivery, type WebhookTarget } from './webhook.ts';

/**
 * The ops notification worker (docs/rules/notifications.md): the shared outbox loop
 * (outbox/worker.ts) POSTing each due notification, signed, to OPS_WEBHOOK_URL. A 2xx answer
 * delivers it; anything else (another status, a timeout, a refused connection) is retried.
 */

export { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs, type WorkerLog } from '../outbox/worker.ts';
export type NotificationWorker = OutboxWorker;

export function createNotificationWorker(
  ctx: AppContext,
  log: WorkerLog,
  options: { pollMs?: number; timeoutMs?: number } = {},
): NotificationWorker {
  const { OPS_WEBHOOK_URL: url, OPS_WEBHOOK_SECRET: secret } = ctx.config.keys;
  const target: WebhookTarget | undefined =
    url && secret ? { url, secret, timeoutMs: options.timeoutMs ?? 10_000 } : undefined;
  const { db } = ctx.database;
  return createOutboxWorker<NotificationRow>(
    {
      enabled: target !== undefined,
      now: ctx.now,
      claim: (now, until, limit) => claimDueNotifications(db, now, until, limit),
      send: (row) =>
        postDelivery(
          target!,
          {
            id: row.id,
            type: row.kind,
            created_at: row.created_at.toISOString(),
            data: row.payload,
          },
          ctx.now(),
        ),
      markDelivered: (id, at) => markDelivered(db, id, at),
      markFailed: (id, next, error) => markFailed(db, id, next, error),
      count: (outcome) => ctx.metrics.notification(outcome),
      describe: (row) => ({ notification_id: row.id, kind: row.kind }),
      messages: {
        failed: 'ops notification not delivered; will retry',
        gaveUp: 'ops notification given up',
        round: 'ops notification round failed',
      },
    },
    log,
    options.pollMs ? { pollMs: options.pollMs } : {},
  );
}
