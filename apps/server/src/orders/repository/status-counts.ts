import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/**
 * What the metrics read from the database at each scrape (README, Metrics): counts over every
 * instance's rows, so any instance's scrape gives the same figures.
 */

export const ORDER_STATUSES = ['pending', 'confirmed', 'needs_attention', 'cancelled'] as const;

/**
 * Holds still `held`: live until expires_at, expired after. Expiry needs no job (a hold simply
 * stops counting at expires_at), so an expired hold keeps its status and is counted here.
 */
export async function holdCounts(
  db: Kysely<Schema>,
  now: Date,
): Promise<{ live: number; expired: number }> {
  const row = await db
    .selectFrom('reservations')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('expires_at', '>', now).as('live'),
      eb.fn.countAll<string>().filterWhere('expires_at', '<=', now).as('expired'),
    ])
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  return { live: Number(row.live), expired: Number(row.expired) };
}

/** Orders by status, every status present (0 when there are none). */
export async function orderCounts(db: Kysely<Schema>): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
  const counts: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
