import type { FastifyBaseLogger } from 'fastify';
import { Gauge } from 'prom-client';
import type { AppContext } from '../context.ts';
import { oldestUnsentMail } from '../mail/index.ts';
import { holdCounts, orderCounts } from '../orders/index.ts';

/**
 * Gauges read from the database when Prometheus scrapes (README, Metrics): holds live and expired
 * (expiry needs no job, so expired holds are counted, not observed), orders by status, and how
 * long the oldest customer mail has waited in the outbox (docs/rules/mail.md). A query
 * that fails is logged and its gauge keeps its last reading: a scrape never fails for it.
 */
export function databaseGauges(ctx: AppContext, log: FastifyBaseLogger): void {
  const registers = [ctx.metrics.registry];
  const db = () => ctx.database.db;

  // One query answers both hold gauges: a scrape collects them together and shares it.
  let holds: ReturnType<typeof readHolds> | undefined;
  const readHolds = () => reading(log, 'holds', () => holdCounts(db(), ctx.now()));
  const sharedHolds = () => (holds ??= readHolds().finally(() => (holds = undefined)));
  new Gauge({
    name: 'fibre_holds_live',
    help: 'Holds not yet expired, released or booked',
    registers,
    async collect() {
      const counts = await sharedHolds();
      if (counts) this.set(counts.live);
    },
  });
  new Gauge({
    name: 'fibre_holds_expired',
    help: 'Holds that expired without being booked or released',
    registers,
    async collect() {
      const counts = await sharedHolds();
      if (counts) this.set(counts.expired);
    },
  });
  new Gauge({
    name: 'fibre_orders',
    help: 'Orders by status: pending, confirmed, needs_attention, cancelled (README, orders with an external service)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const counts = await reading(log, 'orders', () => orderCounts(db()));
      if (!counts) return;
      for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });
  new Gauge({
    name: 'fibre_mail_outbox_oldest_undelivered_seconds',
    help: 'Age of the oldest customer mail neither sent nor given up (docs/rules/mail.md); 0 when none waits',
    registers,
    async collect() {
      const oldest = await reading(log, 'unsent mail', async () => ({
        at: await oldestUnsentMail(db()),
      }));
      if (!oldest) return;
      this.set(oldest.at ? Math.max(0, (ctx.now().getTime() - oldest.at.getTime()) / 1000) : 0);
    },
  });
}

async function reading<T>(
  log: FastifyBaseLogger,
  what: string,
  query: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await query();
  } catch (error) {
    log.warn({ err: error }, `metrics: counting ${what} failed; the gauge keeps its last value`);
    return undefined;
  }
}
