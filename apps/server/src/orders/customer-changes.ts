import type { OrderPageAnswer } from '@fibre/domain/api';
import { Refusal } from '../http/errors.ts';
import { queueChangeMail } from '../mail/index.ts';
import { hashOrderToken } from '../mail/index.ts';
import { releaseBookedReservation, restoreLease } from './repository/order-actions.ts';
import { findOrderPage, moveOrderReservation, type OrderPageRow } from './repository/order-page.ts';
import { recordOrderEvent } from '../notifications/index.ts';
import { recordAudit } from '../operators/index.ts';
import { takeLease } from './repository/orders.ts';
import { consumeReservation, releaseReservation } from '../scheduling/index.ts';
import type { Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { inTransaction } from '../db/transactions.ts';
import type { CalendarAdapter, Scheduler } from '../scheduling/index.ts';
import { windowIdState } from '../scheduling/index.ts';
import { LEASE_MS } from './install-external.ts';
import { cancelOrder, failureText } from './operator-actions.ts';
import type { InstallDeps } from './write-order.ts';

/**
 * The customer's changes on the order page (docs/rules/order-page.md): reschedule to another free
 * window, or cancel, up to 24 hours before the window starts. Each is audited on the order by
 * 'customer', sends its mail (queued in the change's transaction) and updates the installer's task.
 */

/** Changes online end this long before the window starts. */
export const CHANGE_NOTICE_MS = 24 * 3600_000;

/** Who the audit names for a change made on the order page. */
export const CUSTOMER = 'customer';

type Action = OrderPageAnswer['can_reschedule'];

/** The order a token opens, or 404 `not_found` (any bad token the same: docs/rules/order-page.md). */
export async function orderForToken(deps: InstallDeps, token: string): Promise<OrderPageRow> {
  // Always hashed and looked up, whatever its shape: a malformed token costs what a wrong one does.
  const order = await findOrderPage(deps.ctx.database.db, hashOrderToken(token));
  if (!order) throw new Refusal('not_found', 'not_found', 'No order has this link');
  return order;
}

/** What the customer may do now, and why not (docs/rules/order-page.md#when-changes-are-possible). */
export function changeability(
  order: Pick<OrderPageRow, 'status' | 'starts_at'>,
  now: Date,
  phone: string,
): { reschedule: Action; cancel: Action; changeableUntil: Date | null } {
  const allowed: Action = { allowed: true, reason: null, message: null };
  const until = new Date(order.starts_at.getTime() - CHANGE_NOTICE_MS);
  const refuse = (reason: NonNullable<Action['reason']>, message: string): Action => ({
    allowed: false,
    reason,
    message,
  });
  if (order.status === 'cancelled') {
    const r = refuse('cancelled', 'This order is cancelled.');
    return { reschedule: r, cancel: r, changeableUntil: null };
  }
  if (now >= order.starts_at) {
    const r = refuse(
      'window_passed',
      `The installation time has passed, so this order can no longer be changed online. Please call us on ${phone}.`,
    );
    return { reschedule: r, cancel: r, changeableUntil: null };
  }
  if (now > until) {
    const r = refuse(
      'too_late',
      `Your installation is less than 24 hours away, so it can no longer be changed online. Please call us on ${phone}.`,
    );
    return { reschedule: r, cancel: r, changeableUntil: until };
  }
  if (order.status === 'pending') {
    const r = refuse(
      'not_confirmed',
      `This order is still being placed, so it cannot be changed yet. Please try again in a few minutes, or call us on ${phone}.`,
    );
    return { reschedule: r, cancel: r, changeableUntil: null };
  }
  if (order.status === 'needs_attention') {
    // Staff are finishing it: its installer task may not exist yet, so only a cancel is offered.
    return {
      reschedule: refuse(
        'not_confirmed',
        `Our team is still finishing this order, so its time cannot be changed online yet. Please call us on ${phone}.`,
      ),
      cancel: allowed,
      changeableUntil: until,
    };
  }
  return { reschedule: allowed, cancel: allowed, changeableUntil: until };
}

const refusedNow = (action: Action) =>
  new Refusal('conflict', action.reason ?? 'not_changeable', action.message ?? '');

const windowOf = (row: { state: string; starts_at: Date; ends_at: Date }) => ({
  state: row.state,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
});

const auditWindow = (row: { state: string; starts_at: Date; ends_at: Date }) => ({
  state: row.state,
  start: row.starts_at.toISOString(),
  end: row.ends_at.toISOString(),
});

const inProgress = () =>
  new Refusal(
    'conflict',
    'order_in_progress',
    'This order is being changed by another request right now. Please reload the page and try again.',
  );

/** A free window of the public bookings call, as the order page sends it. */
type Slot = { booking_id: string; start: Date; end: Date };

/** The new window, held: what the installer task and the order are moved to. */
type NewWindow = { reservationId: string; eventId: string; startsAt: Date; endsAt: Date };

type ExternalCalendar = Extract<CalendarAdapter, { kind: 'external' }>;

/**
 * Moves the order to another free window (docs/rules/order-page.md#reschedule,
 * docs/decisions/018-order-page.md): the order's lease, then the new window held under the same
 * capacity rules as the wizard's, then the installer task moved (Arrivy: before the commit, so a
 * refusal there changes nothing), then in one transaction the hold consumed, the old booking
 * released, the order moved, the embedded calendar's booking moved, the mail queued and the audit.
 */
export async function rescheduleOrder(
  deps: InstallDeps,
  scheduler: Scheduler,
  token: string,
  slot: Slot,
): Promise<void> {
  const { ctx, calendar } = deps;
  const { db } = ctx.database;
  const order = await orderForToken(deps, token);
  const phone = ctx.catalogue.current().provider.support_phone;
  const now = ctx.now();
  checkReschedule(order, slot, now, phone);
  if (!(await takeLease(db, order.id, 'confirmed', now, new Date(now.getTime() + LEASE_MS)))) {
    throw inProgress();
  }
  let held: { reservation_id: string; event_id: string } | undefined;
  const undo = async () => {
    if (held) await releaseReservation(db, held.reservation_id, ctx.now());
    await restoreLease(db, order.id, null);
  };
  try {
    held = await scheduler.hold({ booking_id: slot.booking_id, start: slot.start, end: slot.end });
  } catch (error) {
    await undo();
    throw error;
  }
  const to: NewWindow = {
    reservationId: held.reservation_id,
    eventId: held.event_id,
    startsAt: slot.start,
    endsAt: slot.end,
  };
  if (calendar.kind === 'external') {
    await moveExternalTask(deps, calendar, { order, slot, to, now, phone }, undo);
  }
  try {
    await inTransaction(db, (trx) => recordReschedule(trx, deps, order, to, token, now));
  } catch (error) {
    // The installer task goes back to the window the order still has (best effort).
    if (calendar.kind === 'external') await putTaskBack(deps, calendar, order);
    await undo();
    throw error;
  }
}

/** The refusals before anything is held: not changeable now, another state's window, too soon, the same. */
function checkReschedule(order: OrderPageRow, slot: Slot, now: Date, phone: string): void {
  const can = changeability(order, now, phone).reschedule;
  if (!can.allowed) throw refusedNow(can);
  if (windowIdState(slot.booking_id) !== order.state) {
    throw new Refusal('invalid', 'invalid_input', 'This time is not for your building’s area', {
      booking_id: 'Not a window of the order’s state',
    });
  }
  if (slot.start.getTime() - now.getTime() < CHANGE_NOTICE_MS) {
    throw new Refusal(
      'conflict',
      'too_soon',
      'The new time must be at least 24 hours away. Please choose a later time.',
    );
  }
  if (slot.start.getTime() === order.starts_at.getTime()) {
    throw new Refusal('conflict', 'same_window', 'This is already your installation time.');
  }
}

/**
 * Moves the installer task in the outside calendar, before the commit: when it refuses, the hold
 * and the lease are undone, the failure audited, and the customer told nothing changed.
 */
async function moveExternalTask(
  deps: InstallDeps,
  calendar: ExternalCalendar,
  change: { order: OrderPageRow; slot: Slot; to: NewWindow; now: Date; phone: string },
  undo: () => Promise<void>,
): Promise<void> {
  const { order, slot, to, now, phone } = change;
  try {
    await calendar.rescheduleTask(order.id, to);
  } catch (error) {
    const detail = failureText(error);
    await undo();
    await inTransaction(deps.ctx.database.db, (trx) =>
      recordAudit(trx, {
        operatorEmail: CUSTOMER,
        at: now,
        action: 'order_reschedule_failed',
        subjectType: 'order',
        subjectId: order.id,
        before: { window: auditWindow(order) },
        after: {
          window: auditWindow({ state: order.state, starts_at: slot.start, ends_at: slot.end }),
          failedStep: 'installer task',
          error: detail,
        },
      }),
    );
    throw new Refusal(
      'upstream_failed',
      'reschedule_failed',
      `Your installation time could not be changed just now, so it is unchanged. Please try again in a few minutes, or call us on ${phone}.`,
    );
  }
}

/**
 * The move itself, in one transaction: the hold consumed (or `reservation_taken`), the old
 * booking released, the order and the embedded calendar's booking moved, the mail queued, the
 * event and the audit recorded.
 */
async function recordReschedule(
  trx: Transaction<Schema>,
  deps: InstallDeps,
  order: OrderPageRow,
  to: NewWindow,
  token: string,
  now: Date,
): Promise<void> {
  const { ctx, calendar } = deps;
  const consumed = await consumeReservation(trx, to.reservationId, now);
  if (!consumed)
    throw new Refusal(
      'conflict',
      'reservation_taken',
      'This time has just been taken. Please choose another.',
    );
  await releaseBookedReservation(trx, order.reservation_id, now);
  await moveOrderReservation(trx, order.id, to.reservationId);
  if (calendar.kind === 'local') await calendar.rescheduleTask(trx, order.id, to);
  const after = windowOf(consumed);
  await queueChangeMail(trx, ctx, {
    kind: 'order.rescheduled',
    orderId: order.id,
    token,
    window: after,
    previous: windowOf(order),
    now,
  });
  await recordOrderEvent(trx, ctx, order.id, {
    type: 'order.rescheduled',
    by: { kind: 'customer' },
    previousWindow: order,
  });
  await recordAudit(trx, {
    operatorEmail: CUSTOMER,
    at: now,
    action: 'order_rescheduled',
    subjectType: 'order',
    subjectId: order.id,
    before: { window: auditWindow(order) },
    after: { window: auditWindow(consumed) },
  });
}

/** The installer task back at the window the order still has; a failure is only reported. */
async function putTaskBack(
  deps: InstallDeps,
  calendar: ExternalCalendar,
  order: OrderPageRow,
): Promise<void> {
  await calendar
    .rescheduleTask(order.id, {
      reservationId: order.reservation_id,
      eventId: order.event_id,
      startsAt: order.starts_at,
      endsAt: order.ends_at,
    })
    .catch((undoError: unknown) => deps.reporter?.report(undoError, { orderId: order.id }));
}

/**
 * Cancels the order for the customer (docs/rules/order-page.md#cancel): the operator's cancel
 * (billing, the installer task, the window given back), audited by 'customer', with the
 * `order.cancelled` mail queued in its transaction.
 */
export async function cancelByCustomer(deps: InstallDeps, token: string): Promise<void> {
  const { ctx } = deps;
  const order = await orderForToken(deps, token);
  const phone = ctx.catalogue.current().provider.support_phone;
  const now = ctx.now();
  const can = changeability(order, now, phone).cancel;
  if (!can.allowed) throw refusedNow(can);
  await cancelOrder(deps, order.id, undefined, { email: CUSTOMER, at: now }, async (trx) => {
    await queueChangeMail(trx, ctx, {
      kind: 'order.cancelled',
      orderId: order.id,
      token,
      window: windowOf(order),
      now,
    });
  });
}
