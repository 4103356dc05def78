import type { InstallBodyFacts } from '@fibre/domain/install';
import { Refusal } from '../http/errors.ts';
import { NEEDS_ATTENTION } from '../metrics/metrics.ts';
import { recordNeedsAttention, recordOrderEvent } from '../notifications/index.ts';
import {
  claimIdempotencyKey,
  deleteOrder,
  findIdempotentAnswer,
  lockIdempotentAnswer,
  findOrder,
  finishOrder,
  saveIdempotentAnswer,
  takeLease,
} from './repository/orders.ts';
import { restoreReservation } from '../scheduling/index.ts';
import { inTransaction } from '../db/transactions.ts';
import { issueOrderLink, queueOrderConfirmation } from '../mail/index.ts';
import { rebuildOrder } from './rebuild-order.ts';
import { subscriptionRequest, taskRequest } from './adapter-requests.ts';
import { keyReused } from './install-refusals.ts';
import {
  keptAnswer,
  orderPagePath,
  placedAnswer,
  placedFactsFor,
  placedFactsOf,
  replayedAnswer,
  type InstallAnswer,
} from './placed-answer.ts';
import { writeOrder, type InstallDeps, type WrittenOrder } from './write-order.ts';

/**
 * The install's unit of work when billing or scheduling is an external service (Chargebee,
 * Arrivy) that cannot join the database transaction (docs/decisions/004-external-adapters.md):
 *
 * 1. One transaction claims the Idempotency-Key, prices the order, consumes the hold and writes the
 *    order as `pending` under a lease (plus any embedded ledger or calendar rows). A declined local
 *    card or an expired hold rolls it all back, as the embedded unit of work does.
 * 2. Billing, then scheduling, each idempotent per order.
 * 3. One transaction confirms the order and stores the answer under the key.
 *
 * A failure undoes what was done before it and gives the hold back, when the undo is certain;
 * when it is not (a service's outcome is unknown, or the undo itself failed) the order is kept as
 * `needs_attention`: no paid order is lost, and no installer task exists without its order.
 * A retry with the same key resumes a pending order whose lease has lapsed (its request died).
 */

/** Long enough for every external call and its timeout. */
export const LEASE_MS = 3 * 60_000;

export interface ExternalInstall {
  /** What the body says (readInstallBody). */
  facts: InstallBodyFacts;
  requestHash: string;
  idempotencyKey: string | undefined;
  now: Date;
  /** The visitor's address, for the acceptance record (write-order.ts). */
  client: string | null;
}

const inProgress = () =>
  new Refusal(
    'unavailable',
    'order_in_progress',
    'Your order is still being placed. Please wait a moment, then try again.',
  );
const schedulingFailed = () =>
  new Refusal(
    'unavailable',
    'scheduling_failed',
    'We could not book your installation, so your order was not placed. Please try again.',
  );
const paymentUnconfirmed = () =>
  new Refusal(
    'unavailable',
    NEEDS_ATTENTION,
    'We could not confirm your payment. Please call us so that we can finalise your order.',
  );

export async function installExternally(
  deps: InstallDeps,
  input: ExternalInstall,
): Promise<InstallAnswer> {
  const { ctx, billing, calendar } = deps;
  const { facts, requestHash, idempotencyKey: key, now, client } = input;
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const first = await inTransaction(ctx.database.db, async (trx) => {
    if (key !== undefined) {
      const earlier = await claimIdempotencyKey(trx, key, requestHash, now);
      if (earlier) {
        if (earlier.request_hash !== requestHash) throw keyReused();
        if (earlier.status_code !== 0) {
          return { answer: await replayedAnswer(trx, earlier.response) };
        }
        return { resume: String(earlier.response.order_id) };
      }
    }
    const order = await writeOrder(trx, ctx, facts, now, {
      status: 'pending',
      leaseUntil,
      client,
    });
    if (billing.kind === 'local') {
      await billing.subscribe(trx, subscriptionRequest(order, facts), now);
    }
    if (calendar.kind === 'local') {
      await calendar.createTask(trx, taskRequest(order, facts), now);
    }
    if (key !== undefined) await saveIdempotentAnswer(trx, key, 0, { order_id: order.orderId });
    return { order };
  });
  if ('answer' in first) return first.answer as InstallAnswer;
  if ('resume' in first) return resume(deps, input, first.resume as string);
  return complete(deps, input, first.order);
}

