import { describe, expect, it } from 'vitest';
import {
  formatPercent,
  cardFeeLabel,
  cardFeeOn,
  cardSchemeOf,
  cardSchemeOfChargebeeType,
  schemesWithFee,
  NO_CARD_FEES,
  type CardScheme,
} from './card-fees.ts';
import { demoRules, acmeRules } from '../test-support/rules.ts';

describe('docs/rules/plans-and-pricing.md, Card fees: the scheme from the number', () => {
  it.each<[string, CardScheme | null]>([
    ['4111 1111 1111 1111', 'visa'],
    ['4', 'visa'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['2220990000000000', null],
    ['2721000000000000', null],
    ['3782 822463 10005', 'amex'],
    ['34', 'amex'],
    ['3', null],
    ['36227206271667', 'diners'],
    ['30569309025904', 'diners'],
    ['3056', 'diners'],
    ['38520000023237', 'diners'],
    ['5610591081018250', 'eftpos'],
    ['3530111333300000', 'other'],
    ['6011111111111117', 'other'],
    ['62', 'other'],
    ['', null],
    ['9999', null],
    ['4111-1111', 'visa'],
    ['abcd', null],
  ])('%j is %s', (number, scheme) => expect(cardSchemeOf(number)).toBe(scheme));

  it.each<[string | undefined, CardScheme | null]>([
    ['visa', 'visa'],
    ['mastercard', 'mastercard'],
    ['american_express', 'amex'],
    ['diners_club', 'diners'],
    ['jcb', 'other'],
    ['discover', 'other'],
    ['not_applicable', null],
    [undefined, null],
  ])("Chargebee's card_type %j is %s", (type, scheme) =>
    expect(cardSchemeOfChargebeeType(type)).toBe(scheme),
  );
});

describe('docs/rules/plans-and-pricing.md, Card fees: the scheme’s percent of the payment as charged', () => {
  it.each<[number, CardScheme | null, number]>([
    // American Express 1.5% (the demo's), half up to the cent.
    [94, 'amex', 1.41],
    [78.2, 'amex', 1.17],
    [108, 'amex', 1.62],
    [0.33, 'amex', 0],
    [0.34, 'amex', 0.01],
    [1.1, 'amex', 0.02],
    [0, 'amex', 0],
    // eftpos, Mastercard and Visa never carry one; direct debit (no scheme) neither.
    [94, 'visa', 0],
    [94, 'mastercard', 0],
    [94, 'eftpos', 0],
    [94, 'diners', 0],
    [94, 'other', 0],
    [94, null, 0],
  ])('$%s by %s -> $%s (demo)', (amount, scheme, fee) =>
    expect(cardFeeOn(amount, scheme, demoRules)).toBe(fee),
  );

  it.each<[number, number]>([
    [100, 1.5],
    [333.33, 5],
    [400, 5],
  ])('with a $5 cap: $%s -> $%s', (amount, fee) =>
    expect(cardFeeOn(amount, 'amex', acmeRules)).toBe(fee),
  );

  it('a Visa fee in the rules is never charged: the schemes forbid it', () => {
    const rules = {
      cardFees: { ...NO_CARD_FEES, visa: { percent: 2, cap: null, words: 'Card surcharge' } },
    };
    expect(cardFeeOn(100, 'visa', rules)).toBe(0);
    expect(schemesWithFee(rules)).toEqual([]);
  });

  it('names the schemes that carry a fee, and the fee line says its rate and what it is of', () => {
    expect(schemesWithFee(demoRules)).toEqual(['amex']);
    expect(cardFeeLabel(demoRules.cardFees.amex)).toBe(
      'American Express card surcharge (1.5% of the amount charged)',
    );
    expect(cardFeeLabel(acmeRules.cardFees.amex)).toBe(
      'Amex surcharge (1.5% of the amount charged, at most $5)',
    );
  });
});

describe('formatPercent', () => {
  it.each([
    [0.015, '1.5'],
    [0.02, '2'],
    [0.0175, '1.75'],
    [0, '0'],
  ])('formatPercent(%s)', (rate, s) => expect(formatPercent(rate)).toBe(s));
});
