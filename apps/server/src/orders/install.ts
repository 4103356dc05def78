import { createHash } from 'node:crypto';
import { readInstallBody, type InstallBodyFacts } from '@fibre/domain/install';
import { accepted, Refusal, refused, type Outcome } from '../http/errors.ts';
import { claimIdempotencyKey, saveIdempotentAnswer } from './repository/orders.ts';
import { inTransaction } from '../db/transactions.ts';
import { issueOrderLink, queueOrderConfirmation } from '../mail/index.ts';
import { recordOrderEvent } from '../notifications/index.ts';
import { installExternally } from './install-external.ts';
import { subscriptionRequest, taskRequest } from './adapter-requests.ts';
import { keyReused } from './install-refusals.ts';
import {
  keptAnswer,
  orderPagePath,
  placedAnswer,
  placedFactsOf,
  replayedAnswer,
  type InstallAnswer,
} from './placed-answer.ts';
import { writeOrder, type InstallDeps } from './write-order.ts';

export type { InstallAnswer } from './placed-answer.ts';
export type { InstallDeps } from './write-order.ts';

/**
 * The install's outcome: the answer of a placed (or replayed) order, or why it was refused. The
 * route throws a refusal and the error handler answers it (docs/rules/api.md, Errors); billing's
 * own answers (a declined card) are the billing adapter's refusals.
 */
export type InstallOutcome = Outcome<InstallAnswer>;

/** Stable across key order, so a retry of the same body hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a.localeCompare(b),
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The body's shape and the contact rules together (readInstallBody): one 400 names every invalid field. */
function readBody(rawBody: unknown): InstallBodyFacts {
  const read = readInstallBody(rawBody);
  if (!read.ok) {
    const { code, message, fields } = read.refusal;
    throw new Refusal('invalid', code, message, fields);
  }
  return read.facts;
}

/**
 * Places an order as one unit of work (docs/rules/orders.md). With the embedded ledger and
 * calendar, the hold becomes a booking, and the order, its billing customer and subscription and
 * its installer task are written in ONE transaction, or nothing is. With an external service
 * (Chargebee, Arrivy) that cannot join a transaction, install-external.ts runs the same steps as
 * a saga. A repeated Idempotency-Key with the same body answers what the first request got.
 */
export async function install(
  deps: InstallDeps,
  rawBody: unknown,
  idempotencyKey: string | undefined,
  client: string | null = null,
): Promise<InstallOutcome> {
  try {
    return accepted(await placeOrder(deps, rawBody, idempotencyKey, client));
  } catch (error) {
    // Every way an install fails, counted by cause (README, Metrics).
    deps.ctx.metrics.installFailed(error);
    if (error instanceof Refusal) return refused(error);
    throw error;
  }
}

async function placeOrder(
  deps: InstallDeps,
  rawBody: unknown,
  idempotencyKey: string | undefined,
  client: string | null,
): Promise<InstallAnswer> {
  const { ctx } = deps;
  const facts = readBody(rawBody);
  const requestHash = createHash('sha256').update(canonical(rawBody)).digest('hex');
  const now = ctx.now();

  if (deps.billing.kind === 'external' || deps.calendar.kind === 'external') {
    return installExternally(deps, { facts, requestHash, idempotencyKey, now, client });
  }
  const { billing, calendar } = deps;
  return inTransaction(ctx.database.db, async (trx) => {
    if (idempotencyKey !== undefined) {
      const earlier = await claimIdempotencyKey(trx, idempotencyKey, requestHash, now);
      if (earlier) {
        if (earlier.request_hash !== requestHash) throw keyReused();
        return replayedAnswer(trx, earlier.response);
      }
    }
    const order = await writeOrder(trx, ctx, facts, now, { status: 'confirmed', client });
    await billing.subscribe(trx, subscriptionRequest(order, facts), now);
    await calendar.createTask(trx, taskRequest(order, facts), now);
    // The provider's systems hear of it, committed with the order (docs/rules/webhooks.md).
    await recordOrderEvent(trx, ctx, order.orderId, { type: 'order.confirmed' });
    // The confirmation email, committed with the order (docs/rules/mail.md).
    await queueOrderConfirmation(trx, ctx, order.orderId, now, facts.unit);
    // The order page's link for this browser, kept in the key's answer for a retry (decision 025).
    const token = await issueOrderLink(trx, order.orderId, now);
    const answer = placedAnswer(placedFactsOf(order), orderPagePath(token));
    if (idempotencyKey !== undefined)
      await saveIdempotentAnswer(trx, idempotencyKey, answer.status, keptAnswer(answer.body));
    return answer;
  });
}
