import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../db/schema.ts';

export type CouponRow = Selectable<Schema['coupons']>;

export async function findCoupon(db: Kysely<Schema>, rsp: string, couponId: string) {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('rsp', '=', rsp)
    .where('coupon_id', '=', couponId.trim().toUpperCase())
    .executeTakeFirst();
}

/** The building's campaign running at `now`, if any. */
export async function findBuildingCampaign(
  db: Kysely<Schema>,
  rsp: string,
  code: string,
  now: Date,
) {
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('rsp', '=', rsp)
    .where('building_code', '=', code)
    .where('start_date', '<=', now)
    .where('end_date', '>', now)
    .orderBy('start_date', 'desc')
    .executeTakeFirst();
}
