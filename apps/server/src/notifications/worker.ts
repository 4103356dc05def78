import type { AppContext } from '../context.ts';
import {
  claimDueNotifications,
  markDelivered,
  markFailed,
  type NotificationRow,
} from '../repositories/notifications.ts';
import { postDelivery, type WebhookTarget } from './webhook.ts';

/**
 * The outbox worker (docs/rules/notifications.md): every `pollMs` it claims the due, undelivered
 * notifications and POSTs each, signed, to OPS_WEBHOOK_URL. A 2xx answer delivers it; anything
 * else (another status, a timeout, a refused connection) is tried again after a growing delay
 * with jitter, up to MAX_ATTEMPTS, after which the row stays with its last error. Due times come
 * from the app's clock (ctx.now), so tests move time instead of waiting.
 */

/** Delays after the 1st, 2nd, ... failed attempt; the last repeats (capped at an hour). */
export const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];
export const MAX_ATTEMPTS = 12;
/** A claimed row is not taken by another worker for this long (longer than any request). */
const CLAIM_MS = 2 * 60_000;
const BATCH = 20;

/** The delay before the next attempt after `attempts` failed ones: ±20 % jitter, at most 1 h. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? 10_000;
  return Math.min(3_600_000, Math.round(base * (0.8 + 0.4 * random())));
}

export interface NotificationWorker {
  /** Starts polling (nothing when no webhook is configured). */
  start(): void;
  /** Stops polling and waits for a round in progress. */
  stop(): Promise<void>;
  /** One round: sends what is due now; resolves with how many were delivered. */
  runOnce(): Promise<number>;
}

export interface WorkerLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export function createNotificationWorker(
  ctx: AppContext,
  log: WorkerLog,
  options: { pollMs?: number; timeoutMs?: number } = {},
): NotificationWorker {
  const { OPS_WEBHOOK_URL: url, OPS_WEBHOOK_SECRET: secret } = ctx.config.keys;
  const target: WebhookTarget | undefined =
    url && secret ? { url, secret, timeoutMs: options.timeoutMs ?? 10_000 } : undefined;
  const pollMs = options.pollMs ?? 2_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function deliver(row: NotificationRow, to: WebhookTarget): Promise<boolean> {
    try {
      await postDelivery(
        to,
        { id: row.id, type: row.kind, created_at: row.created_at.toISOString(), data: row.payload },
        ctx.now(),
      );
      await markDelivered(ctx.database.db, row.id, ctx.now());
      ctx.metrics.notification('delivered');
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      const next = giveUp ? null : new Date(ctx.now().getTime() + retryDelayMs(row.attempts));
      await markFailed(ctx.database.db, row.id, next, reason);
      ctx.metrics.notification(giveUp ? 'gave_up' : 'failed');
      (giveUp ? log.error : log.warn).call(
        log,
        { notification_id: row.id, kind: row.kind, attempts: row.attempts, err: error },
        giveUp ? 'ops notification given up' : 'ops notification not delivered; will retry',
      );
      return false;
    }
  }

  async function round(): Promise<number> {
    if (!target) return 0;
    const now = ctx.now();
    const rows = await claimDueNotifications(
      ctx.database.db,
      now,
      new Date(now.getTime() + CLAIM_MS),
      BATCH,
    );
    let delivered = 0;
    for (const row of rows) if (await deliver(row, target)) delivered += 1;
    return delivered;
  }

  function runOnce(): Promise<number> {
    // One round at a time per worker: a second caller waits for the first's.
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.warn({ err: error }, 'ops notification round failed'))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    start() {
      if (!target || timer || stopped) return;
      // Whatever an earlier run left undelivered is due now: the first round picks it up.
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}
