/**
 * Money, in dollars rounded to cents (docs/rules/plans-and-pricing.md). The wizard previews with
 * these functions and the server decides with them, from its own catalogue. The prices of the
 * add-ons and fees are the catalogue's (`rules`, a DomainConfig); the plan's and router's are on
 * the plan and router.
 */
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { hasAddOn, STATIC_IP_LABEL } from './add-ons.ts';
import { isBringYourOwn, parseCost } from '../catalogue/plans.ts';
import type { DomainConfig } from '../shared/config.ts';
import { FIRST_PAYMENT_DELAY_DAYS } from '../shared/constants.ts';
import { appliesToFirstPayment, showsPromoBanner } from '../offers/discounts.ts';
import { parseCharge, parseDollars } from '../shared/amount-text.ts';
import { cardFeeOn, type CardScheme } from './card-fees.ts';
import type { AddOn } from './add-ons.ts';
import type { Discount } from '../offers/discounts.ts';
import type { Plan, Router } from '../api/catalogue.ts';

export interface PricedOrder {
  plan: Plan;
  router: Router;
  addOns: readonly AddOn[];
}

/** The catalogue's prices of the add-ons and fees. */
export type PriceRules = Pick<
  DomainConfig,
  'staticIpMonthly' | 'newDevelopmentCharge' | 'cardFees'
>;

export interface ActivationOrder extends PricedOrder {
  /** The building's, never the visitor's: it decides the one-off new-development charge. */
  greenfield: boolean;
  discount?: Discount | null;
}

/** Half up to the cent; the 12-digit step first absorbs binary noise such as 1.185 -> 1.18499... */
export function roundCents(amount: number): number {
  return Math.round(Number((amount * 100).toPrecision(12))) / 100;
}

/** The plan's price after a discount that applies up front (starting_period 0); never below 0. */
export function discountedPlanPrice(plan: Plan, discount?: Discount | null): number {
  const price = parseCost(plan.cost);
  if (!discount || !appliesToFirstPayment(discount)) return price;
  if (discount.dollar_amount !== null)
    return roundCents(Math.max(0, price - discount.dollar_amount));
  const percentage = Math.min(100, Math.max(0, discount.percentage ?? 100));
  return roundCents(price * (1 - percentage / 100));
}

function staticIpCharge(addOns: readonly AddOn[], rules: Pick<PriceRules, 'staticIpMonthly'>) {
  return hasAddOn(addOns, 'static-ip') ? rules.staticIpMonthly : 0;
}

/**
 * The recurring charge the visitor agrees to: plan + router + the static IP's monthly price,
 * undiscounted. An up front discount is a reduction of the first payment, which activationTotal
 * carries.
 */
export function monthlyCharge(
  order: PricedOrder,
  rules: Pick<PriceRules, 'staticIpMonthly'>,
): number {
  return roundCents(
    parseCost(order.plan.cost) + parseCost(order.router.cost) + staticIpCharge(order.addOns, rules),
  );
}

/**
 * Discounted plan price + router cost + the new development charge if greenfield + the static IP
 * if chosen ($300 and $9 for the demo provider).
 */
export function activationTotal(
  order: ActivationOrder,
  rules: Pick<PriceRules, 'staticIpMonthly' | 'newDevelopmentCharge'>,
): number {
  return roundCents(
    discountedPlanPrice(order.plan, order.discount) +
      parseCost(order.router.cost) +
      (order.greenfield ? rules.newDevelopmentCharge : 0) +
      staticIpCharge(order.addOns, rules),
  );
}

/**
 * The least a customer pays under the month-to-month contract (the minimum total cost the
 * Telecommunications Consumer Protections Code asks to be shown): the first payment with its card
 * fee. The first payment is the first month's charges (the plan price after an up front discount,
 * the router, the static IP) + the one-off new development charge for a greenfield building
 * (together: activationTotal); the card's scheme decides its fee on that amount (cardFeeOn). No
 * lock-in, so nothing after the first month is owed.
 */
export function minimumTotalCost(
  order: ActivationOrder,
  rules: PriceRules,
  scheme: CardScheme | null = null,
): number {
  const first = activationTotal(order, rules);
  return roundCents(first + cardFeeOn(first, scheme, rules));
}

/** Each payment with the fee its card pays (docs/rules/plans-and-pricing.md, "Card fees"). */
export interface PaymentsWithFee {
  monthly: number;
  monthlyFee: number;
  /** What each month's charge is, the fee included: what the visitor agrees to. */
  monthlyWithFee: number;
  firstPayment: number;
  firstPaymentFee: number;
  firstPaymentWithFee: number;
}

/**
 * The two payments, each with its fee: the fee of a payment is the scheme's percent of that
 * payment as charged. Direct debit, or a card whose scheme is not known yet, is `scheme` null.
 */
export function paymentsWithFee(
  order: ActivationOrder,
  rules: PriceRules,
  scheme: CardScheme | null,
): PaymentsWithFee {
  const monthly = monthlyCharge(order, rules);
  const first = activationTotal(order, rules);
  return withFees(monthly, first, scheme, rules);
}

/** The same from the two amounts already worked out (a stored order's, the summary's). */
export function withFees(
  monthly: number,
  firstPayment: number,
  scheme: CardScheme | null,
  rules: Pick<PriceRules, 'cardFees'>,
): PaymentsWithFee {
  const monthlyFee = cardFeeOn(monthly, scheme, rules);
  const firstPaymentFee = cardFeeOn(firstPayment, scheme, rules);
  return {
    monthly,
    monthlyFee,
    monthlyWithFee: roundCents(monthly + monthlyFee),
    firstPayment,
    firstPaymentFee,
    firstPaymentWithFee: roundCents(firstPayment + firstPaymentFee),
  };
}

