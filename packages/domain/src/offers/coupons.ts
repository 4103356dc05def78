/** Coupon codes: what is decided before a call, what the answer means, and offer conflicts. */
import { z } from 'zod';
import type { DomainConfig } from '../shared/config.ts';
import { SPECIAL_SKIP_CODE } from '../shared/constants.ts';
import { discountFromCoupon, sameOffer } from './discounts.ts';
import { messages } from '../shared/messages.ts';
import type { Discount } from './discounts.ts';
import type { Coupon, CouponType } from '../api/offers.ts';

const COUPON_ACCEPTED_STATUS = 202;

export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The provider's network speed names, refused as coupons (configuration, not constants). */
export function isRejectedCode(
  code: string,
  config: Pick<DomainConfig, 'rejectedCouponCodes'>,
): boolean {
  const normalised = normaliseCouponCode(code);
  return config.rejectedCouponCodes.some(
    (rejected) => normaliseCouponCode(rejected) === normalised,
  );
}

export interface CouponContext {
  config: Pick<DomainConfig, 'rejectedCouponCodes'>;
  /**
   * The service address's postcode and suburb: accepted for the callers that pass them, not read.
   * Where a coupon may be used is data, the coupon row's area, decided by the server
   * (isCouponEligible, docs/rules/offers-and-coupons.md).
   */
  postcode?: string;
  suburb?: string;
}

/**
 * What to do with a code before any call:
 * - 'reject': no call, the answer is null (a rejected speed code, or nothing typed);
 * - 'skip': SOMETHING12321 is accepted without validation and leaves the current offer as it is;
 * - 'call': validate with the coupon call, which decides the rest (the code's plans and area).
 * 'invalid' stays in the answer's type for the callers that handle it; no code is refused here by
 * its area any more (docs/rules/offers-and-coupons.md).
 */
export function precheckCoupon(
  code: string,
  context: CouponContext,
): 'reject' | 'skip' | 'invalid' | 'call' {
  const normalised = normaliseCouponCode(code);
  if (normalised === '' || isRejectedCode(normalised, context.config)) return 'reject';
  if (normalised === SPECIAL_SKIP_CODE) return 'skip';
  return 'call';
}

/** The coupon call's body (docs/rules/offers-and-coupons.md: codes). */
export function couponRequest(
  code: string,
  planIds: readonly string[],
): { coupon_id: string; plan_ids: string[] } {
  return { coupon_id: normaliseCouponCode(code), plan_ids: [...planIds] };
}

const couponAnswer = z.object({
  coupon_id: z.string().min(1),
  coupon_type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  period: z.number().int().nonnegative(),
  period_unit: z
    .string()
    .nullish()
    .transform((unit) => unit || 'month'),
  dollar_amount: z
    .number()
    .nonnegative()
    .nullish()
    .transform((amount) => amount ?? null),
  percentage: z
    .number()
    .min(0)
    .max(100)
    .nullish()
    .transform((percentage) => percentage ?? null),
  plan_ids: z.array(z.string()).default([]),
});

