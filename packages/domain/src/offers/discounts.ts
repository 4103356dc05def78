/** The discount an offer gives, in numbers and in words (docs/rules/offers-and-coupons.md). */
import {
  BLACK_FRIDAY_CODE,
  CONTRACT_TERM,
  DEFAULT_STARTING_PERIOD,
  SECOND_MONTH_STARTING_PERIOD,
} from '../shared/constants.ts';
import { messages } from '../shared/messages.ts';
import { formatDollars } from '../shared/money.ts';
import type { Campaign } from '../api/catalogue.ts';
import type { Coupon } from '../api/offers.ts';

export interface Discount {
  period: number;
  period_unit: string;
  starting_period: number;
  /** dollars (converted from cents) */
  dollar_amount: number | null;
  percentage: number | null;
  in_words: string;
  terms: string;
}

type DiscountAmounts = Omit<Discount, 'in_words' | 'terms'>;

const MONTH = 'month';
// A second free month is credited this many months after the first (month 7, then month 13).
const CREDIT_SPACING = SECOND_MONTH_STARTING_PERIOD - DEFAULT_STARTING_PERIOD;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function monthList(months: number[]): string {
  if (months.length < 2) return `month ${months.join('')}`;
  return `months ${months.slice(0, -1).join(', ')} and ${months.at(-1)}`;
}

/** A whole free month: 100% off and not applied to the first payment. */
export function isFreeMonthOffer(discount: DiscountAmounts): boolean {
  return (
    discount.dollar_amount === null &&
    discount.percentage === 100 &&
    discount.period_unit === MONTH &&
    discount.starting_period > 0
  );
}

/** Months whose fee is credited: 7 for the first free month, 13 for a second. */
export function freeMonthCreditMonths(discount: DiscountAmounts): number[] {
  if (!isFreeMonthOffer(discount)) return [];
  return Array.from(
    { length: discount.period },
    (_, index) => discount.starting_period + index * CREDIT_SPACING,
  );
}

/**
 * The discount reduces a payment up front only when starting_period is 0
 * (docs/rules/offers-and-coupons.md).
 */
export function appliesToFirstPayment(discount: Pick<Discount, 'starting_period'>): boolean {
  return discount.starting_period === 0;
}

export function discountInWords(discount: DiscountAmounts): string {
  if (isFreeMonthOffer(discount)) return `${plural(discount.period, MONTH)} free`;
  const off =
    discount.dollar_amount !== null
      ? `$${formatDollars(discount.dollar_amount)}`
      : `${discount.percentage ?? 100}%`;
  return `${off} off for ${plural(discount.period, discount.period_unit)}`;
}

export function discountTerms(discount: DiscountAmounts): string {
  const contract = `Contract term ${CONTRACT_TERM}; no lock-in.`;
  const credits = freeMonthCreditMonths(discount);
  if (credits.length > 0) {
    const what = credits.length === 1 ? 'the credit is' : 'credits are';
    return `${discountInWords(discount)}: ${what} applied on ${monthList(credits)}. ${contract}`;
  }
  const from = appliesToFirstPayment(discount)
    ? 'from the first payment'
    : `from ${MONTH} ${discount.starting_period}`;
  return `${discountInWords(discount)}, ${from}. ${contract}`;
}

function withWords(amounts: DiscountAmounts): Discount {
  return { ...amounts, in_words: discountInWords(amounts), terms: discountTerms(amounts) };
}

function freeMonths(period: number): DiscountAmounts {
  return {
    period,
    period_unit: MONTH,
    starting_period: DEFAULT_STARTING_PERIOD,
    dollar_amount: null,
    percentage: 100,
  };
}

/** Whole free months credited from month 7 (the form every campaign's offer takes). */
export function freeMonthsDiscount(months: number): Discount {
  return withWords(freeMonths(months));
}

/** One month free at month 7. */
export const defaultDiscount: Discount = freeMonthsDiscount(1);

function isBlackFriday(code: string): boolean {
  return code.trim().toUpperCase() === BLACK_FRIDAY_CODE;
}

/** PNBF24 has its own banner-less wording; every other offer shows the promo banner. */
export function showsPromoBanner(couponCode: string | null | undefined): boolean {
  return !isBlackFriday(couponCode ?? '');
}

/**
 * The coupon's id decides free months: ids containing 2MF (WW2MF, MOVERS2MF, BPD2MF) give two and
 * their own two-month terms, ids containing OMF (PROMOMIOMF, WWOMF) one; the coupon's own amounts
 * are then ignored. Other coupons are a dollar amount (preferred when both are set) or a
 * percentage off from the first payment: the answer carries no starting period, and PNBF24's
 * '$10 off for 9 months' sale only makes sense from the start (docs/rules/offers-and-coupons.md).
 */
export function discountFromCoupon(coupon: Coupon): Discount {
  const id = coupon.coupon_id.trim().toUpperCase();
  if (id.includes('2MF')) return freeMonthsDiscount(2);
  if (id.includes('OMF')) return freeMonthsDiscount(1);
  const dollars = coupon.dollar_amount === null ? null : coupon.dollar_amount / 100;
  const amounts: DiscountAmounts = {
    period: coupon.period,
    period_unit: coupon.period_unit || MONTH,
    starting_period: 0,
    dollar_amount: dollars,
    percentage: dollars === null ? (coupon.percentage ?? 100) : null,
  };
  const discount = withWords(amounts);
  return isBlackFriday(id) ? { ...discount, in_words: messages.blackFridayText } : discount;
}

/** Campaigns (move-in, referral, building) give whole free months from month 7. */
export function discountFromCampaign(campaign: Campaign): Discount {
  const discount = freeMonthsDiscount(campaign.monthsFree);
  return campaign.terms.trim() === '' ? discount : { ...discount, terms: campaign.terms };
}

export function sameOffer(a: DiscountAmounts, b: DiscountAmounts): boolean {
  return (
    a.period === b.period &&
    a.period_unit === b.period_unit &&
    a.starting_period === b.starting_period &&
    a.dollar_amount === b.dollar_amount &&
    a.percentage === b.percentage
  );
}
