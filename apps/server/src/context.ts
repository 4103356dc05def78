import type { LookupAddress } from 'node:dns';
import type { ErrorReporter } from './http/error-reporting.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Metrics } from './metrics/metrics.ts';

/**
 * What every route and repository is given: nothing global, so tests build as many as they like.
 * Built once by the composition (app.ts; its adapters by app/adapters.ts). This file imports no
 * feature (apps/server/README.md, Layout): the parts a feature owns are declared in that feature
 * and added here by declaration merging (`declare module '../context.ts'`), as Fastify's own
 * decorations are: `catalogue` (catalogue/cache.ts), `firstManager` (operators/first-manager.ts),
 * `billing` (orders/billing.ts) and `scheduler` (scheduling/scheduler.ts).
 */
export interface AppContext {
  config: Config;
  database: Database;
  /** The clock; tests pass a fixed or movable one. */
  now: () => Date;
  /** Opaque unique ids. */
  newId: () => string;
  /**
   * A new order's short reference, 'K7QD-9XWM' (docs/decisions/025-order-reference.md): random;
   * the install draws again on a collision. Tests pass their own to make one.
   */
  newReference: () => string;
  /** Unexpected failures go here as well as to the log (Rollbar in production, when set). */
  reporter: ErrorReporter;
  /** This app's Prometheus metrics (README, Metrics): its own registry, never the global one. */
  metrics: Metrics;
  /**
   * Every address a host name has: what a webhook's target is checked with when it is added and
   * in each delivery's connection (docs/rules/webhooks.md#where-an-endpoint-may-point). The
   * system's resolver; tests pass a stand-in whose answer changes.
   */
  resolveHost: (hostname: string) => Promise<LookupAddress[]>;
}

/** The context the adapters are made from (app/adapters.ts): all of it but the adapters. */
export type AdapterContext = Omit<AppContext, 'billing' | 'scheduler'>;
