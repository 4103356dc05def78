import { sql, type Kysely } from 'kysely';
import type { FunnelStep } from '@fibre/domain/wizard';
import type { Schema } from '../db/schema.ts';

/** The only SQL of the funnel (docs/rules/funnel.md): arrivals counted once per tab, and read. */

type Db = Kysely<Schema>;

export interface Arrival {
  tab: string;
  step: FunnelStep;
  /** The step this tab must have been counted at first (none for the first step). */
  after: FunnelStep | undefined;
  /** '' when the wizard knows no building yet. */
  building: string;
  /** '' for no campaign. */
  campaign: string;
  at: Date;
}

/** The UTC calendar day of an instant, 'YYYY-MM-DD'. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Counts the tab's arrival at the step on the day of `at` (UTC), unless this tab's arrival at this
 * step was counted before, or this tab was never counted at the step before it: answers whether it
 * counted. The tab's row is the claim: inserting it is one statement under its key's lock, so the
 * same report sent at once to several instances is counted once. A tab so holds at most one row
 * per step, made in the wizard's order; any other report stores nothing.
 */
export function recordArrival(db: Db, arrival: Arrival): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (arrival.after !== undefined) {
      const before = await trx
        .selectFrom('funnel_tabs')
        .select('tab_id')
        .where('tab_id', '=', arrival.tab)
        .where('step', '=', arrival.after)
        .executeTakeFirst();
      if (!before) return false;
    }
    const claimed = await trx
      .insertInto('funnel_tabs')
      .values({ tab_id: arrival.tab, step: arrival.step, created_at: arrival.at })
      .onConflict((c) => c.columns(['tab_id', 'step']).doNothing())
      .returning('tab_id')
      .executeTakeFirst();
    if (!claimed) return false;
    await trx
      .insertInto('funnel_days')
      .values({
        day: utcDay(arrival.at),
        step: arrival.step,
        building_code: arrival.building,
        campaign_id: arrival.campaign,
        arrivals: 1,
      })
      .onConflict((c) =>
        c
          .columns(['day', 'step', 'building_code', 'campaign_id'])
          .doUpdateSet({ arrivals: sql<number>`funnel_days.arrivals + 1` }),
      )
      .execute();
    return true;
  });
}

/**
 * Each step's arrivals over the UTC days `from` to `to` (both included), of one building or one
 * campaign when given.
 */
export async function funnelArrivals(
  db: Db,
  period: {
    from: string;
    to: string;
    building?: string | undefined;
    campaign?: string | undefined;
  },
): Promise<Partial<Record<FunnelStep, number>>> {
  let query = db
    .selectFrom('funnel_days')
    .select(['step', sql<string>`sum(arrivals)`.as('arrivals')])
    .where('day', '>=', period.from)
    .where('day', '<=', period.to);
  if (period.building !== undefined) query = query.where('building_code', '=', period.building);
  if (period.campaign !== undefined) query = query.where('campaign_id', '=', period.campaign);
  const rows = await query.groupBy('step').execute();
  return Object.fromEntries(rows.map((r) => [r.step, Number(r.arrivals)]));
}

/** Whether the catalogue has a campaign with this id (retired ones too). */
export async function campaignExists(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('campaigns')
    .select('id')
    .where('id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
