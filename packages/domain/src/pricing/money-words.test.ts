import { describe, expect, it } from 'vitest';
import { moneyWords, orderCardFeeLabel } from './money-words.ts';
import { demoRules } from '../test-support/rules.ts';

describe('docs/rules/plans-and-pricing.md, Money words: one name for each charge', () => {
  it('a payment with a card fee says what it includes', () => {
    expect(
      moneyWords.includesCardFee(
        '$1.17',
        'American Express card surcharge (1.5% of the amount charged)',
      ),
    ).toBe('includes $1.17 American Express card surcharge (1.5% of the amount charged)');
  });

  it('the first payment is 15 days after activation, with its date once known', () => {
    expect(moneyWords.firstPaymentWhen(null)).toBe('15 days after activation');
    expect(moneyWords.firstPaymentWhen('Friday 18 December 2026')).toBe(
      'Friday 18 December 2026, 15 days after activation',
    );
  });

  it("a stored order's fee line has the catalogue's words only when its rate gives its fees, to the cent", () => {
    const order = {
      scheme: 'amex' as const,
      monthlyCents: 9400,
      monthlyFeeCents: 141,
      firstPaymentCents: 7520,
      firstPaymentFeeCents: 113,
    };
    expect(orderCardFeeLabel(demoRules, order)).toBe(
      'American Express card surcharge (1.5% of the amount charged)',
    );
    // Priced at another rate before the catalogue changed: the rate is not known.
    expect(orderCardFeeLabel(demoRules, { ...order, firstPaymentFeeCents: 150 })).toBe(
      'card surcharge',
    );
    expect(
      orderCardFeeLabel(demoRules, {
        ...order,
        scheme: 'visa',
        monthlyFeeCents: 0,
        firstPaymentFeeCents: 0,
      }),
    ).toBeNull();
  });
});
