import type { AppContext } from '../context.ts';
import {
  claimDueDeliveries,
  findEndpoint,
  markDelivered,
  markFailed,
  recordStatus,
  type ClaimedDelivery,
} from './repository.ts';
import { createOutboxWorker, type OutboxWorker, type WorkerLog } from '../outbox/worker.ts';
import { carryOverOldNotifications } from './carry-over.ts';
import { CONFIGURED_ENDPOINT, configuredEndpoint } from './events.ts';
import { DeliveryFailed, postDelivery, type WebhookTarget } from './webhook.ts';

/**
 * The webhook worker (docs/rules/webhooks.md#delivery-and-retries): the shared outbox loop
 * (outbox/worker.ts) POSTing each due delivery, signed with its endpoint's secret. A 2xx answer
 * delivers it; anything else (another status, a timeout, a refused connection) is retried.
 */

export { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs, type WorkerLog } from '../outbox/worker.ts';
export type NotificationWorker = OutboxWorker;

export function createNotificationWorker(
  ctx: AppContext,
  log: WorkerLog,
  options: { pollMs?: number; timeoutMs?: number } = {},
): NotificationWorker {
  const configured = configuredEndpoint(ctx.config);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const { db } = ctx.database;

  /** Where a delivery goes: the configured endpoint, or a row read afresh (its secret may change). */
  async function targetOf(delivery: ClaimedDelivery): Promise<WebhookTarget> {
    if (delivery.endpoint_id === CONFIGURED_ENDPOINT && configured)
      return { ...configured, timeoutMs };
    const endpoint = await findEndpoint(db, delivery.endpoint_id);
    if (!endpoint || endpoint.disabled_at) throw new DeliveryFailed('endpoint disabled', null);
    return { url: endpoint.url, secret: endpoint.secret, timeoutMs };
  }

  return createOutboxWorker<ClaimedDelivery>(
    {
      enabled: true,
      now: ctx.now,
      claim: async (now, until, limit) => {
        await carryOverOldNotifications(db, ctx);
        return claimDueDeliveries(db, now, until, limit, configured !== undefined);
      },
      send: async (delivery) => {
        try {
          const status = await postDelivery(await targetOf(delivery), {
            id: delivery.event_id,
            type: delivery.type,
            timestamp: delivery.event_created_at.toISOString(),
            version: 1,
            data: delivery.data,
          });
          await recordStatus(db, delivery.id, status);
        } catch (error) {
          if (error instanceof DeliveryFailed) await recordStatus(db, delivery.id, error.status);
          throw error;
        }
      },
      markDelivered: (id, at) => markDelivered(db, id, at),
      markFailed: (id, next, error) => markFailed(db, id, next, error),
      count: (outcome) => ctx.metrics.notification(outcome),
      describe: (delivery) => ({
        delivery_id: delivery.id,
        event_id: delivery.event_id,
        endpoint_id: delivery.endpoint_id,
        type: delivery.type,
      }),
      messages: {
        failed: 'webhook not delivered; will retry',
        gaveUp: 'webhook delivery given up',
        round: 'webhook round failed',
      },
    },
    log,
    options.pollMs ? { pollMs: options.pollMs } : {},
  );
}
