/**
 * The card schemes a fee is set for, and the shape of each scheme's fee
 * (docs/rules/plans-and-pricing.md#card-fees): shared by the config, the answers and the rules
 * (pricing/card-fees.ts). From 1 October 2026 eftpos, Mastercard and Visa forbid a surcharge.
 */

/** The schemes a fee is set for; `other` is any card of a scheme not named here (JCB, UnionPay). */
export const CARD_SCHEMES = ['visa', 'mastercard', 'eftpos', 'amex', 'diners', 'other'] as const;
export type CardScheme = (typeof CARD_SCHEMES)[number];

/** The schemes whose rules forbid a surcharge (from 1 October 2026): their fee is always 0. */
export const NO_SURCHARGE_SCHEMES = ['visa', 'mastercard', 'eftpos'] as const;

export const CARD_SCHEME_NAMES: Readonly<Record<CardScheme, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  eftpos: 'eftpos',
  amex: 'American Express',
  diners: 'Diners Club',
  other: 'Other cards',
};

export function isCardScheme(value: unknown): value is CardScheme {
  return typeof value === 'string' && (CARD_SCHEMES as readonly string[]).includes(value);
}

export function forbidsSurcharge(scheme: CardScheme): boolean {
  return (NO_SURCHARGE_SCHEMES as readonly string[]).includes(scheme);
}

/** A scheme's fee: a percentage of each payment as charged, at most `cap` dollars when set. */
export interface CardFeeRule {
  percent: number;
  cap: number | null;
  /** What the fee line calls it ('American Express card surcharge'). */
  words: string;
}

export type CardFees = Readonly<Record<CardScheme, CardFeeRule>>;

/** No fee on any card: what a catalogue without `fees.card` (one stored before them) means. */
export const NO_CARD_FEES: CardFees = Object.fromEntries(
  CARD_SCHEMES.map((scheme) => [scheme, { percent: 0, cap: null, words: 'Card surcharge' }]),
) as unknown as CardFees;
