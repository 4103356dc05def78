/**
 * The loop both outboxes share (docs/rules/webhooks.md, docs/rules/mail.md): every `pollMs`
 * it claims the due, undelivered rows and hands each to `send`. Success marks the row delivered;
 * a failure is tried again after a growing delay with jitter, up to MAX_ATTEMPTS, after which the
 * row stays with its last error. A round that fails as a whole (the database away) is tried again
 * after a growing wait. Due times come from the app's clock (ctx.now), so tests move time instead
 * of waiting.
 *
 * Rows go in lanes (`laneOf`: a webhook's endpoint; each mail its own): up to `concurrency` lanes
 * at once, each lane's rows one after another, so one slow receiver holds up no other. After a
 * failure, the rest of that lane's rows are handed back unsent (`release`): a receiver that is
 * down costs one attempt, not one timeout per row.
 */

/** Delays after the 1st, 2nd, ... failed attempt; the last repeats (capped at an hour). */
export const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];
export const MAX_ATTEMPTS = 12;
/** A claimed row is not taken by another worker for this long (longer than any sending). */
export const CLAIM_MS = 2 * 60_000;
const BATCH = 20;
/** The longest wait between rounds while they fail. */
export const ROUND_BACKOFF_CAP_MS = 60_000;

/** The delay before the next attempt after `attempts` failed ones: ±20 % jitter, at most 1 h. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? 10_000;
  return Math.min(3_600_000, Math.round(base * (0.8 + 0.4 * random())));
}

export interface OutboxWorker {
  /** Starts polling (nothing when there is nowhere to deliver). */
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

export type DeliveryOutcome = 'delivered' | 'failed' | 'gave_up';

/** One outbox: how its rows are claimed, sent and marked, and what its log lines say. */
export interface OutboxSpec<Row extends { id: string; attempts: number }> {
  /** False when nothing is configured to deliver to: the rows stay in the outbox. */
  enabled: boolean;
  now: () => Date;
  claim(now: Date, until: Date, limit: number): Promise<Row[]>;
  send(row: Row): Promise<void>;
  markDelivered(id: string, at: Date): Promise<void>;
  markFailed(id: string, next: Date | null, error: string): Promise<void>;
  count(outcome: DeliveryOutcome): void;
  /** What a log line names about the row (its id, its kind). */
  describe(row: Row): object;
  /** The log messages: a failed attempt, giving up, a round that failed. */
  messages: { failed: string; gaveUp: string; round: string };
  /** How many lanes are sent at once (1 by default). */
  concurrency?: number;
  /** The lane a row goes in; its own by default. */
  laneOf?: (row: Row) => string;
  /** Hands claimed rows back unsent, due at `at`, their attempt not counted. */
  release?: (rows: Row[], at: Date) => Promise<void>;
}

export function createOutboxWorker<Row extends { id: string; attempts: number }>(
  spec: OutboxSpec<Row>,
  log: WorkerLog,
  options: { pollMs?: number } = {},
): OutboxWorker {
  const pollMs = options.pollMs ?? 2_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  const concurrency = spec.concurrency ?? 1;
  const laneOf = spec.laneOf ?? ((row: Row) => row.id);

  /** Sends one row; answers undefined when delivered, else when the lane may try again. */
  async function deliver(row: Row): Promise<Date | undefined> {
    try {
      await spec.send(row);
      await spec.markDelivered(row.id, spec.now());
      spec.count('delivered');
      return undefined;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      const again = new Date(spec.now().getTime() + retryDelayMs(row.attempts));
      const next = giveUp ? null : again;
      await spec.markFailed(row.id, next, reason);
      spec.count(giveUp ? 'gave_up' : 'failed');
      (giveUp ? log.error : log.warn).call(
        log,
        { ...spec.describe(row), attempts: row.attempts, err: error },
        giveUp ? spec.messages.gaveUp : spec.messages.failed,
      );
      return again;
    }
  }

  /** One lane's rows in turn, until one fails: the rest go back, due when it may try again. */
  async function sendLane(rows: Row[]): Promise<number> {
    let delivered = 0;
    for (const [i, row] of rows.entries()) {
      const again = await deliver(row);
      if (!again) {
        delivered += 1;
        continue;
      }
      const rest = rows.slice(i + 1);
      if (rest.length > 0 && spec.release) await spec.release(rest, again);
      else for (const other of rest) if (!(await deliver(other))) delivered += 1;
      break;
    }
    return delivered;
  }

  async function round(): Promise<number> {
    if (!spec.enabled) return 0;
    const now = spec.now();
    const rows = await spec.claim(now, new Date(now.getTime() + CLAIM_MS), BATCH);
    const lanes = new Map<string, Row[]>();
    for (const row of rows) lanes.set(laneOf(row), [...(lanes.get(laneOf(row)) ?? []), row]);
    const queue = [...lanes.values()];
    let delivered = 0;
    const worker = async () => {
      for (let lane = queue.shift(); lane; lane = queue.shift()) {
        // Not `delivered += await …`: that reads `delivered` before the wait, losing the others'.
        const sent = await sendLane(lane);
        delivered += sent;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    return delivered;
  }

  function runOnce(): Promise<number> {
    // One round at a time per worker: a second caller waits for the first's.
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  }

  // Rounds failed in a row (the database away: a restart, a failover): each wait doubles, up to
  // ROUND_BACKOFF_CAP_MS, so the loop waits for it instead of saying so every poll.
  let failedRounds = 0;
  function schedule(): void {
    if (stopped) return;
    const wait = Math.min(pollMs * 2 ** failedRounds, Math.max(pollMs, ROUND_BACKOFF_CAP_MS));
    timer = setTimeout(() => {
      runOnce()
        .then(() => {
          failedRounds = 0;
        })
        .catch((error: unknown) => {
          failedRounds += 1;
          log.warn({ err: error, failed_rounds: failedRounds }, spec.messages.round);
        })
        .finally(schedule);
    }, wait);
    timer.unref();
  }

  return {
    start() {
      if (!spec.enabled || timer || stopped) return;
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
