import * as z from 'zod/mini';

/* Answers of the catalogue and campaign calls (docs/rules/plans-and-pricing.md). */

export const planAnswer = z.object({
  id: z.string(),
  name: z.string(),
  /** Mbps */
  speed: z.number(),
  /** A number, as a string: '79' or '79.00'. */
  cost: z.string(),
  description1: z.string(),
  rsp: z.string(),
  addressLIT: z.boolean(),
  addressNonLIT: z.boolean(),
  /** Mbps: the typical busy-hour (7 pm to 11 pm) speed the provider advertises. */
  busyHourSpeed: z.number(),
  /** The plan's Critical Information Summary. */
  cisUrl: z.string(),
});
export type Plan = z.infer<typeof planAnswer>;

export const routerAnswer = z.object({
  id: z.string(),
  name: z.string(),
  /** '0' means the customer brings their own. */
  cost: z.string(),
  description1: z.string(),
  description2: z.string(),
  rsp: z.string(),
});
export type Router = z.infer<typeof routerAnswer>;

/** GET /api/v1/public/plans */
export const plansAnswer = z.array(planAnswer);
/** GET /api/v1/public/routers */
export const routersAnswer = z.array(routerAnswer);

/** GET /api/v1/public/building/{code}/campaign (docs/rules/offers-and-coupons.md#campaigns) */
export const campaignAnswer = z.object({
  id: z.string(),
  name: z.string(),
  rsp: z.string(),
  /** ISO date-time */
  startDate: z.string(),
  /** ISO date-time */
  endDate: z.string(),
  terms: z.string(),
  couponCode: z.string(),
  monthsFree: z.number(),
  referral: z.boolean(),
  moveIn: z.boolean(),
});
export type Campaign = z.infer<typeof campaignAnswer>;

/** No running campaign: 404, with `status: 'resource not found'` beside the error. */
export const noCampaignAnswer = z.looseObject({
  error: z.string(),
  message: z.string(),
  status: z.string(),
});
