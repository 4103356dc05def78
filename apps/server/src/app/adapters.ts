import type { AdapterContext, AppContext } from '../context.ts';
import { timedBilling, timedScheduler } from './adapter-metrics.ts';
import { configuredServices } from '../services.ts';
import { arrivyScheduler, countHolds, embeddedScheduler } from '../scheduling/index.ts';
import { chargebeeBilling, localLedger } from '../orders/index.ts';

/**
 * The outside parts, made once per app and carried on its context (context.ts): no route or
 * handler makes its own. Configuration alone picks each adapter (docs/rules/outside-parts.md): no
 * code changes. Whichever is picked is timed and counted the same way (README, Metrics).
 */
export function adaptersFor(ctx: AdapterContext): Pick<AppContext, 'billing' | 'scheduler'> {
  const services = configuredServices(ctx.config);
  const billing = services.chargebeeBilling
    ? chargebeeBilling(services.chargebeeBilling)
    : localLedger(ctx.newId);
  const scheduler = services.arrivy
    ? arrivyScheduler(ctx, services.arrivy)
    : embeddedScheduler(ctx);
  return {
    billing: timedBilling(ctx.metrics, billing),
    scheduler: countHolds(ctx.metrics, timedScheduler(ctx.metrics, scheduler)),
  };
}
