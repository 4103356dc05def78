import { describe, expect, it } from 'vitest';
import {
  appliesToFirstPayment,
  defaultDiscount,
  discountFromCampaign,
  discountFromCoupon,
  discountInWords,
  discountTerms,
  freeMonthCreditMonths,
  freeMonthsDiscount,
  sameOffer,
  showsPromoBanner,
} from './discounts.ts';
import type { Campaign } from '../api/catalogue.ts';
import type { Coupon } from '../api/offers.ts';

function coupon(fields: Partial<Coupon> & { coupon_id: string }): Coupon {
  return {
    coupon_type: 1,
    period: 1,
    period_unit: 'month',
    dollar_amount: null,
    percentage: null,
    plan_ids: [],
    ...fields,
  };
}

describe('docs/rules/offers-and-coupons.md: The default discount is one month free at month 7', () => {
  it('period 1 month, starting_period 7, percentage 100, no dollar amount', () => {
    expect(defaultDiscount).toMatchObject({
      period: 1,
      period_unit: 'month',
      starting_period: 7,
      percentage: 100,
      dollar_amount: null,
      in_words: '1 month free',
    });
  });

  it('its terms name the credit on month 7 and the Month-Month contract with no lock-in', () => {
    expect(defaultDiscount.terms).toBe(
      '1 month free: the credit is applied on month 7. Contract term Month-Month; no lock-in.',
    );
  });
});

describe('docs/rules/offers-and-coupons.md: free-month codes', () => {
  it.each([
    // "Codes PROMOMIOMF, WWOMF and any containing OMF set starting_period 7"
    ['PROMOMIOMF', 1, '1 month free'],
    ['WWOMF', 1, '1 month free'],
    ['ANYOMFCODE', 1, '1 month free'],
    ['promomiomf', 1, '1 month free'],
    // "Codes WW2MF, MOVERS2MF and BPD2MF set period 2, starting_period 7 and their own terms"
    ['WW2MF', 2, '2 months free'],
    ['MOVERS2MF', 2, '2 months free'],
    ['BPD2MF', 2, '2 months free'],
    ['OTHER2MF', 2, '2 months free'],
  ])('%s: period %s from month 7, %j', (id, period, words) => {
    // The coupon's own amounts do not matter for these ids.
    const discount = discountFromCoupon(coupon({ coupon_id: id, percentage: 20, period: 9 }));
    expect(discount).toMatchObject({
      period,
      period_unit: 'month',
      starting_period: 7,
      percentage: 100,
      dollar_amount: null,
      in_words: words,
    });
  });

  it('two free months are credited on months 7 and 13, in their own terms', () => {
    expect(discountFromCoupon(coupon({ coupon_id: 'MOVERS2MF' })).terms).toBe(
      '2 months free: credits are applied on months 7 and 13. Contract term Month-Month; no lock-in.',
    );
  });

  it.each([
    [1, [7]],
    [2, [7, 13]],
  ])('%s free month(s) are credited on months %j', (months, credits) => {
    expect(freeMonthCreditMonths(freeMonthsDiscount(months))).toEqual(credits);
  });
});

