import { FIRST_PAYMENT_DELAY_DAYS } from '../shared/constants.ts';
import { formatPercent } from '../shared/money.ts';
import { cardFee } from './pricing.ts';

/**
 * The words for what is charged when (docs/rules/plans-and-pricing.md, "Money words"): the
 * wizard's order summary and confirmation, the confirmation mail, the customer's order page and the
 * console say it in these words and no others, so a customer never reads two names for one charge.
 *
 * - The monthly charge: plan, router and static IP, each month.
 * - The first payment: the activation total (the first month's plan and router after any up-front
 *   discount, the static IP and any one-off charge), taken from the card 15 days after activation.
 * - The card processing fee: a percentage of the monthly charge, added to each card payment.
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
  /**
   * The card fee's name with what it is a percentage of. `rate` is the catalogue's (0.015); null
   * where the rate the order was priced at is not known, and the name still says what it is of.
   */
  cardFee: (rate: number | null): string =>
    rate === null
      ? 'Card processing fee (a percentage of the monthly charge)'
      : `Card processing fee (${formatPercent(rate)}% of the monthly charge)`,
  cardFeeWhen: 'added to each card payment',
} as const;

/**
 * The catalogue's card fee rate, if it is the one a stored order was priced at (its fee is that
 * rate of its monthly charge, to the cent); null otherwise, so a changed rate is never shown as
 * the order's.
 */
export function orderCardFeeRate(
  rate: number,
  order: { monthlyCents: number; cardFeeCents: number },
): number | null {
  const fee = cardFee(order.monthlyCents / 100, { cardFeeRate: rate });
  return Math.round(fee * 100) === order.cardFeeCents ? rate : null;
}
