import type { ServiceStatus } from '../api/order-page.ts';

/**
 * The steps a confirmed order's service may take after installation
 * (docs/rules/orders.md#service-status): from none to installed or straight to active, installed
 * to active or cancelled, active to cancelled; cancelled is the end. The server decides with it
 * and the console offers only these.
 */
const NEXT: Record<'none' | ServiceStatus, readonly ServiceStatus[]> = {
  none: ['installed', 'active'],
  installed: ['active', 'cancelled'],
  active: ['cancelled'],
  cancelled: [],
};

/** Where the service may go from `current` (null: nothing set yet). */
export const nextServiceStatuses = (current: ServiceStatus | null): readonly ServiceStatus[] =>
  NEXT[current ?? 'none'];
