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
 *
 * A row the receiver accepted is delivered even when recording it fails (the database away just
 * then; docs/decisions/017-mail-outbox.md, "Accepted, then recorded"): it is kept in memory,
 * never treated as a failed attempt, and recorded when the database returns, tried every
 * RECORD_RETRY_MS and before any new claim, so it is written long before its claim (CLAIM_MS)
 * would let another instance send it again. Only a process killed meanwhile loses it; the repeat
 * then carries the same id (docs/rules/mail.md, docs/rules/webhooks.md).
 */

/** Delays after the 1st, 2nd, ... failed attempt; the last repeats (capped at an hour). */
export const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];
export const MAX_ATTEMPTS = 12;
/** A claimed row is not taken by another worker for this long (longer than any sending). */
export const CLAIM_MS = 2 * 60_000;
const BATCH = 20;
/** The longest wait between rounds while they fail. */
export const ROUND_BACKOFF_CAP_MS = 60_000;
/** How often an accepted delivery not yet recorded is tried again (the database away). */
export const RECORD_RETRY_MS = 1_000;

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
export interface OutboxSpec<Row extends { id: string; attempts: number }, Receipt = void> {
  /** False when nothing is configured to deliver to: the rows stay in the outbox. */
  enabled: boolean;
  now: () => Date;
  claim(now: Date, until: Date, limit: number): Promise<Row[]>;
  /** Resolves once the receiver accepted the row (with what recording it needs); throws if not. */
  send(row: Row): Promise<Receipt>;
  /**
   * Records an accepted row as delivered; may run again for the same row (a retry after the
   * database was away), so it must be idempotent.
   */
  markDelivered(row: Row, at: Date, receipt: Receipt): Promise<void>;
  markFailed(id: string, next: Date | null, error: string): Promise<void>;
  count(outcome: DeliveryOutcome): void;
  /** What a log line names about the row (its id, its kind). */
  describe(row: Row): object;
  /**
   * The log messages: a failed attempt, giving up, a round that failed, and an accepted row whose
   * recording failed (kept in memory until the database returns).
   */
  messages: { failed: string; gaveUp: string; round: string; unrecorded: string };
  /** How many lanes are sent at once (1 by default). */
  concurrency?: number;
  /** The lane a row goes in; its own by default. */
  laneOf?: (row: Row) => string;
  /** Hands claimed rows back unsent, due at `at`, their attempt not counted. */
  release?: (rows: Row[], at: Date) => Promise<void>;
}
export function createOutboxWorker<Row extends OutboxRow, Receipt = void>(
  spec: OutboxSpec<Row, Receipt>,
  log: WorkerLog,
  options: { pollMs?: number; recordRetryMs?: number } = {},
): OutboxWorker {
  const pollMs = options.pollMs ?? 2_000;
  const recordRetryMs = options.recordRetryMs ?? RECORD_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  const accepted = acceptedRows(spec, log, recordRetryMs, () => stopped);

  function runOnce(): Promise<number> {
    // One round at a time per worker: a second caller waits for the first's.
    running ??= sendRound(spec, accepted, (row) => deliver(spec, log, accepted, row)).finally(
      () => {
        running = undefined;
      },
    );
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
      accepted.stopRetrying();
      await running?.catch(() => undefined);
      await accepted.lastTry();
    },
    runOnce,
  };
}

type OutboxRow = { id: string; attempts: number };

/**
 * Rows the receiver accepted whose recording failed, by id: delivered, so never sent again by
 * this instance, and recorded once the database answers.
 */
interface AcceptedRows<Row, Receipt> {
  readonly size: number;
  /** Records every accepted row still in memory, oldest first; throws while the database is away. */
  record(): Promise<void>;
  /** Keeps an accepted row whose recording failed, tried again every recordRetryMs. */
  keep(row: Row, at: Date, receipt: Receipt): void;
  stopRetrying(): void;
  /** On stopping, a last try: a row left unrecorded is sent again, with the same id, once its claim ends. */
  lastTry(): Promise<void>;
}