describe('other coupons: amounts off from the first payment', () => {
  it.each([
    // "Dollar amounts arrive in cents and are divided by 100."
    [{ dollar_amount: 1000, period: 9 }, 10, null, '$10 off for 9 months'],
    [{ dollar_amount: 750, period: 1 }, 7.5, null, '$7.50 off for 1 month'],
    [{ percentage: 20, period: 3 }, null, 20, '20% off for 3 months'],
    [{ percentage: 50, period: 1 }, null, 50, '50% off for 1 month'],
    // The dollar amount wins when both are set; neither means the default 100%.
    [{ dollar_amount: 500, percentage: 20, period: 2 }, 5, null, '$5 off for 2 months'],
    [{ period: 1 }, null, 100, '100% off for 1 month'],
  ])('%j -> $%s / %s%%: %j', (fields, dollars, percentage, words) => {
    const discount = discountFromCoupon(coupon({ coupon_id: 'SAVE', ...fields }));
    expect(discount).toMatchObject({
      starting_period: 0,
      dollar_amount: dollars,
      percentage,
      in_words: words,
    });
    expect(appliesToFirstPayment(discount)).toBe(true);
    expect(freeMonthCreditMonths(discount)).toEqual([]);
  });

  it('an empty period unit means month', () => {
    const discount = discountFromCoupon(
      coupon({ coupon_id: 'SAVE', percentage: 10, period: 2, period_unit: '' }),
    );
    expect(discount.period_unit).toBe('month');
  });

  it('names other period units as they come', () => {
    const discount = discountFromCoupon(
      coupon({ coupon_id: 'SAVE', percentage: 10, period: 2, period_unit: 'week' }),
    );
    expect(discount.in_words).toBe('10% off for 2 weeks');
  });

  it('terms of an up-front discount say it starts with the first payment', () => {
    const discount = discountFromCoupon(coupon({ coupon_id: 'SAVE', percentage: 20, period: 3 }));
    expect(discount.terms).toBe(
      '20% off for 3 months, from the first payment. Contract term Month-Month; no lock-in.',
    );
  });

  it('terms of a later discount name the month it starts', () => {
    const later = { ...freeMonthsDiscount(1), percentage: 20, starting_period: 3 };
    expect(discountInWords(later)).toBe('20% off for 1 month');
    expect(discountInWords({ ...later, percentage: null, starting_period: 0 })).toBe(
      '100% off for 1 month',
    );
    expect(discountTerms(later)).toBe(
      '20% off for 1 month, from month 3. Contract term Month-Month; no lock-in.',
    );
  });
});

describe('docs/rules/offers-and-coupons.md: Special code PNBF24', () => {
  it("reads '$10 off for 9 months - Black Friday Sale.'", () => {
    const discount = discountFromCoupon(
      coupon({ coupon_id: 'PNBF24', dollar_amount: 1000, period: 9 }),
    );
    expect(discount.in_words).toBe('$10 off for 9 months - Black Friday Sale.');
    expect(discount.dollar_amount).toBe(10);
  });

  it.each([
    ['PNBF24', false],
    [' pnbf24 ', false],
    ['SUMMER20', true],
    [null, true],
    [undefined, true],
  ])('hides the promo banner: %j -> shows %s', (code, shows) => {
    expect(showsPromoBanner(code)).toBe(shows);
  });
});

describe('docs/rules/offers-and-coupons.md: applied only when starting_period is 0', () => {
  it.each([
    [0, true],
    [7, false],
    [13, false],
  ])('starting_period %s -> %s', (starting_period, applies) => {
    expect(appliesToFirstPayment({ starting_period })).toBe(applies);
  });
});

describe('campaign discounts', () => {
  const campaign: Campaign = {
    id: 'c1',
    name: 'Building offer',
    rsp: 'demo',
    startDate: '2025-01-01T00:00:00.000Z',
    endDate: '2026-01-01T00:00:00.000Z',
    terms: '',
    couponCode: 'BLDG2MF',
    monthsFree: 2,
    referral: false,
    moveIn: false,
  };

  it('gives its free months from month 7, with generated terms when it has none', () => {
    expect(discountFromCampaign(campaign)).toEqual(freeMonthsDiscount(2));
  });

  it("keeps the campaign's own terms", () => {
    expect(discountFromCampaign({ ...campaign, terms: 'Building terms.' }).terms).toBe(
      'Building terms.',
    );
  });
});

describe('sameOffer', () => {
  it.each([
    [freeMonthsDiscount(1), freeMonthsDiscount(1), true],
    [freeMonthsDiscount(1), freeMonthsDiscount(2), false],
    [freeMonthsDiscount(1), { ...freeMonthsDiscount(1), starting_period: 0 }, false],
    [freeMonthsDiscount(1), { ...freeMonthsDiscount(1), period_unit: 'week' }, false],
    [freeMonthsDiscount(1), { ...freeMonthsDiscount(1), percentage: 50 }, false],
    [freeMonthsDiscount(1), { ...freeMonthsDiscount(1), dollar_amount: 5 }, false],
    // Words and terms do not make a different offer.
    [freeMonthsDiscount(1), { ...freeMonthsDiscount(1), terms: 'x', in_words: 'y' }, true],
  ])('%#', (a, b, same) => expect(sameOffer(a, b)).toBe(same));
});