/** A retry of a key whose order is still pending: finish it if nobody else is. */
async function resume(
  deps: InstallDeps,
  input: ExternalInstall,
  orderId: string,
): Promise<InstallAnswer> {
  const { db } = deps.ctx.database;
  const order = await findOrder(db, orderId);
  if (!order) throw inProgress();
  if (order.status !== 'pending') {
    // Another request finished it meanwhile and stored its answer under the key: the same one.
    const stored =
      input.idempotencyKey === undefined
        ? undefined
        : await findIdempotentAnswer(db, input.idempotencyKey);
    if (stored && stored.status_code !== 0) return replayedAnswer(db, stored.response);
    return placedAnswer(await placedFactsFor(db, orderId), null);
  }
  const now = deps.ctx.now();
  if (!(await takeLease(db, orderId, 'pending', now, new Date(now.getTime() + LEASE_MS)))) {
    throw inProgress();
  }
  return complete(deps, input, await rebuildOrder(deps, order, input));
}

async function complete(
  deps: InstallDeps,
  input: ExternalInstall,
  order: WrittenOrder,
): Promise<InstallAnswer> {
  const { billing, calendar } = deps;
  const { facts, idempotencyKey: key } = input;
  const orderId = order.orderId;
  let refs: {
    billingCustomerRef?: string;
    billingSubscriptionRef?: string;
    taskRef?: string;
    cardScheme?: string | null;
  } = {};

  if (billing.kind === 'external') {
    try {
      const rules = deps.ctx.catalogue.current().domain;
      const subscription = await billing.subscribe(subscriptionRequest(order, facts, rules));
      refs = {
        billingCustomerRef: subscription.customerId,
        billingSubscriptionRef: subscription.subscriptionId,
        // The card billing reported, where the order was priced before it was known (009).
        ...(subscription.cardScheme !== undefined ? { cardScheme: subscription.cardScheme } : {}),
      };
    } catch (error) {
      const answer = asAnswer(error);
      // A refusal (declined card, bad token) billed nothing; anything else may have.
      if (answer.status >= 500 && !(await undone(() => billing.cancel(orderId)))) {
        await keepForAttention(
          deps,
          input,
          order,
          'billing outcome unknown and not undone',
          {},
          false,
        );
        throw paymentUnconfirmed();
      }
      await undoOrder(deps, input, order);
      throw answer;
    }
  }

  if (calendar.kind === 'external') {
    try {
      refs.taskRef = (await calendar.createTask(taskRequest(order, facts))).taskId;
    } catch (error) {
      // A timeout may hide a task that was made: only a definite "none" allows the undo.
      const found = await calendar.findTask(orderId).catch(() => undefined);
      if (found) {
        refs.taskRef = found;
      } else if (
        found === null &&
        (billing.kind === 'local' || (await undone(() => billing.cancel(orderId))))
      ) {
        await undoOrder(deps, input, order);
        const answer = schedulingFailed();
        answer.cause = error;
        throw answer;
      } else {
        // Billed, and the slot is ours in the database: the order stands; a person makes the task.
        return keepForAttention(
          deps,
          input,
          order,
          found === null
            ? 'installer task not created and billing not undone'
            : 'installer task not confirmed',
          refs,
          true,
          error,
        );
      }
    }
  }

  return inTransaction(deps.ctx.database.db, async (trx) => {
    // Another request for this key finished the order meanwhile (it took over a lapsed lease):
    // its answer, the same order page link included, is this one's too.
    const stored = key === undefined ? undefined : await lockIdempotentAnswer(trx, key);
    if (stored && stored.status_code !== 0) return replayedAnswer(trx, stored.response);
    await finishOrder(trx, orderId, { status: 'confirmed', ...refs });
    // The provider's systems hear of it, committed with the status (docs/rules/webhooks.md).
    await recordOrderEvent(trx, deps.ctx, orderId, { type: 'order.confirmed' });
    // The confirmation email, committed with the 201 (docs/rules/mail.md).
    const now = deps.ctx.now();
    await queueOrderConfirmation(trx, deps.ctx, orderId, now, facts.unit);
    // The order page's link for this browser, kept in the key's answer for a retry (decision 025).
    const token = await issueOrderLink(trx, orderId, now);
    const answer = placedAnswer(placedFactsOf(order), orderPagePath(token));
    if (key !== undefined)
      await saveIdempotentAnswer(trx, key, answer.status, keptAnswer(answer.body));
    return answer;
  });
}

