import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { recordNeedsAttention, type EventSource } from '../notifications/index.ts';
import { markStaleOrders } from './repository/orders.ts';
import { inTransaction } from '../db/transactions.ts';
import { configuredServices } from '../services.ts';
import { LEASE_MS } from './install-external.ts';

/** A visitor's retry may resume a pending order within this time; after it, a person takes over. */
export const STALE_AFTER_MS = 30 * 60_000;

/**
 * Every few minutes, pending orders whose request died and that nobody retried are kept as
 * needing attention (install-external.ts). Only external billing or scheduling leaves orders
 * pending, so with the embedded parts nothing runs.
 */
export function sweepStaleOrders(
  config: Config,
  database: Database,
  catalogue: EventSource['catalogue'],
  log: { warn(details: object, message: string): void },
  everyMs = 5 * 60_000,
): NodeJS.Timeout | undefined {
  const services = configuredServices(config);
  if (!services.chargebeeBilling && !services.arrivy) return undefined;
  const timer = setInterval(() => {
    const lapsedBefore = new Date(Date.now() - STALE_AFTER_MS + LEASE_MS);
    const source = { config, now: () => new Date(), newId: randomUUID, catalogue };
    keepStaleOrders(database, lapsedBefore, source)
      .then((ids) => {
        if (ids.length > 0) log.warn({ order_ids: ids }, 'pending orders now need attention');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'stale order sweep failed'));
  }, everyMs);
  timer.unref();
  return timer;
}

/**
 * Marks the lapsed pending orders as needs_attention and, in the same transaction, writes each
 * one's `order.needs_attention` event (docs/rules/webhooks.md); answers their ids.
 */
export function keepStaleOrders(
  database: Database,
  lapsedBefore: Date,
  source: EventSource,
): Promise<string[]> {
  return inTransaction(database.db, async (trx) => {
    const ids = await markStaleOrders(trx, lapsedBefore);
    await recordNeedsAttention(trx, source, ids);
    return ids;
  });
}
