import { z } from 'zod';

/* Requests of the campaign, coupon and referral calls (docs/rules/offers-and-coupons.md). */

/** A coupon, referral or building code in a path. */
export const offerCode = z
  .string()
  .trim()
  .min(1, 'A code is required')
  .max(64, 'The code is too long');

/** GET /api/v1/public/building/{code}/campaign, GET .../coupon/{code}, GET .../referral/{code} */
export const codeParams = z.object({ code: offerCode });

/** POST /api/v1/{provider}/coupon */
export const couponBody = z.object({
  coupon_id: offerCode,
  plan_ids: z.array(z.string().trim().min(1).max(64)).max(20).default([]),
  postcode: z.string().trim().max(8).optional(),
  suburb: z.string().trim().max(80).optional(),
});
export type CouponBody = z.input<typeof couponBody>;

/** GET /api/v1/{provider}/coupon/{code}?plan_id=ID */
export const couponQuery = z.object({ plan_id: z.string().trim().max(64).optional() });
