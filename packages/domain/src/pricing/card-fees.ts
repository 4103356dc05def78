/**
 * Card fees by card scheme (docs/rules/plans-and-pricing.md, "Card fees"). From 1 October 2026
 * eftpos, Mastercard and Visa forbid surcharges on their cards; other schemes (American Express,
 * Diners Club) may carry one, no more than accepting the card costs, as a percentage of what is
 * actually charged. The catalogue sets each scheme's fee (`fees.card`); these functions are the
 * one rule the wizard previews with and the server decides with.
 */
import { formatDollars } from '../shared/money.ts';

export {
  CARD_SCHEME_NAMES,
  NO_CARD_FEES,
  isCardScheme,
  type CardFeeRule,
  type CardFees,
  type CardScheme,
} from '../shared/card-schemes.ts';
import {
  forbidsSurcharge,
  isCardScheme,
  CARD_SCHEMES,
  type CardFeeRule,
  type CardFees,
  type CardScheme,
} from '../shared/card-schemes.ts';

/** A rate as a percentage without trailing zeros: 0.015 -> '1.5', 0.02 -> '2'. */
export function formatPercent(rate: number): string {
  return String(Number((rate * 100).toPrecision(12)));
}

/**
 * The scheme of a card number, from its first digits (the schemes' published ranges); null while
 * too few digits are typed to tell, or for digits no card starts with. eftpos-only cards are
 * 5610 and 6... ranges the schemes share, so only 5610 is told as eftpos: a dual-network card is
 * its Visa or Mastercard number, which carries no fee either.
 */
export function cardSchemeOf(number: string): CardScheme | null {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const prefix = (length: number) =>
    digits.length >= length ? Number(digits.slice(0, length)) : -1;
  if (digits.startsWith('4')) return 'visa';
  if (prefix(4) === 5610) return 'eftpos';
  const two = prefix(2);
  const three = prefix(3);
  const four = prefix(4);
  if (two >= 51 && two <= 55) return 'mastercard';
  if (four >= 2221 && four <= 2720) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (two === 36 || two === 38 || two === 39 || (three >= 300 && three <= 305) || four === 3095)
    return 'diners';
  // JCB (3528-3589), Discover (6011, 65), UnionPay (62): a scheme the catalogue calls `other`.
  if ((four >= 3528 && four <= 3589) || four === 6011 || two === 65 || two === 62) return 'other';
  return null;
}

/** Chargebee's `card.card_type` (its Card resource) as a scheme: what billing reports. */
export function cardSchemeOfChargebeeType(cardType: string | null | undefined): CardScheme | null {
  switch (cardType) {
    case 'visa':
      return 'visa';
    case 'mastercard':
      return 'mastercard';
    case 'american_express':
      return 'amex';
    case 'diners_club':
      return 'diners';
    case undefined:
    case null:
    case 'not_applicable':
      return null;
    default:
      return 'other';
  }
}

/** The scheme's fee when it carries one (percent above 0), else null. */
export function cardFeeRule(
  scheme: CardScheme | null,
  rules: { cardFees: CardFees },
): CardFeeRule | null {
  if (scheme === null || forbidsSurcharge(scheme)) return null;
  const rule = rules.cardFees[scheme];
  return rule.percent > 0 ? rule : null;
}

/** Half up to the cent (as pricing's roundCents; kept here so the rule stands alone). */
const cents = (amount: number) => Math.round(Number((amount * 100).toPrecision(12))) / 100;

/**
 * The fee on one payment: the scheme's percent of the amount as charged (after discounts),
 * half up to the cent, never above the cap. No scheme (direct debit, or a card not yet typed) and
 * the schemes that forbid a surcharge pay none.
 */
export function cardFeeOn(
  amount: number,
  scheme: CardScheme | null,
  rules: { cardFees: CardFees },
): number {
  const rule = cardFeeRule(scheme, rules);
  if (!rule || amount <= 0) return 0;
  const fee = cents((amount * rule.percent) / 100);
  return rule.cap === null ? fee : Math.min(fee, rule.cap);
}

/** The schemes that carry a fee under these rules, in the catalogue's order. */
export function schemesWithFee(rules: { cardFees: CardFees }): CardScheme[] {
  return CARD_SCHEMES.filter((scheme) => cardFeeRule(scheme, rules) !== null);
}

/**
 * The fee line's name: the catalogue's words with the rate and what it is of ('American Express
 * card surcharge (1.5% of the amount charged)'; with a cap, ', at most $5').
 */
export function cardFeeLabel(rule: Pick<CardFeeRule, 'percent' | 'cap' | 'words'>): string {
  const cap = rule.cap === null ? '' : `, at most $${formatDollars(rule.cap)}`;
  return `${rule.words} (${formatPercent(rule.percent / 100)}% of the amount charged${cap})`;
}

/**
 * A stored order's card fees as the answers give them: the fee on the first payment and the
 * card's scheme. An order placed before the fee was by scheme (no first_payment_fee_cents) had one
 * fee, card_fee_cents, on every card payment.
 */
export function storedCardFees(order: {
  card_fee_cents: number;
  first_payment_fee_cents: number | null;
  card_scheme: string | null;
}): { first_payment_fee_cents: number; card_scheme: CardScheme | null } {
  return {
    first_payment_fee_cents: order.first_payment_fee_cents ?? order.card_fee_cents,
    card_scheme: isCardScheme(order.card_scheme) ? order.card_scheme : null,
  };
}
