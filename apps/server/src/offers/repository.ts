import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../db/schema.ts';

type Db = Kysely<Schema>;

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
 * dates are calendar days in that state's zone (offers/routes.ts decides whether it runs today).
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

/**
 * The provider's coupons and campaigns, each with how many orders carry its code: every order but
 * a cancelled one, codes compared ignoring case. A campaign's buildings are those that name it and
 * are not retired.
 */
export async function offerUsage(db: Db, rsp: string) {
  const [coupons, campaigns] = await Promise.all([
    db
      .selectFrom('coupons as c')
      .select((eb) => [
        'c.coupon_id',
        'c.period',
        'c.period_unit',
        'c.dollar_amount',
        'c.percentage',
        'c.retired_at',
        eb
          .selectFrom('orders as o')
          .select((o) => o.fn.countAll<number>().as('n'))
          .where('o.status', '<>', 'cancelled')
          .where((o) => o(o.fn('upper', ['o.coupon_id']), '=', o.fn('upper', ['c.coupon_id'])))
          .as('orders'),
      ])
      .where('c.rsp', '=', rsp)
      .orderBy('c.coupon_id')
      .execute(),
    db
      .selectFrom('campaigns as k')
      .select((eb) => [
        'k.id',
        'k.name',
        'k.coupon_code',
        'k.starts',
        'k.ends',
        'k.retired_at',
        eb
          .selectFrom('buildings as b')
          .select((b) => b.fn.countAll<number>().as('n'))
          .whereRef('b.campaign_id', '=', 'k.id')
          .where('b.retired_at', 'is', null)
          .as('buildings'),
        eb
          .selectFrom('orders as o')
          .select((o) => o.fn.countAll<number>().as('n'))
          .where('o.status', '<>', 'cancelled')
          .where((o) => o(o.fn('upper', ['o.coupon_id']), '=', o.fn('upper', ['k.coupon_code'])))
          .as('orders'),
      ])
      .where('k.rsp', '=', rsp)
      .orderBy('k.starts', 'desc')
      .orderBy('k.id')
      .execute(),
  ]);
  return { coupons, campaigns };
}
