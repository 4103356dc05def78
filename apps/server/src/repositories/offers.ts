import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../db/schema.ts';

export type CouponRow = Selectable<Schema['coupons']>;

/**
 * A coupon of the catalogue being served. Retired ones (the file dropped them) are invisible to
 * the coupon routes and to pricing; an order placed before keeps its code (`includeRetired`).
 */
export async function findCoupon(
  db: Kysely<Schema>,
  rsp: string,
  couponId: string,
  options: { includeRetired?: boolean } = {},
) {
  let query = db
    .selectFrom('coupons')
    .selectAll()
    .where('rsp', '=', rsp)
    .where('coupon_id', '=', couponId.trim().toUpperCase());
  if (!options.includeRetired) query = query.where('retired_at', 'is', null);
  return query.executeTakeFirst();
}

/**
 * The campaign an active building names, if it is active too, with the building's state: its
 * dates are calendar days in that state's zone (routes/offers decide whether it runs today).
 */
export async function findBuildingCampaign(db: Kysely<Schema>, rsp: string, code: string) {
  return db
    .selectFrom('buildings as b')
    .innerJoin('campaigns as c', 'c.id', 'b.campaign_id')
    .selectAll('c')
    .select('b.state')
    .where('b.code', '=', code)
    .where('b.retired_at', 'is', null)
    .where('c.retired_at', 'is', null)
    .where('c.rsp', '=', rsp)
    .executeTakeFirst();
}
