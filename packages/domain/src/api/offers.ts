import * as z from 'zod/mini';

/**
 * A coupon as the coupon and referral calls answer it (docs/rules/offers-and-coupons.md#codes):
 * types 1 coupon code, 2 referral code, 3 move-in coupon, 4 sales commission; amounts in cents.
 */
export const couponAnswer = z.object({
  coupon_id: z.string(),
  coupon_type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  period: z.number(),
  period_unit: z.string(),
  /** cents */
  dollar_amount: z.nullable(z.number()),
  percentage: z.nullable(z.number()),
  plan_ids: z.array(z.string()),
});
export type Coupon = z.infer<typeof couponAnswer>;
/** Coupon types: 1 coupon code, 2 referral code, 3 move-in coupon, 4 sales commission. */
export type CouponType = Coupon['coupon_type'];
