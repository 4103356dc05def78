import type { Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { Refusal, ServiceRefusal } from '../http/errors.ts';
import {
  issueOrderLink,
  orderLinkUrl,
  queueConfirmationOnce,
  queueOrderConfirmation,
} from '../mail/index.ts';
import { recordOrderEvent, type EventActor } from '../notifications/index.ts';
import { recordAudit } from '../operators/index.ts';
import {
  markOrderCancelled,
  releaseBookedReservation,
  resolveOrder,
  restoreLease,
} from './repository/order-actions.ts';
import { findOrder, takeLease, type OrderRow } from './repository/orders.ts';
import { inTransaction } from '../db/transactions.ts';
import { LEASE_MS } from './install-external.ts';
import type { InstallDeps } from './write-order.ts';

/**
 * A manager's actions on an order (docs/rules/operators.md#acting-on-orders): retry the failed
 * external step of an order kept as needs_attention, mark it resolved with a note, or cancel it.
 * Each is audited on the order (subject_type `order`) in the change's own transaction, a failed
 * attempt too. The retry is in operator-retry.ts.
 */

/** Who acts, and when. */
export interface Actor {
  email: string;
  at: Date;
}

/** Who an event says made the change (docs/rules/webhooks.md): the customer or an operator. */
export const eventActor = (actor: Actor): EventActor =>
  actor.email === 'customer' ? { kind: 'customer' } : { kind: 'operator', email: actor.email };

/** What the audit keeps of an order, before and after an action. */
export const stateOf = (order: {
  status: string;
  attention_reason: string | null;
  billing_customer_ref: string | null;
  billing_subscription_ref: string | null;
  task_ref: string | null;
}) => ({
  status: order.status,
  reason: order.attention_reason,
  refs: {
    billingCustomer: order.billing_customer_ref,
    billingSubscription: order.billing_subscription_ref,
    schedulingTask: order.task_ref,
  },
});

export const inProgress = () =>
  new Refusal(
    'conflict',
    'order_in_progress',
    'This order is being worked on by another request right now (an install or another action). Please try again in a few minutes.',
  );

export async function orderOrNotFound(deps: InstallDeps, orderId: string): Promise<OrderRow> {
  const order = await findOrder(deps.ctx.database.db, orderId);
  if (!order) throw new Refusal('not_found', 'not_found', 'No order has this id');
  return order;
}

/** What an external service said, for the operator and the audit: its code and its detail. */
export function failureText(error: unknown): string {
  if (error instanceof ServiceRefusal) {
    const cause = error.cause;
    const detail =
      typeof cause === 'string' ? cause : cause instanceof Error ? cause.message : undefined;
    return detail ? `${error.code}: ${detail}` : `${error.code}: ${error.message}`;
  }
  if (error instanceof Error) return error.message;
  const said = error && typeof error === 'object' ? (error as { message?: unknown }).message : '';
  return typeof said === 'string' && said ? said : String(error);
}

/** Marks a needs_attention order confirmed, the operator's note kept in its history. */
export async function resolveNeedsAttention(
  deps: InstallDeps,
  orderId: string,
  note: string,
  actor: Actor,
): Promise<void> {
  const { db } = deps.ctx.database;
  const order = await orderOrNotFound(deps, orderId);
  if (order.status !== 'needs_attention') {
    throw new Refusal(
      'conflict',
      'not_resolvable',
      `Only an order that needs attention can be marked resolved; this one is ${order.status}.`,
    );
  }
  await inTransaction(db, async (trx) => {
    if (!(await resolveOrder(trx, orderId, deps.ctx.now()))) {
      const again = await findOrder(trx, orderId);
      if (again && again.status !== 'needs_attention') {
        throw new Refusal(
          'conflict',
          'not_resolvable',
          `Only an order that needs attention can be marked resolved; this one is ${again.status}.`,
        );
      }
      throw inProgress();
    }
    await queueConfirmationOnce(trx, deps.ctx, orderId, deps.ctx.now());
    await recordOrderEvent(trx, deps.ctx, orderId, {
      type: 'order.resolved',
      by: eventActor(actor),
      how: 'marked_resolved',
      note,
    });
    const before = stateOf(order);
    await recordAudit(trx, {
      operatorEmail: actor.email,
      at: actor.at,
      action: 'order_resolved',
      subjectType: 'order',
      subjectId: orderId,
      before,
      after: { ...before, status: 'confirmed', reason: null, note },
    });
  });
}

/**
 * Cancels an order: its billing through the billing adapter, its installer task through the
 * calendar, and its window given back (the consumed reservation released). The external
 * services first, each idempotent; if one fails the order is left as it was, the attempt audited,
 * and the answer is 502 `cancel_failed` naming the step. The local parts (the embedded ledger and
 * calendar, the reservation, the order) change in one transaction with the audit record, and with
 * `alsoInTransaction` (the customer's cancel queues its mail there: docs/rules/order-page.md).
 * The actor is an operator's email, or 'customer' for the order page.
 */
export async function cancelOrder(
  deps: InstallDeps,
  orderId: string,
  note: string | undefined,
  actor: Actor,
  alsoInTransaction?: (trx: Transaction<Schema>, order: OrderRow) => Promise<void>,
): Promise<void> {
  const { db } = deps.ctx.database;
  const order = await orderOrNotFound(deps, orderId);
  if (order.status === 'cancelled') {
    throw new Refusal('conflict', 'already_cancelled', 'This order is already cancelled.');
  }
  const now = deps.ctx.now();
  if (!(await takeLease(db, orderId, order.status, now, new Date(now.getTime() + LEASE_MS)))) {
    const again = await findOrder(db, orderId);
    if (again?.status === 'cancelled') {
      throw new Refusal('conflict', 'already_cancelled', 'This order is already cancelled.');
    }
    throw inProgress();
  }

  const { billing, calendar } = deps;
  const before = stateOf(order);
  const withNote = note === undefined ? {} : { note };
  let step = 'billing';
  try {
    if (billing.kind === 'external') await billing.cancel(orderId);
    step = 'installer task';
    if (calendar.kind === 'external') await calendar.cancelTask(orderId, now);
  } catch (error) {
    const detail = failureText(error);
    await inTransaction(db, async (trx) => {
      // The order stays as it was, its earlier lease (an install's) back in place.
      await restoreLease(trx, orderId, order.lease_until);
      await recordAudit(trx, {
        operatorEmail: actor.email,
        at: actor.at,
        action: 'order_cancel_failed',
        subjectType: 'order',
        subjectId: orderId,
        before,
        after: { ...before, failedStep: step, error: detail, ...withNote },
      });
    });
    throw new Refusal(
      'upstream_failed',
      'cancel_failed',
      `The cancel failed at ${step} (${detail}). The order is unchanged; what was already cancelled stays cancelled, so trying again is safe.`,
    );
  }

  await inTransaction(db, async (trx) => {
    if (billing.kind === 'local') await billing.cancel(trx, orderId, now);
    if (calendar.kind === 'local') await calendar.cancelTask(trx, orderId, now);
    await releaseBookedReservation(trx, order.reservation_id, now);
    await markOrderCancelled(trx, orderId, now);
    if (alsoInTransaction) await alsoInTransaction(trx, order);
    await recordOrderEvent(trx, deps.ctx, orderId, {
      type: 'order.cancelled',
      by: eventActor(actor),
      ...withNote,
    });
    await recordAudit(trx, {
      operatorEmail: actor.email,
      at: actor.at,
      action: 'order_cancelled',
      subjectType: 'order',
      subjectId: orderId,
      before,
      after: { ...before, status: 'cancelled', reason: null, ...withNote },
    });
  });
}

/**
 * Sends the customer their order page's link again (docs/rules/operators.md#acting-on-orders):
 * the confirmation mail once more, through the outbox, with a new link (earlier links stay
 * valid). Only for a confirmed order: the mail says the order is confirmed. Audited
 * `order_link_sent` in the same transaction; the audit names no address.
 */
export async function resendOrderLink(
  deps: InstallDeps,
  orderId: string,
  actor: Actor,
): Promise<void> {
  const order = await orderOrNotFound(deps, orderId);
  if (order.status !== 'confirmed') throw notConfirmed(order.status);
  await inTransaction(deps.ctx.database.db, async (trx) => {
    await queueOrderConfirmation(trx, deps.ctx, orderId, actor.at);
    await recordAudit(trx, {
      operatorEmail: actor.email,
      at: actor.at,
      action: 'order_link_sent',
      subjectType: 'order',
      subjectId: orderId,
      before: { status: order.status },
      after: { status: order.status, link: 'mailed to the customer' },
    });
  });
}

/**
 * A new link to the order's page for a manager to read out or copy
 * (docs/rules/operators.md#acting-on-orders): only its hash is kept, so 'showing' the link is
 * issuing one; earlier links stay valid. Any status: a cancelled order's page says so. Audited
 * `order_link_shown`; the link itself is in no record.
 */
export async function showOrderLink(
  deps: InstallDeps,
  orderId: string,
  actor: Actor,
): Promise<string> {
  const order = await orderOrNotFound(deps, orderId);
  const token = await inTransaction(deps.ctx.database.db, async (trx) => {
    const issued = await issueOrderLink(trx, orderId, actor.at);
    await recordAudit(trx, {
      operatorEmail: actor.email,
      at: actor.at,
      action: 'order_link_shown',
      subjectType: 'order',
      subjectId: orderId,
      before: { status: order.status },
      after: { status: order.status, link: 'shown to the operator' },
    });
    return issued;
  });
  return orderLinkUrl(deps.ctx.config.publicUrl, token);
}

const notConfirmed = (status: string) =>
  new Refusal(
    'conflict',
    'not_confirmed',
    `Only a confirmed order's link can be mailed: this order is ${status.replace('_', ' ')}. Show the link instead and give it to the customer.`,
  );