/** Billing's answer for the visitor (a declined card), or: billing is unavailable. */
function asAnswer(error: unknown): Refusal {
  if (error instanceof Refusal) return error;
  const answer = new Refusal(
    'unavailable',
    'billing_unavailable',
    'Billing is unavailable right now.',
  );
  answer.cause = error;
  return answer;
}

async function undone(undo: () => Promise<void>): Promise<boolean> {
  try {
    await undo();
    return true;
  } catch {
    return false;
  }
}

/** Nothing is left outside: the order goes, the hold comes back, the key is free for a retry. */
async function undoOrder(
  deps: InstallDeps,
  input: ExternalInstall,
  order: WrittenOrder,
): Promise<void> {
  await inTransaction(deps.ctx.database.db, async (trx) => {
    await deleteOrder(trx, order.orderId, input.idempotencyKey);
    await restoreReservation(trx, order.held.reservation_id);
  });
}

/** The order stands, billed, with its slot consumed; a person finishes it. Reported, never lost. */
async function keepForAttention(
  deps: InstallDeps,
  input: ExternalInstall,
  order: WrittenOrder,
  reason: string,
  refs: { billingCustomerRef?: string; billingSubscriptionRef?: string; taskRef?: string },
  /** The visitor gets 201 for it: the confirmation email goes too (docs/rules/mail.md). */
  confirm: boolean,
  error?: unknown,
): Promise<InstallAnswer> {
  const answer = await inTransaction(deps.ctx.database.db, async (trx) => {
    await finishOrder(trx, order.orderId, {
      status: 'needs_attention',
      attentionReason: reason,
      ...refs,
    });
    // Staff hear of it through the outbox, committed with the status (docs/rules/webhooks.md).
    await recordNeedsAttention(trx, deps.ctx, [order.orderId]);
    // The visitor's 201 carries the order page's link, as a confirmed order's does.
    let token: string | null = null;
    if (confirm) {
      await queueOrderConfirmation(trx, deps.ctx, order.orderId, deps.ctx.now(), input.facts.unit);
      token = await issueOrderLink(trx, order.orderId, deps.ctx.now());
    }
    const placed = placedAnswer(placedFactsOf(order), token === null ? null : orderPagePath(token));
    if (input.idempotencyKey !== undefined)
      await saveIdempotentAnswer(trx, input.idempotencyKey, placed.status, keptAnswer(placed.body));
    return placed;
  });
  deps.ctx.metrics.installFailed(NEEDS_ATTENTION);
  const problem = new Error(`Order ${order.orderId} needs attention: ${reason}`, { cause: error });
  deps.log?.error({ err: problem, order_id: order.orderId }, 'order needs attention');
  deps.reporter?.report(problem, { order_id: order.orderId });
  return answer;
}
