import { describe, expect, it } from 'vitest';
import { moneyWords, orderCardFeeRate } from './money-words.ts';

describe('docs/rules/plans-and-pricing.md, Money words: one name for each charge', () => {
  it('the card fee says what it is a percentage of', () => {
    expect(moneyWords.cardFee(0.015)).toBe('Card processing fee (1.5% of the monthly charge)');
    expect(moneyWords.cardFee(0.02)).toBe('Card processing fee (2% of the monthly charge)');
    expect(moneyWords.cardFee(null)).toBe(
      'Card processing fee (a percentage of the monthly charge)',
    );
  });

  it('the first payment is 15 days after activation, with its date once known', () => {
    expect(moneyWords.firstPaymentWhen(null)).toBe('15 days after activation');
    expect(moneyWords.firstPaymentWhen('Friday 18 December 2026')).toBe(
      'Friday 18 December 2026, 15 days after activation',
    );
  });

  it("a stored order's rate is the catalogue's only when its fee is that rate, to the cent", () => {
    expect(orderCardFeeRate(0.015, { monthlyCents: 7900, cardFeeCents: 119 })).toBe(0.015);
    expect(orderCardFeeRate(0.015, { monthlyCents: 8800, cardFeeCents: 132 })).toBe(0.015);
    // Priced at 2% before the catalogue changed: the rate is not known.
    expect(orderCardFeeRate(0.015, { monthlyCents: 7900, cardFeeCents: 158 })).toBeNull();
    expect(orderCardFeeRate(0, { monthlyCents: 7900, cardFeeCents: 0 })).toBe(0);
  });
});
