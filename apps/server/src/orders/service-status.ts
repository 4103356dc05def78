import type { ServiceStatus } from '@fibre/domain/api';
import { nextServiceStatuses } from '@fibre/domain/install';
import { formatDay, stateTimeZone } from '@fibre/domain/scheduling';
import { inTransaction } from '../db/transactions.ts';
import { Refusal } from '../http/errors.ts';
import { recordOrderEvent } from '../notifications/index.ts';
import { recordAudit } from '../operators/index.ts';
import { findOrder } from './repository/orders.ts';
import { changeServiceStatus } from './repository/order-actions.ts';
import { findOrderWindow } from './repository/order-page.ts';
import { eventActor, type Actor } from './operator-actions.ts';
import type { InstallDeps } from './write-order.ts';

/**
 * Where the service is after installation (docs/rules/orders.md#service-status): a manager or a
 * key moves a confirmed order's service from nothing to installed, installed to active, either to
 * cancelled. Installed (or active) only once its installation window has begun, which the server
 * knows; cancelled is the end. The change, its audit and its `order.service_changed` event are
 * one transaction, and the order's row is changed only if it is still as read, so two managers
 * at once make one change.
 */

const words: Record<'none' | ServiceStatus, string> = {
  none: 'not yet installed',
  installed: 'installed',
  active: 'active',
  cancelled: 'cancelled',
};

export async function setServiceStatus(
  deps: InstallDeps,
  orderId: string,
  change: { status: ServiceStatus; note?: string | undefined },
  actor: Actor,
): Promise<void> {
  const { db } = deps.ctx.database;
  const order = await findOrder(db, orderId);
  if (!order) throw new Refusal('not_found', 'not_found', 'No order has this id');
  if (order.status !== 'confirmed') {
    throw new Refusal(
      'conflict',
      'not_confirmed',
      `Only a confirmed order's service can change; this order is ${order.status.replace('_', ' ')}.`,
    );
  }
  const current = order.service_status ?? 'none';
  if (current === change.status) {
    throw new Refusal('conflict', 'unchanged', `The service is already ${words[current]}.`);
  }
  if (!nextServiceStatuses(order.service_status).includes(change.status)) {
    throw new Refusal(
      'conflict',
      'not_allowed',
      `A service that is ${words[current]} cannot become ${words[change.status]}.`,
    );
  }
  const now = deps.ctx.now();
  if (current === 'none') {
    const window = await findOrderWindow(db, orderId);
    if (window && window.starts_at.getTime() > now.getTime()) {
      throw new Refusal(
        'conflict',
        'not_installed_yet',
        `The installation is booked for ${formatDay(window.starts_at, stateTimeZone(window.state))}: the service can be marked ${change.status} once it has begun.`,
      );
    }
  }
  const note = change.note ?? null;
  await inTransaction(db, async (trx) => {
    const changed = await changeServiceStatus(
      trx,
      orderId,
      order.service_status,
      change.status,
      note,
      now,
    );
    if (!changed) {
      throw new Refusal(
        'conflict',
        'order_in_progress',
        'This order changed while you were looking at it. Please reload it and try again.',
      );
    }
    await recordOrderEvent(trx, deps.ctx, orderId, {
      type: 'order.service_changed',
      by: eventActor(actor),
      previous: order.service_status,
      note,
    });
    await recordAudit(trx, {
      operatorEmail: actor.email,
      at: actor.at,
      action: 'order_service_changed',
      subjectType: 'order',
      subjectId: orderId,
      before: { service: order.service_status },
      after: { service: change.status, ...(note === null ? {} : { note }) },
    });
  });
}
