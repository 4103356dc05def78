import { FIRST_PAYMENT_DELAY_DAYS } from '../shared/constants.ts';
import {
  cardFeeLabel,
  cardFeeOn,
  cardFeeRule,
  storedCardFees,
  type CardFees,
  type CardScheme,
} from './card-fees.ts';

/**
 * The words for what is charged when (docs/rules/plans-and-pricing.md, "Money words"): the
 * wizard's order summary and confirmation, the confirmation mail, the customer's order page and the
 * console say it in these words and no others, so a customer never reads two names for one charge.
 *
 * - The monthly charge: plan, router and static IP, each month, with the card's fee on it.
 * - The first payment: the activation total (the first month's plan and router after any up-front
 *   discount, the static IP and any one-off charge), taken 15 days after activation, with the
 *   card's fee on it.
 * - The card fee: the scheme's percentage of each payment as charged; only some schemes carry one.
 */
export const moneyWords = {
  monthlyCharge: 'Monthly charge',
  perMonth: 'per month',
  once: 'one-off',
  firstPayment: 'First payment',
  /** When the first payment is taken: with its date once the installation's day is known. */
  firstPaymentWhen: (date: string | null): string =>
    date === null
      ? `${FIRST_PAYMENT_DELAY_DAYS} days after activation`
      : `${date}, ${FIRST_PAYMENT_DELAY_DAYS} days after activation`,
  /** The line under a payment that carries a card fee: 'includes $1.17 American Express ...'. */
  includesCardFee: (amount: string, label: string): string => `includes ${amount} ${label}`,
  /** Where a stored order's fee is not the catalogue's rate any more (its rate is not known). */
  cardFeeUnknownRate: 'card surcharge',
  /** The payment step, before a card is typed, when some scheme carries a fee. */
  noFeeSchemes: 'No card fee on Visa, Mastercard or eftpos',
  /** Where a fee line says what it is of: '$1.17 of the first payment, $1.62 of each month'. */
  cardFeeOf: (firstPayment: string, monthly: string): string =>
    `${firstPayment} of the first payment, ${monthly} of each monthly charge`,
  /** A cancelled order, wherever its charges would be. */
  nothingCharged: 'Nothing will be charged',
} as const;

/**
 * The fee line's name for a stored order's scheme: the catalogue's words and rate when that rate
 * still gives the order's fees to the cent (so a changed rate is never shown as the order's),
 * else 'card surcharge'. Null when the order pays no fee.
 */
export function orderCardFeeLabel(
  rules: { cardFees: CardFees },
  order: {
    scheme: CardScheme | null;
    monthlyCents: number;
    monthlyFeeCents: number;
    firstPaymentCents: number;
    firstPaymentFeeCents: number;
  },
): string | null {
  if (order.monthlyFeeCents <= 0 && order.firstPaymentFeeCents <= 0) return null;
  const rule = cardFeeRule(order.scheme, rules);
  const cents = (amount: number) => Math.round(amount * 100);
  const same =
    rule !== null &&
    cents(cardFeeOn(order.monthlyCents / 100, order.scheme, rules)) === order.monthlyFeeCents &&
    cents(cardFeeOn(order.firstPaymentCents / 100, order.scheme, rules)) ===
      order.firstPaymentFeeCents;
  return same ? cardFeeLabel(rule) : moneyWords.cardFeeUnknownRate;
}

/** A stored order's charges, each with its card fee, and the fee line's name (null: no fee). */
export interface StoredCharges {
  monthlyWithFeeCents: number;
  monthlyFeeCents: number;
  firstPaymentWithFeeCents: number;
  firstPaymentFeeCents: number;
  feeLabel: string | null;
}

/**
 * What a stored order pays, the card fee included (docs/rules/plans-and-pricing.md#money-words):
 * the confirmation mail, the order page and the console state these totals.
 */
export function storedCharges(
  rules: { cardFees: CardFees },
  order: {
    monthly_cents: number;
    activation_cents: number;
    card_fee_cents: number;
    first_payment_fee_cents: number | null;
    card_scheme: string | null;
  },
): StoredCharges {
  const { first_payment_fee_cents: firstFee, card_scheme: scheme } = storedCardFees(order);
  return {
    monthlyWithFeeCents: order.monthly_cents + order.card_fee_cents,
    monthlyFeeCents: order.card_fee_cents,
    firstPaymentWithFeeCents: order.activation_cents + firstFee,
    firstPaymentFeeCents: firstFee,
    feeLabel: orderCardFeeLabel(rules, {
      scheme,
      monthlyCents: order.monthly_cents,
      monthlyFeeCents: order.card_fee_cents,
      firstPaymentCents: order.activation_cents,
      firstPaymentFeeCents: firstFee,
    }),
  };
}
