import type { BillingAdapter } from '../orders/index.ts';
import type { CalendarAdapter } from '../scheduling/index.ts';
import { visitorAnswer } from '../http/errors.ts';
import type { Scheduler } from '../scheduling/index.ts';
import type { Metrics } from '../metrics/metrics.ts';

/**
 * Adapter calls timed and counted where configuration picks the adapter (app/adapters.ts), so
 * the embedded parts and the real services (Chargebee, Arrivy) are measured the same way. A call
 * is an error when it throws anything but an answer for the visitor (a Refusal or an HttpError
 * under 500: a declined card, a full window): a refusal is the adapter working.
 */

export function timedBilling(metrics: Metrics, billing: BillingAdapter): BillingAdapter {
  return timed(metrics, 'billing', billing);
}

/** The scheduler's calls as `scheduling`, its installer tasks as `calendar`. */
export function timedScheduler(metrics: Metrics, scheduler: Scheduler): Scheduler {
  const calendar: CalendarAdapter = timed(metrics, 'calendar', scheduler.calendar);
  return timed(metrics, 'scheduling', { ...scheduler, calendar });
}

/** Wraps every function of an adapter object (its `kind` and other fields are kept). */
function timed<T extends object>(metrics: Metrics, adapter: string, target: T): T {
  const wrapped: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  for (const [operation, value] of Object.entries(target)) {
    if (typeof value !== 'function') continue;
    const call = value as (...args: unknown[]) => Promise<unknown>;
    wrapped[operation] = async (...args: unknown[]) => {
      const stop = metrics.adapterDuration.startTimer({ adapter, operation });
      try {
        const result = await call.apply(target, args);
        stop({ outcome: 'ok' });
        return result;
      } catch (error) {
        const status = visitorAnswer(error)?.status;
        const refusal = status !== undefined && status < 500;
        stop({ outcome: refusal ? 'ok' : 'error' });
        if (!refusal) metrics.adapterErrors.inc({ adapter, operation });
        throw error;
      }
    };
  }
  return wrapped as T;
}
