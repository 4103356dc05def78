import type { AppContext } from '../context.ts';
import { configuredServices } from '../services.ts';
import { embeddedScheduler, type Scheduler } from '../scheduling/scheduler.ts';
import { arrivyScheduler } from './arrivy.ts';
import { localLedger, type BillingAdapter } from './billing.ts';
import { chargebeeBilling } from './chargebee.ts';

/** Configuration alone picks each adapter (PRODUCT.md section 2): no code changes. */

export function billingFor(ctx: AppContext): BillingAdapter {
  const chargebee = configuredServices(ctx.config).chargebeeBilling;
  return chargebee ? chargebeeBilling(chargebee) : localLedger(ctx.newId);
}

export function schedulerFor(ctx: AppContext): Scheduler {
  const arrivy = configuredServices(ctx.config).arrivy;
  return arrivy ? arrivyScheduler(ctx, arrivy) : embeddedScheduler(ctx);
}