/** Success is status 202 with a coupon; anything else is null (a failed call gives null). */
export function couponValidationResult(status: number, body: unknown): Coupon | null {
  if (status !== COUPON_ACCEPTED_STATUS) return null;
  const parsed = couponAnswer.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/**
 * The referral coupon types, in one place (docs/rules/offers-and-coupons.md): 2 a referral code, 4 a
 * sales commission; each brings its built-in campaign (campaigns.ts).
 */
const referralTypes = { 2: 'REFERRAL', 4: 'SALES_REFERRAL' } as const;
export type ReferralCouponType = keyof typeof referralTypes;
export type ReferralCampaignId = (typeof referralTypes)[ReferralCouponType];
export const referralCampaignIds: readonly ReferralCampaignId[] = Object.values(referralTypes);

export function isReferralType(type: number | null | undefined): type is ReferralCouponType {
  return type !== null && type !== undefined && Object.hasOwn(referralTypes, type);
}

/** The campaign a referral code brings: a sales commission's own, any other the referral one. */
export function referralCampaignId(type: number): ReferralCampaignId {
  return isReferralType(type) ? referralTypes[type] : referralTypes[2];
}

/** A referral code counts only with status 202 and a referral (2) or sales commission (4) type. */
export function isReferralValid(
  status: number,
  coupon: Pick<Coupon, 'coupon_type'> | null | undefined,
): boolean {
  return status === COUPON_ACCEPTED_STATUS && isReferralType(coupon?.coupon_type);
}

/**
 * A coupon as the provider keeps it: the coupon answer (docs/rules/offers-and-coupons.md), plus
 * where it may be used (a postcode and a suburb, null for anywhere). The server's coupon table has
 * these columns.
 */
export interface CouponRecord {
  coupon_id: string;
  coupon_type: number;
  period: number;
  period_unit: string;
  dollar_amount: number | null;
  /** A numeric column may arrive as text. */
  percentage: number | string | null;
  plan_ids: string[];
  only_postcode: string | null;
  only_suburb: string | null;
}

/**
 * The coupon answer (docs/rules/offers-and-coupons.md); dollar_amount stays in cents, as the
 * billing system sends it.
 */
export function couponFromRecord(record: CouponRecord): Coupon {
  return {
    coupon_id: record.coupon_id,
    coupon_type: record.coupon_type as CouponType,
    period: record.period,
    period_unit: record.period_unit,
    dollar_amount: record.dollar_amount,
    percentage: record.percentage === null ? null : Number(record.percentage),
    plan_ids: record.plan_ids,
  };
}

/**
 * Where and for what a coupon is being used. Plans: a coupon with a plan list applies when one of
 * the plans is on it; no plans named yet is not a reason to refuse. Place: a postcode or suburb
 * left out is not checked (the wizard's preview before an address is known); the install always
 * passes the building's own (docs/decisions/009-install-facts.md).
 */
export interface CouponUse {
  planIds: readonly string[];
  postcode?: string | undefined;
  suburb?: string | undefined;
}

export function isCouponEligible(record: CouponRecord, use: CouponUse): boolean {
  const planOk =
    record.plan_ids.length === 0 ||
    use.planIds.length === 0 ||
    use.planIds.some((id) => record.plan_ids.includes(id));
  const postcodeOk =
    record.only_postcode === null ||
    use.postcode === undefined ||
    record.only_postcode.trim() === use.postcode.trim();
  const suburbOk =
    record.only_suburb === null ||
    use.suburb === undefined ||
    record.only_suburb.trim().toUpperCase() === use.suburb.trim().toUpperCase();
  return planOk && postcodeOk && suburbOk;
}

/**
 * The coupon a stored row gives for this use, or null when there is none or it does not apply: the
 * one rule the coupon call, the coupon lookup and the install share (docs/rules/offers-and-coupons.md,
 * docs/decisions/009-install-facts.md).
 */
export function eligibleCoupon(
  record: CouponRecord | null | undefined,
  use: CouponUse,
): Coupon | null {
  return record && isCouponEligible(record, use) ? couponFromRecord(record) : null;
}

/** The referral coupon a stored row gives (types 2 and 4), or null. */
export function referralCoupon(record: CouponRecord | null | undefined): Coupon | null {
  return record && isReferralType(record.coupon_type) ? couponFromRecord(record) : null;
}

export type CouponOutcome =
  | { kind: 'invalid'; message: string }
  | { kind: 'accepted'; coupon: Coupon; discount: Discount }
  | { kind: 'conflict'; coupon: Coupon; current: Discount; offered: Discount };

/**
 * Validate's three outcomes. The current offer is the active campaign's or an earlier code's
 * discount (null when there is none); a code that offers the same terms is simply accepted.
 */
export function couponOutcome(currentOffer: Discount | null, coupon: Coupon | null): CouponOutcome {
  if (coupon === null) return { kind: 'invalid', message: messages.couponInvalid };
  const offered = discountFromCoupon(coupon);
  if (currentOffer === null || sameOffer(currentOffer, offered)) {
    return { kind: 'accepted', coupon, discount: offered };
  }
  return { kind: 'conflict', coupon, current: currentOffer, offered };
}

export type OfferChoice = 'current' | 'code';

/** The 'Confirm Offer' choice: keep the current offer (and drop the code) or take the code's. */
export function resolveOfferConflict(
  conflict: Extract<CouponOutcome, { kind: 'conflict' }>,
  choice: OfferChoice,
): { discount: Discount; coupon: Coupon | null } {
  return choice === 'code'
    ? { discount: conflict.offered, coupon: conflict.coupon }
    : { discount: conflict.current, coupon: null };
}
