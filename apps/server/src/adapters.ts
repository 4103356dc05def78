import type { AppContext } from './context.ts';
import { timedBilling, timedScheduler } from './app/adapter-metrics.ts';
import { countHolds } from './scheduling/index.ts';
import { configuredServices } from './services.ts';
import { embeddedScheduler, type Scheduler } from './scheduling/index.ts';
import { arrivyScheduler } from './scheduling/index.ts';
import { localLedger, type BillingAdapter } from './orders/index.ts';
import { chargebeeBilling } from './orders/index.ts';

/**
 * Configuration alone picks each adapter (docs/rules/outside-parts.md): no code changes. Whichever
 * is picked is timed and counted the same way (README, Metrics).
 */

export function billingFor(ctx: AppContext): BillingAdapter {
  const chargebee = configuredServices(ctx.config).chargebeeBilling;
  return timedBilling(
    ctx.metrics,
    chargebee ? chargebeeBilling(chargebee) : localLedger(ctx.newId),
  );
}

export function schedulerFor(ctx: AppContext): Scheduler {
  const arrivy = configuredServices(ctx.config).arrivy;
  const scheduler = arrivy ? arrivyScheduler(ctx, arrivy) : embeddedScheduler(ctx);
  return countHolds(ctx.metrics, timedScheduler(ctx.metrics, scheduler));
}
