import type { OrderPageAnswer } from '@fibre/domain/api';

/*
 * Where the order is, as the order page shows it (docs/rules/order-page.md#progress): ordered,
 * installation booked, installed, active. The order's status and the service status the
 * provider sets after installation (docs/rules/orders.md#service-status) say which step it is on.
 */

export const PROGRESS_STEPS = ['ordered', 'booked', 'installed', 'active'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

export const progressLabels: Record<ProgressStep, string> = {
  ordered: 'Ordered',
  booked: 'Installation booked',
  installed: 'Installed',
  active: 'Active',
};

/** The step the order is on; null for a cancelled order, which has no progress to show. */
export function currentStep(
  order: Pick<OrderPageAnswer, 'status' | 'service_status'>,
): ProgressStep | null {
  if (order.status === 'cancelled') return null;
  if (order.status !== 'confirmed') return 'ordered';
  if (order.service_status === 'active' || order.service_status === 'cancelled') return 'active';
  if (order.service_status === 'installed') return 'installed';
  return 'booked';
}

/** Each step, done or not, and which is the current one. */
export function progressOf(order: Pick<OrderPageAnswer, 'status' | 'service_status'>) {
  const current = currentStep(order);
  if (current === null) return [];
  const at = PROGRESS_STEPS.indexOf(current);
  return PROGRESS_STEPS.map((step, index) => ({
    step,
    label: progressLabels[step],
    done: index <= at,
    current: index === at,
  }));
}
