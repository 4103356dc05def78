import { adminOffersAnswer } from '@fibre/domain/api';
import { discountInWords } from '@fibre/domain/offers';
import type { AppContext } from '../context.ts';
import { defineAdminRoute } from '../operators/index.ts';
import { offerUsage } from './repository.ts';
import type { AnyRoute } from '../http/define.ts';

/* Coupon and campaign usage (docs/rules/operators.md#operations). */

/**
 * A coupon's discount in words from its own amounts (docs/rules/operators.md#operations): dollars
 * (preferred when both are set) or percent off, for its period: '$10 off for 3 months', '100% off
 * for 1 month'. Stored dollar amounts are cents.
 */
export function couponInWords(coupon: {
  period: number;
  period_unit: string;
  dollar_amount: number | null;
  percentage: number | null;
}): string {
  const dollars = coupon.dollar_amount === null ? null : coupon.dollar_amount / 100;
  return discountInWords({
    period: coupon.period,
    period_unit: coupon.period_unit || 'month',
    // From the first payment: the words then say what the coupon gives, never '1 month free'.
    starting_period: 0,
    dollar_amount: dollars,
    percentage: dollars === null ? Number(coupon.percentage ?? 100) : null,
  });
}

export function adminOfferRoutes(ctx: AppContext): AnyRoute[] {
  const db = ctx.database.db;
  return [
    defineAdminRoute(ctx, {
      method: 'GET',
      url: '/admin/api/offers',
      operationId: 'listOffers',
      summary: "The provider's coupons and campaigns, with how many orders used each",
      description:
        'An order counts unless it was cancelled; a campaign counts the orders carrying its coupon code, and the buildings that name it and are not retired (docs/rules/operators.md#operations).',
      responses: { 200: { description: 'Coupons and campaigns', schema: adminOffersAnswer } },
      handler: async () => {
        const { coupons, campaigns } = await offerUsage(db, ctx.catalogue.current().provider.code);
        return {
          coupons: coupons.map((c) => ({
            id: c.coupon_id,
            description: couponInWords(c),
            retired: c.retired_at !== null,
            orders: Number(c.orders ?? 0),
          })),
          campaigns: campaigns.map((k) => ({
            id: k.id,
            name: k.name,
            couponCode: k.coupon_code,
            starts: k.starts,
            ends: k.ends,
            retired: k.retired_at !== null,
            buildings: Number(k.buildings ?? 0),
            orders: Number(k.orders ?? 0),
          })),
        };
      },
    }),
  ];
}
