import { serviceLabel, statusLabel, windowText } from './format.ts';

/**
 * An audit record in plain words for the console's history (docs/rules/operator-console.md): what
 * was done, and each value that changed, before → after. Times are written by the page, in the
 * console's zone with the zone named.
 */

const actions: Record<string, string> = {
  order_cancelled: 'Cancelled',
  order_cancel_failed: 'Cancel failed',
  order_retried: 'Retried: confirmed',
  order_retry_failed: 'Retry failed',
  order_resolved: 'Marked resolved',
  order_rescheduled: 'Rescheduled',
  order_reschedule_failed: 'Reschedule failed',
  order_note: 'Note added',
  order_link_sent: 'Order link mailed',
  order_link_shown: 'New order link shown',
  order_erased: 'Personal details erased',
  contact_corrected: 'Contact details corrected',
  hold_released: 'Hold released',
  lead_contacted: 'Marked contacted',
  lead_uncontacted: 'Marked not contacted',
  order_service_changed: 'Service status changed',
  // docs/rules/webhooks.md#endpoints
  webhook_endpoint_added: 'Webhook endpoint added',
  webhook_endpoint_disabled: 'Webhook endpoint disabled',
  webhook_delivery_resent: 'Webhook delivery resent',
};

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * 'Cancelled', or an unknown action's own words ('order.cancel' → 'Order cancel'). A service
 * change says where it went, from the record's `after` ('Service set to installed';
 * docs/rules/orders.md#service-status).
 */
export function actionText(action: string, after?: unknown): string {
  const service = asRecord(after).service;
  if (action === 'order_service_changed' && typeof service === 'string')
    return `Service set to ${serviceLabel(service).toLowerCase()}`;
  // Own keys only: an action named like an inherited property (`constructor`) is not looked up.
  const known = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const fieldNames: Record<string, string> = {
  status: 'Status',
  reason: 'Reason',
  note: 'Note',
  window: 'Window',
  failedStep: 'Failed at',
  error: 'Error',
  refs: 'References',
  service: 'Service',
};

const fieldName = (key: string) =>
  (Object.hasOwn(fieldNames, key) ? fieldNames[key] : undefined) ??
  key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());

const isWindow = (value: unknown): value is { start: string; end: string; state: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).start === 'string' &&
  typeof (value as Record<string, unknown>).end === 'string' &&
  typeof (value as Record<string, unknown>).state === 'string';

function valueText(key: string, value: unknown): string {
  if (key === 'service' && (value === null || typeof value === 'string'))
    return serviceLabel(value);
  if (value === null || value === undefined || value === '') return 'none';
  if (key === 'status' && typeof value === 'string') return statusLabel(value);
  if (isWindow(value)) return windowText(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => valueText('', v)).join(', ') || 'none';
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([, v]) => v !== null && v !== undefined,
  );
  return entries.length === 0
    ? 'none'
    : entries.map(([k, v]) => `${fieldName(k)} ${valueText(k, v)}`).join(', ');
}

/**
 * Each value that differs between before and after: 'Status: Needs attention → Cancelled'; a
 * value that only appears after (a note, an error) is written on its own: 'Note: Moved away'.
 */
export function changeLines(before: unknown, after: unknown): string[] {
  const was = asRecord(before);
  const now = asRecord(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys.flatMap((key) => {
    const from = valueText(key, was[key]);
    const to = valueText(key, now[key]);
    if (from === to) return [];
    if (!(key in was) || from === 'none') return [`${fieldName(key)}: ${to}`];
    return [`${fieldName(key)}: ${from} → ${to}`];
  });
}
