import type { Config, RetentionLimits } from '../config.ts';
import type { Database } from '../db/database.ts';
import { inTransaction } from '../db/transactions.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { OWN_ADDRESS_MS } from '../operators/index.ts';
import {
  anonymiseCancelledOrders,
  clearHoldAddresses,
  clearKeptOrderPages,
  clearMail,
  clearOrderAddresses,
  deleteAbandonedHolds,
  deleteLeadFingerprints,
  deleteLeads,
  deleteFunnelTabs,
  deleteNotifications,
  deleteSavedSignups,
  deleteSignInAddresses,
  tryRetentionLock,
} from './repository.ts';

/*
 * The retention policy (docs/rules/retention.md; the limits and why: 023-retention.md). One
 * sweep applies all of it in one transaction, at most one instance at a time.
 */

/** What the sweep deletes or clears, each counted apart (the metric's `kind` label). */
export const RETENTION_KINDS = [
  'leads',
  'lead_fingerprints',
  'mail_bodies',
  'notifications',
  'order_client_addresses',
  'hold_client_addresses',
  'sign_in_addresses',
  'abandoned_holds',
  'cancelled_orders',
  'funnel_tabs',
  'saved_signups',
  'kept_order_pages',
] as const;

export type RetentionKind = (typeof RETENTION_KINDS)[number];
export type RetentionCounts = Record<RetentionKind, number>;

const DAY_MS = 24 * 60 * 60_000;

/**
 * How long an install's kept answer keeps the order page's path (docs/decisions/025-order-reference.md):
 * a day, long past any retry of the install; the customer's link is in their mail.
 */
export const KEPT_ORDER_PAGE_DAYS = 1;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** The same time `months` calendar months earlier (UTC), the day clamped to the month's last. */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * Applies the whole policy as of `now`: answers what it removed of each kind, or null when
 * another instance's sweep holds the lock (that one does the work; nothing is counted twice).
 */
export function applyRetention(
  database: Database,
  limits: RetentionLimits,
  now: Date,
): Promise<RetentionCounts | null> {
  const addresses = daysBefore(now, limits.clientAddressesDays);
  const leads = monthsBefore(now, limits.leadsMonths);
  return inTransaction(database.db, async (trx) => {
    if (!(await tryRetentionLock(trx))) return null;
    return {
      leads: await deleteLeads(trx, leads),
      lead_fingerprints: await deleteLeadFingerprints(trx, leads),
      mail_bodies: await clearMail(trx, daysBefore(now, limits.mailDays)),
      notifications: await deleteNotifications(trx, daysBefore(now, limits.notificationsDays)),
      // Before the holds' addresses: a hold old enough to delete is counted once, as deleted.
      abandoned_holds: await deleteAbandonedHolds(trx, daysBefore(now, limits.abandonedHoldsDays)),
      order_client_addresses: await clearOrderAddresses(trx, addresses),
      hold_client_addresses: await clearHoldAddresses(trx, addresses),
      sign_in_addresses: await deleteSignInAddresses(
        trx,
        addresses,
        new Date(Math.min(addresses.getTime(), now.getTime() - OWN_ADDRESS_MS)),
      ),
      cancelled_orders: await anonymiseCancelledOrders(
        trx,
        monthsBefore(now, limits.cancelledOrdersMonths),
        now,
      ),
      funnel_tabs: await deleteFunnelTabs(trx, daysBefore(now, limits.funnelTabsDays)),
      saved_signups: await deleteSavedSignups(trx, daysBefore(now, limits.savedSignupsDays)),
      // The order page's token in a kept install answer, a day on (decision 025).
      kept_order_pages: await clearKeptOrderPages(trx, daysBefore(now, KEPT_ORDER_PAGE_DAYS)),
    };
  });
}

/** Runs the sweep, counts what it removed in the metric and logs the counts. */
export async function runRetention(
  database: Database,
  limits: RetentionLimits,
  metrics: Pick<Metrics, 'retained'>,
  log: { info(details: object, message: string): void },
  now: Date,
): Promise<RetentionCounts | null> {
  const counts = await applyRetention(database, limits, now);
  if (counts === null) {
    log.info({}, 'retention sweep skipped: another instance is sweeping');
    return null;
  }
  for (const kind of RETENTION_KINDS) metrics.retained(kind, counts[kind]);
  log.info({ removed: counts }, 'retention sweep done');
  return counts;
}

/**
 * Starts the retention sweep: once now, then every RETENTION_SWEEP_MINUTES. The timer does not
 * keep the process alive; clearInterval stops it.
 */
export function sweepRetention(
  config: Config,
  database: Database,
  metrics: Pick<Metrics, 'retained'>,
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  },
  clock: () => Date = () => new Date(),
): NodeJS.Timeout {
  const run = () =>
    runRetention(database, config.retention, metrics, log, clock()).catch((error: unknown) =>
      log.warn({ err: error }, 'retention sweep failed'),
    );
  void run();
  const timer = setInterval(() => void run(), config.retentionEveryMs);
  timer.unref();
  return timer;
}
