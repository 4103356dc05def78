/**
 * Campaigns: built-in offers, the building's fetched one and who wins
 * (docs/rules/offers-and-coupons.md).
 */
import { TZDate } from '@date-fns/tz';
import { addYears } from 'date-fns/addYears';
import { z } from 'zod';
import { referralCampaignId, referralCampaignIds, type ReferralCampaignId } from './coupons.ts';
import { discountFromCampaign, freeMonthsDiscount } from './discounts.ts';
import { messages } from '../shared/messages.ts';
import type { Discount } from './discounts.ts';
import type { Campaign } from '../api/catalogue.ts';
import type { CouponType } from '../api/offers.ts';

export type BuiltInCampaignId = 'MOVEIN' | 'MOVEIN2' | ReferralCampaignId;

const builtIns: Record<BuiltInCampaignId, { couponCode: string; monthsFree: number }> = {
  MOVEIN: { couponCode: 'PROMOMIOMF', monthsFree: 1 },
  MOVEIN2: { couponCode: 'MOVERS2MF', monthsFree: 2 },
  // Referral offers use the code the visitor entered.
  REFERRAL: { couponCode: '', monthsFree: 1 },
  SALES_REFERRAL: { couponCode: '', monthsFree: 1 },
};

export interface CampaignContext {
  /** The clock, passed in. */
  now: Date | string;
  /** The provider code, the campaign's rsp. */
  provider: string;
}

/** Move-in and referral campaigns run for one year from now (UTC calendar, any machine zone). */
export function builtInCampaign(
  id: BuiltInCampaignId,
  context: CampaignContext,
  enteredCode = '',
): Campaign {
  const start = new TZDate(new Date(context.now).getTime(), 'UTC');
  if (Number.isNaN(start.getTime())) throw new RangeError(`Not a date: '${String(context.now)}'`);
  const { couponCode, monthsFree } = builtIns[id];
  const referral = (referralCampaignIds as readonly string[]).includes(id);
  return {
    id,
    name: id,
    rsp: context.provider,
    startDate: new Date(start.getTime()).toISOString(),
    endDate: new Date(addYears(start, 1).getTime()).toISOString(),
    terms: freeMonthsDiscount(monthsFree).terms,
    couponCode: referral ? enteredCode.trim().toUpperCase() : couponCode,
    monthsFree,
    referral,
    moveIn: !referral,
  };
}

/** The moveIn query parameter: '1' is MOVEIN, '2' is MOVEIN2, anything else no campaign. */
export function moveInCampaignId(moveIn: string | null | undefined): BuiltInCampaignId | null {
  if (moveIn?.trim() === '1') return 'MOVEIN';
  if (moveIn?.trim() === '2') return 'MOVEIN2';
  return null;
}

/** A referral code's campaign by its coupon type (coupons.ts, referralCampaignId). */
export function referralCampaign(
  code: string,
  couponType: CouponType,
  context: CampaignContext,
): Campaign {
  return builtInCampaign(referralCampaignId(couponType), context, code);
}

export interface CampaignState {
  campaign: Campaign | null;
  referral: boolean;
  moveIn: boolean;
}

export const initialCampaignState: CampaignState = {
  campaign: null,
  referral: false,
  moveIn: false,
};

/** The building's campaign (null for none) never replaces a referral or move-in offer. */
export function applyFetchedCampaign(
  state: CampaignState,
  campaign: Campaign | null,
): CampaignState {
  if (state.referral || state.moveIn) return state;
  return { ...state, campaign };
}

/**
 * A successful referral check. The offer the visitor brought last wins over move-in, and the other
 * flag is cleared so the flags describe the campaign (docs/rules/offers-and-coupons.md).
 */
export function applyReferralCampaign(_state: CampaignState, campaign: Campaign): CampaignState {
  return { campaign, referral: true, moveIn: false };
}

/** Set directly from the moveIn parameter; an unknown value leaves the state alone. */
export function setMoveInCampaign(
  state: CampaignState,
  moveIn: string | null | undefined,
  context: CampaignContext,
): CampaignState {
  const id = moveInCampaignId(moveIn);
  if (id === null) return state;
  return { campaign: builtInCampaign(id, context), referral: false, moveIn: true };
}

export function isCouponFieldHidden(state: CampaignState): boolean {
  return state.referral || state.moveIn;
}

/** The discount of the active campaign, if any: the "current offer" a coupon may conflict with. */
export function campaignDiscount(state: CampaignState): Discount | null {
  return state.campaign ? discountFromCampaign(state.campaign) : null;
}

const campaignFields = z.object({
  id: z.string().min(1),
  name: z.string(),
  rsp: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  terms: z.string().default(''),
  couponCode: z.string().min(1),
  monthsFree: z.number().int().positive(),
  referral: z.boolean().default(false),
  moveIn: z.boolean().default(false),
});

export type CampaignAnswer =
  { kind: 'campaign'; campaign: Campaign } | { kind: 'none' } | { kind: 'error'; error: string };

function isNotFound(value: unknown): boolean {
  return typeof value === 'string' && value.trim().toLowerCase() === messages.resourceNotFound;
}

/**
 * docs/rules/offers-and-coupons.md: 'resource not found' is an empty campaign, any other error
 * rejects the fetch. The words are looked for in status, error and message alike.
 */
export function interpretCampaignAnswer(answer: unknown): CampaignAnswer {
  if (typeof answer !== 'object' || answer === null) {
    return { kind: 'error', error: messages.somethingWentWrong };
  }
  const { error, status, message } = answer as Record<string, unknown>;
  if ([status, error, message].some(isNotFound)) return { kind: 'none' };
  if (error) {
    return {
      kind: 'error',
      error: typeof error === 'string' ? error : messages.somethingWentWrong,
    };
  }
  const parsed = campaignFields.safeParse(answer);
  return parsed.success
    ? { kind: 'campaign', campaign: parsed.data }
    : { kind: 'error', error: messages.somethingWentWrong };
}
