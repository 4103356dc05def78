import type { InstallBodyFacts } from '@fibre/domain/install';
import { inTransaction } from '../db/transactions.ts';
import { Refusal } from '../http/errors.ts';
import { queueConfirmationOnce } from '../mail/index.ts';
import { recordOrderEvent } from '../notifications/index.ts';
import { recordAudit } from '../operators/index.ts';
import { subscriptionRequest, taskRequest } from './adapter-requests.ts';
import { LEASE_MS } from './install-external.ts';
import {
  eventActor,
  failureText,
  inProgress,
  orderOrNotFound,
  stateOf,
  type Actor,
} from './operator-actions.ts';
import { rebuildOrder } from './rebuild-order.ts';
import { findOrder, finishOrder, takeLease, type OrderRow } from './repository/orders.ts';
import type { InstallDeps } from './write-order.ts';

/*
 * A manager's retry of a needs_attention order's failed external steps
 * (docs/rules/operators.md#acting-on-orders); the other actions are in operator-actions.ts.
 */

type Refs = { billingCustomerRef?: string; billingSubscriptionRef?: string; taskRef?: string };

class StepFailed extends Error {
  constructor(
    readonly step: string,
    readonly detail: string,
  ) {
    super(`${step}: ${detail}`);
  }
}

const notRetryable = (status: string) =>
  new Refusal(
    'conflict',
    'not_retryable',
    `Only an order that needs attention can be retried; this one is ${status}.`,
  );

/**
 * Retries the external steps a needs_attention order lacks, with the install's own adapters, each
 * idempotent per order: billing when it has no subscription reference, the installer task when it
 * has none. Confirmed when both are done; otherwise it stays needs_attention with the new reason
 * and the answer is 502 `retry_failed` naming the step.
 */
export async function retryOrder(deps: InstallDeps, orderId: string, actor: Actor): Promise<void> {
  const order = await orderOrNotFound(deps, orderId);
  const facts = await leaseForRetry(deps, order);
  const { refs, failed } = await retrySteps(deps, order, facts);
  await recordRetry(deps, order, actor, refs, failed);
  if (failed) {
    throw new Refusal(
      'upstream_failed',
      'retry_failed',
      `The retry failed at ${failed.step} (${failed.detail}). The order still needs attention.`,
    );
  }
}

/** The order's kept install facts, once its lease is taken: refused when it may not be retried. */
async function leaseForRetry(deps: InstallDeps, order: OrderRow): Promise<InstallBodyFacts> {
  const { db } = deps.ctx.database;
  const orderId = order.id;
  if (order.status !== 'needs_attention') throw notRetryable(order.status);
  const facts = order.install_facts as InstallBodyFacts | null;
  if (!facts) {
    throw new Refusal(
      'conflict',
      'not_retryable',
      'This order was placed before retries were possible, so what billing and the installer task need was not kept. Finish it by hand in billing and scheduling, then mark it resolved.',
    );
  }
  const now = deps.ctx.now();
  if (!(await takeLease(db, orderId, 'needs_attention', now, new Date(now.getTime() + LEASE_MS)))) {
    const again = await findOrder(db, orderId);
    if (again && again.status !== 'needs_attention') throw notRetryable(again.status);
    throw inProgress();
  }
  return facts;
}

/** Billing, then the installer task, each when the order lacks it: the references made, or the step that failed. */
async function retrySteps(
  deps: InstallDeps,
  order: OrderRow,
  facts: InstallBodyFacts,
): Promise<{ refs: Refs; failed: StepFailed | undefined }> {
  const refs: Refs = {};
  try {
    const written = await rebuildOrder(deps, order, { facts });
    const { billing, calendar } = deps;
    if (billing.kind === 'external' && !order.billing_subscription_ref) {
      try {
        const subscription = await billing.subscribe(subscriptionRequest(written, facts), {
          keepCustomer: true,
        });
        refs.billingCustomerRef = subscription.customerId;
        refs.billingSubscriptionRef = subscription.subscriptionId;
      } catch (error) {
        throw new StepFailed('billing', failureText(error));
      }
    }
    if (calendar.kind === 'external' && !order.task_ref) {
      try {
        refs.taskRef = (await calendar.createTask(taskRequest(written, facts))).taskId;
      } catch (error) {
        // A timeout may hide a task that was made: the order's task is looked for once more.
        const found = await calendar.findTask(order.id).catch(() => null);
        if (!found) throw new StepFailed('installer task', failureText(error));
        refs.taskRef = found;
      }
    }
  } catch (error) {
    const failed =
      error instanceof StepFailed
        ? error
        : new StepFailed('rebuilding the order', failureText(error));
    return { refs, failed };
  }
  return { refs, failed: undefined };
}

/** The order confirmed (its mail and event queued) or still needing attention, and the audit. */
async function recordRetry(
  deps: InstallDeps,
  order: OrderRow,
  actor: Actor,
  refs: Refs,
  failed: StepFailed | undefined,
): Promise<void> {
  const orderId = order.id;
  const before = stateOf(order);
  const after = {
    ...before,
    refs: {
      billingCustomer: refs.billingCustomerRef ?? order.billing_customer_ref,
      billingSubscription: refs.billingSubscriptionRef ?? order.billing_subscription_ref,
      schedulingTask: refs.taskRef ?? order.task_ref,
    },
  };
  const reason = failed ? `retry failed at ${failed.step}: ${failed.detail}` : null;
  await inTransaction(deps.ctx.database.db, async (trx) => {
    await finishOrder(trx, orderId, {
      status: failed ? 'needs_attention' : 'confirmed',
      attentionReason: reason,
      ...refs,
    });
    if (!failed) {
      await queueConfirmationOnce(trx, deps.ctx, orderId, deps.ctx.now());
      await recordOrderEvent(trx, deps.ctx, orderId, {
        type: 'order.resolved',
        by: eventActor(actor),
        how: 'retried',
      });
    }
    await recordAudit(trx, {
      operatorEmail: actor.email,
      at: actor.at,
      action: failed ? 'order_retry_failed' : 'order_retried',
      subjectType: 'order',
      subjectId: orderId,
      before,
      after: {
        ...after,
        status: failed ? 'needs_attention' : 'confirmed',
        reason,
        ...(failed ? { failedStep: failed.step } : {}),
      },
    });
  });
}
