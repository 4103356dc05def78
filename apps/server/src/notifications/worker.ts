import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transactions.ts';
import { recordAudit } from '../operators/index.ts';
import {
  claimDueDeliveries,
  disableEndpoint,
  endpointFailed,
  endpointSucceeded,
  findEndpoint,
  markDelivered,
  markFailed,
  recordStatus,
  releaseDeliveries,
  type ClaimedDelivery,
} from './repository.ts';
import {
  createOutboxWorker,
  retryDelayMs,
  type OutboxWorker,
  type WorkerLog,
} from '../outbox/worker.ts';
import { carryOverOldNotifications } from './carry-over.ts';
import { openSecret, sealStoredSecrets, SecretUnreadable } from './secret-box.ts';
import { CONFIGURED_ENDPOINT, configuredEndpoint } from './events.ts';
import { DeliveryFailed, postDelivery, type TargetRule, type WebhookTarget } from './webhook.ts';

/**
 * The webhook worker (docs/rules/webhooks.md#delivery-and-retries): the shared outbox loop
 * (outbox/worker.ts) POSTing each due delivery, signed with its endpoint's secret. A 2xx answer
 * delivers it; anything else (another status, a timeout, a refused connection) is retried. Up to
 * DELIVERY_LANES endpoints are sent to at once, one delivery at a time each; an endpoint that
 * fails backs off as a whole, and one that has failed every attempt for WEBHOOK_DISABLE_AFTER_DAYS
 * is disabled, audited, its deliveries kept.
 */

export { MAX_ATTEMPTS, retryDelayMs, type WorkerLog } from '../outbox/worker.ts';
export type NotificationWorker = OutboxWorker;

/** How many endpoints are sent to at once. */
export const DELIVERY_LANES = 4;

/** Who the audit names for an endpoint the worker disabled. */
export const WORKER_ACTOR = 'webhook-worker';

export function createNotificationWorker(
  ctx: AppContext,
  log: WorkerLog,
  options: { pollMs?: number; timeoutMs?: number } = {},
): NotificationWorker {
  const configured = configuredEndpoint(ctx.config);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const { db } = ctx.database;

  // The receiver's 2xx status is the receipt: recorded with the delivery, after it was accepted.
  return createOutboxWorker<ClaimedDelivery, number>(
    {
      enabled: true,
      now: ctx.now,
      claim: async (now, until, limit) => {
        await carryOverOldNotifications(db, ctx);
        // Secrets still in clear (added before the key was set, or by an older instance): sealed.
        await sealStoredSecrets(db, ctx.config.webhooks.secretKey);
        return claimDueDeliveries(db, now, until, limit, configured !== undefined);
      },
      send: (delivery) => sendDelivery(ctx, log, delivery, { configured, timeoutMs }),
      // Written only after the receiver's 2xx, and tried again while the database is away: a
      // write failing here never makes the delivery a failed one, sent again (outbox/worker.ts).
      // The status and the endpoint's recovery first: a row shown delivered has its status.
      markDelivered: async (delivery, at, status) => {
        await recordStatus(db, delivery.id, status);
        if (delivery.endpoint_id !== CONFIGURED_ENDPOINT)
          await endpointSucceeded(db, delivery.endpoint_id);
        await markDelivered(db, delivery.id, at);
      },
      markFailed: (id, next, error) => markFailed(db, id, next, error),
      release: (rows, at) =>
        releaseDeliveries(
          db,
          rows.map((r) => r.id),
          at,
        ),
      concurrency: DELIVERY_LANES,
      laneOf: (delivery) => delivery.endpoint_id,
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
        unrecorded:
          'webhook delivered but not yet recorded (the database away); recording it when it returns',
      },
    },
    log,
    options.pollMs ? { pollMs: options.pollMs } : {},
  );
}

/** The configured endpoint (OPS_WEBHOOK_URL), when set, and how long a POST may take. */
interface Reach {
  configured: ReturnType<typeof configuredEndpoint>;
  timeoutMs: number;
}

/**
 * POSTs one delivery, signed; a refused one has its status recorded and counts against its
 * endpoint.
 */
async function sendDelivery(
  ctx: AppContext,
  log: WorkerLog,
  delivery: ClaimedDelivery,
  reach: Reach,
): Promise<number> {
  const rule: TargetRule = {
    allowedHosts: ctx.config.webhooks.allowedHosts,
    resolve: ctx.resolveHost,
    env: ctx.config.env,
  };
  try {
    return await postDelivery(
      await targetOf(ctx, reach, delivery),
      {
        id: delivery.event_id,
        type: delivery.type,
        timestamp: delivery.event_created_at.toISOString(),
        version: 1,
        data: delivery.data,
      },
      rule,
    );
  } catch (error) {
    if (error instanceof DeliveryFailed) {
      await recordStatus(ctx.database.db, delivery.id, error.status);
      await endpointFailing(ctx, log, delivery.endpoint_id);
    }
    throw error;
  }
}

/** Where a delivery goes: the configured endpoint, or a row read afresh (its secret may change). */
async function targetOf(
  ctx: AppContext,
  { configured, timeoutMs }: Reach,
  delivery: ClaimedDelivery,
): Promise<WebhookTarget> {
  if (delivery.endpoint_id === CONFIGURED_ENDPOINT && configured)
    return { ...configured, timeoutMs };
  const endpoint = await findEndpoint(ctx.database.db, delivery.endpoint_id);
  if (!endpoint || endpoint.disabled_at) throw new DeliveryFailed('endpoint disabled', null);
  try {
    const secret = openSecret(endpoint.secret, endpoint.id, ctx.config.webhooks.secretKey);
    return { url: endpoint.url, secret, timeoutMs };
  } catch (error) {
    // A failed attempt, kept for a person, never a crash: docs/decisions/027-webhooks.md.
    if (error instanceof SecretUnreadable) throw new DeliveryFailed(error.message, null);
    throw error;
  }
}

/**
 * A failed attempt to an endpoint row: it backs off as a whole (retry_at), and is disabled once
 * it has failed every attempt for WEBHOOK_DISABLE_AFTER_DAYS, in the same transaction as its
 * audit entry. Its deliveries stay as they are, to go once a manager enables it again.
 */
async function endpointFailing(ctx: AppContext, log: WorkerLog, endpointId: string): Promise<void> {
  if (endpointId === CONFIGURED_ENDPOINT) return;
  const now = ctx.now();
  await inTransaction(ctx.database.db, async (trx) => {
    const row = await endpointFailed(
      trx,
      endpointId,
      now,
      (failures) => new Date(now.getTime() + retryDelayMs(failures)),
    );
    if (!row?.failing_since) return;
    const failingMs = now.getTime() - row.failing_since.getTime();
    if (failingMs < ctx.config.webhooks.disableAfterMs) return;
    if (!(await disableEndpoint(trx, endpointId, now, WORKER_ACTOR))) return;
    await recordAudit(trx, {
      operatorEmail: WORKER_ACTOR,
      at: now,
      action: 'webhook_endpoint_disabled',
      subjectType: 'webhook_endpoint',
      subjectId: endpointId,
      after: {
        reason: 'failing',
        failingSince: row.failing_since.toISOString(),
        failures: row.failures,
      },
    });
    log.error(
      { endpoint_id: endpointId, failing_since: row.failing_since, failures: row.failures },
      'webhook endpoint disabled: every attempt failed',
    );
  });
}