/**
 * Two amounts in dollars are the same price when they are the same number of cents: '79', '79.0',
 * '79.00', '$79' and 79 are one price (parseDollars). Text that is not an amount ('', '79 AUD')
 * equals nothing.
 */
export function sameAmount(a: string | number, b: string | number): boolean {
  return sameCents(a, b, parseDollars);
}

/**
 * Two charges are the same when they are the same number of cents, and a charge of nothing is one
 * amount however it is written: '', '0', '0.00', '$0' and 0 (parseCharge,
 * docs/decisions/009-install-facts.md).
 */
export function sameCharge(a: string | number, b: string | number): boolean {
  return sameCents(a, b, parseCharge);
}

function sameCents(
  a: string | number,
  b: string | number,
  parse: (text: string) => number | null,
): boolean {
  const cents = (amount: string | number) => {
    const dollars = typeof amount === 'number' ? amount : parse(amount);
    return dollars === null || !Number.isFinite(dollars)
      ? null
      : Math.round(roundCents(dollars) * 100);
  };
  const [left, right] = [cents(a), cents(b)];
  return left !== null && left === right;
}

/**
 * Fifteen calendar days after activation, counted in the given zone (the address's) so that the
 * answer does not depend on the zone of the machine running it.
 */
export function firstPaymentDate(activation: Date | string, timeZone = 'UTC'): Date {
  const start = new TZDate(new Date(activation).getTime(), timeZone);
  if (Number.isNaN(start.getTime())) throw new RangeError(`Not a date: '${String(activation)}'`);
  return new Date(addDays(start, FIRST_PAYMENT_DELAY_DAYS).getTime());
}

export interface SummaryInput extends ActivationOrder {
  couponCode?: string | null;
  /** The chosen installation start; before one is chosen there is no first payment date. */
  activationDate?: Date | string | null;
  timeZone?: string;
  /** The card's scheme once known; null (or absent) for direct debit or before a card is typed. */
  cardScheme?: CardScheme | null;
}

export interface SummaryAddOnLine {
  code: AddOn;
  label: string;
  amount: number;
  recurring: boolean;
}

export interface OrderSummary {
  plan: { id: string; name: string; speed: number; amount: number };
  router: { id: string; name: string; amount: number; bringYourOwn: boolean; period: string };
  addOns: SummaryAddOnLine[];
  discount: { inWords: string; terms: string; showsPromoBanner: boolean } | null;
  monthlyTotal: number;
  activationTotal: number;
  /** The card's scheme the fees are for; null when none applies. */
  cardScheme: CardScheme | null;
  /** The card fee on each monthly charge, and the monthly charge with it. */
  monthlyFee: number;
  monthlyWithFee: number;
  /** The card fee on the first payment, and the first payment with it. */
  firstPaymentFee: number;
  firstPaymentWithFee: number;
  /** minimumTotalCost: the first payment with its fee. */
  minimumTotalCost: number;
  firstPaymentDate: Date | null;
}

export const NEW_DEVELOPMENT_LABEL = 'New Development Charge';

function addOnLines(input: SummaryInput, rules: PriceRules): SummaryAddOnLine[] {
  const lines: SummaryAddOnLine[] = [];
  if (hasAddOn(input.addOns, 'static-ip')) {
    lines.push({
      code: 'static-ip',
      label: STATIC_IP_LABEL,
      amount: rules.staticIpMonthly,
      recurring: true,
    });
  }
  // The charge follows the building, as activationTotal does, whatever the add-on list says.
  if (input.greenfield) {
    lines.push({
      code: 'new-development-fee',
      label: NEW_DEVELOPMENT_LABEL,
      amount: rules.newDevelopmentCharge,
      recurring: false,
    });
  }
  return lines;
}

/** Every line of the wizard's order summary. */
export function orderSummary(input: SummaryInput, rules: PriceRules): OrderSummary {
  const { plan, router, discount } = input;
  const monthly = monthlyCharge(input, rules);
  const activation = activationTotal(input, rules);
  const scheme = input.cardScheme ?? null;
  const paid = withFees(monthly, activation, scheme, rules);
  return {
    plan: { id: plan.id, name: plan.name, speed: plan.speed, amount: parseCost(plan.cost) },
    router: {
      id: router.id,
      name: router.name,
      amount: parseCost(router.cost),
      bringYourOwn: isBringYourOwn(router),
      period: router.description2,
    },
    addOns: addOnLines(input, rules),
    discount: discount
      ? {
          inWords: discount.in_words,
          terms: discount.terms,
          showsPromoBanner: showsPromoBanner(input.couponCode),
        }
      : null,
    monthlyTotal: monthly,
    activationTotal: activation,
    cardScheme: scheme,
    monthlyFee: paid.monthlyFee,
    monthlyWithFee: paid.monthlyWithFee,
    firstPaymentFee: paid.firstPaymentFee,
    firstPaymentWithFee: paid.firstPaymentWithFee,
    // The same sum as minimumTotalCost, from the parts already worked out.
    minimumTotalCost: paid.firstPaymentWithFee,
    firstPaymentDate:
      input.activationDate == null ? null : firstPaymentDate(input.activationDate, input.timeZone),
  };
}
