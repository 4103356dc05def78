/**
 * Money, in dollars rounded to cents (SPEC.md 9). The wizard previews with these functions and the
 * server decides with them, from its own catalogue.
 */
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { hasAddOn, STATIC_IP_LABEL } from './add-ons.ts';
import { isBringYourOwn, parseCost, parseCostOrNull } from './catalogue.ts';
import {
  CARD_FEE_RATE,
  FIRST_PAYMENT_DELAY_DAYS,
  NEW_DEVELOPMENT_CHARGE,
  STATIC_IP_MONTHLY,
} from './constants.ts';
import { appliesToFirstPayment, showsPromoBanner } from './discounts.ts';
import type { AddOn, Discount, Plan, Router } from './types.ts';

export interface PricedOrder {
  plan: Plan;
  router: Router;
  addOns: readonly AddOn[];
}

export interface ActivationOrder extends PricedOrder {
  /** The building's, never the visitor's: it decides the $300 new-development charge. */
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

function staticIpCharge(addOns: readonly AddOn[]): number {
  return hasAddOn(addOns, 'static-ip') ? STATIC_IP_MONTHLY : 0;
}

/**
 * The recurring charge the visitor agrees to: plan + router + $9 static IP, undiscounted. An up
 * front discount is a reduction of the first payment, which activationTotal carries.
 */
export function monthlyCharge(order: PricedOrder): number {
  return roundCents(
    parseCost(order.plan.cost) + parseCost(order.router.cost) + staticIpCharge(order.addOns),
  );
}

/** Discounted plan price + router cost + $300 if greenfield + $9 if static IP. */
export function activationTotal(order: ActivationOrder): number {
  return roundCents(
    discountedPlanPrice(order.plan, order.discount) +
      parseCost(order.router.cost) +
      (order.greenfield ? NEW_DEVELOPMENT_CHARGE : 0) +
      staticIpCharge(order.addOns),
  );
}

/**
 * Two amounts in dollars are the same price when they are the same number of cents: '79', '79.0',
 * '79.00' and 79 are one price. Text that is not a plain amount ('$79', '') equals nothing.
 */
export function sameAmount(a: string | number, b: string | number): boolean {
  const cents = (amount: string | number) => {
    const dollars = typeof amount === 'number' ? amount : parseCostOrNull(amount);
    return dollars === null || !Number.isFinite(dollars)
      ? null
      : Math.round(roundCents(dollars) * 100);
  };
  const [left, right] = [cents(a), cents(b)];
  return left !== null && left === right;
}

/** 1.5% of the monthly charge. */
export function cardFee(monthly: number): number {
  return roundCents(monthly * CARD_FEE_RATE);
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
  cardFee: number;
  firstPaymentDate: Date | null;
}

export const NEW_DEVELOPMENT_LABEL = 'New Development Charge';

function addOnLines(input: SummaryInput): SummaryAddOnLine[] {
  const lines: SummaryAddOnLine[] = [];
  if (hasAddOn(input.addOns, 'static-ip')) {
    lines.push({
      code: 'static-ip',
      label: STATIC_IP_LABEL,
      amount: STATIC_IP_MONTHLY,
      recurring: true,
    });
  }
  // The charge follows the building, as activationTotal does, whatever the add-on list says.
  if (input.greenfield) {
    lines.push({
      code: 'new-development-fee',
      label: NEW_DEVELOPMENT_LABEL,
      amount: NEW_DEVELOPMENT_CHARGE,
      recurring: false,
    });
  }
  return lines;
}

/** Every line of the wizard's order summary. */
export function orderSummary(input: SummaryInput): OrderSummary {
  const { plan, router, discount } = input;
  const monthly = monthlyCharge(input);
  return {
    plan: { id: plan.id, name: plan.name, speed: plan.speed, amount: parseCost(plan.cost) },
    router: {
      id: router.id,
      name: router.name,
      amount: parseCost(router.cost),
      bringYourOwn: isBringYourOwn(router),
      period: router.description2,
    },
    addOns: addOnLines(input),
    discount: discount
      ? {
          inWords: discount.in_words,
          terms: discount.terms,
          showsPromoBanner: showsPromoBanner(input.couponCode),
        }
      : null,
    monthlyTotal: monthly,
    activationTotal: activationTotal(input),
    cardFee: cardFee(monthly),
    firstPaymentDate:
      input.activationDate == null ? null : firstPaymentDate(input.activationDate, input.timeZone),
  };
}