function acceptedRows<Row extends OutboxRow, Receipt>(
  spec: OutboxSpec<Row, Receipt>,
  log: WorkerLog,
  recordRetryMs: number,
  stopped: () => boolean,
): AcceptedRows<Row, Receipt> {
  const unrecorded = new Map<string, { row: Row; at: Date; receipt: Receipt }>();
  let recording: Promise<void> | undefined;
  let recordTimer: NodeJS.Timeout | undefined;

  function record(): Promise<void> {
    recording ??= (async () => {
      for (const [id, accepted] of unrecorded) {
        await spec.markDelivered(accepted.row, accepted.at, accepted.receipt);
        unrecorded.delete(id);
      }
    })().finally(() => {
      recording = undefined;
    });
    return recording;
  }

  /** Tries the unrecorded rows every recordRetryMs, whatever the rounds' backoff, until none is left. */
  function keepRecording(): void {
    if (recordTimer || stopped() || unrecorded.size === 0) return;
    recordTimer = setTimeout(() => {
      record()
        .catch(() => undefined)
        .finally(() => {
          recordTimer = undefined;
          keepRecording();
        });
    }, recordRetryMs);
    recordTimer.unref();
  }

  return {
    get size() {
      return unrecorded.size;
    },
    record,
    keep(row, at, receipt) {
      unrecorded.set(row.id, { row, at, receipt });
      keepRecording();
    },
    stopRetrying() {
      clearTimeout(recordTimer);
    },
    async lastTry() {
      if (unrecorded.size === 0) return;
      await record().catch((error: unknown) => {
        for (const { row } of unrecorded.values())
          log.error(
            { ...spec.describe(row), err: error },
            `${spec.messages.unrecorded}: not recorded before stopping, so sent again once its claim ends`,
          );
      });
    },
  };
}

/**
 * What sending one row gives: undefined when delivered, 'unrecorded' when delivered but not recorded (the
 * database away), else when the lane may try again.
 */
type Delivered = Date | 'unrecorded' | undefined;

async function deliver<Row extends OutboxRow, Receipt>(
  spec: OutboxSpec<Row, Receipt>,
  log: WorkerLog,
  accepted: AcceptedRows<Row, Receipt>,
  row: Row,
): Promise<Delivered> {
  let receipt: Receipt;
  try {
    receipt = await spec.send(row);
  } catch (error) {
    return await failed(spec, log, row, error);
  }
  // Accepted: delivered, whatever recording it does. A failed write is never a failed attempt,
  // which would send it again (docs/decisions/017-mail-outbox.md, "Accepted, then recorded").
  spec.count('delivered');
  const at = spec.now();
  try {
    await spec.markDelivered(row, at, receipt);
    return undefined;
  } catch (error) {
    log.warn(
      { ...spec.describe(row), attempts: row.attempts, err: error },
      spec.messages.unrecorded,
    );
    accepted.keep(row, at, receipt);
    return 'unrecorded';
  }
}

/** A failed attempt: due again after a growing delay, or given up after MAX_ATTEMPTS. */
async function failed<Row extends OutboxRow, Receipt>(
  spec: OutboxSpec<Row, Receipt>,
  log: WorkerLog,
  row: Row,
  error: unknown,
): Promise<Date> {
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

/** One round: claims the due rows and sends them lane by lane; resolves with how many were delivered. */
async function sendRound<Row extends OutboxRow, Receipt>(
  spec: OutboxSpec<Row, Receipt>,
  accepted: AcceptedRows<Row, Receipt>,
  deliver: (row: Row) => Promise<Delivered>,
): Promise<number> {
  if (!spec.enabled) return 0;
  // What was accepted and not recorded goes first: no new claim while the database refuses it.
  if (accepted.size > 0) await accepted.record();
  const now = spec.now();
  const rows = await spec.claim(now, new Date(now.getTime() + CLAIM_MS), BATCH);
  const laneOf = spec.laneOf ?? ((row: Row) => row.id);
  const lanes = new Map<string, Row[]>();
  for (const row of rows) lanes.set(laneOf(row), [...(lanes.get(laneOf(row)) ?? []), row]);
  const queue = [...lanes.values()];
  let delivered = 0;
  // Once a recording failed, nothing more is sent this round: the rest stay claimed, unsent,
  // and fall due again when their claim ends; one more accepted row would only wait in memory.
  let halted = false;

  /** One lane's rows in turn, until one fails: the rest go back, due when it may try again. */
  async function sendLane(rows: Row[]): Promise<void> {
    for (const [i, row] of rows.entries()) {
      if (halted) return;
      const again = await deliver(row);
      if (again === undefined || again === 'unrecorded') {
        delivered += 1;
        if (again === 'unrecorded') halted = true;
        continue;
      }
      const rest = rows.slice(i + 1);
      if (rest.length > 0 && spec.release) await spec.release(rest, again);
      else
        for (const other of rest) {
          if (halted) return;
          const outcome = await deliver(other);
          if (outcome === undefined || outcome === 'unrecorded') delivered += 1;
          if (outcome === 'unrecorded') halted = true;
        }
      return;
    }
  }

  const worker = async () => {
    for (let lane = queue.shift(); lane && !halted; lane = queue.shift()) await sendLane(lane);
  };
  // Every lane ends before the round does, even when one throws (the database away): a round
  // still sending must not overlap the next.
  const lanesDone = await Promise.allSettled(
    Array.from({ length: Math.min(spec.concurrency ?? 1, queue.length) }, worker),
  );
  const failedLane = lanesDone.find((lane) => lane.status === 'rejected');
  if (failedLane) throw failedLane.reason;
  return delivered;
}
