import { describe, expect, it } from 'vitest';
import { defaultDomainConfig } from '../shared/config.ts';
import {
  couponFromRecord,
  couponOutcome,
  eligibleCoupon,
  isCouponEligible,
  isReferralType,
  couponRequest,
  couponValidationResult,
  isReferralValid,
  isRejectedCode,
  normaliseCouponCode,
  precheckCoupon,
  referralCampaignId,
  referralCoupon,
  resolveOfferConflict,
} from './coupons.ts';
import { discountFromCoupon, freeMonthsDiscount } from './discounts.ts';
import type { Coupon } from '../api/offers.ts';

const southbank = { config: defaultDomainConfig, postcode: '3006', suburb: 'Southbank' };

const tenOff: Coupon = {
  coupon_id: 'PNBF24',
  coupon_type: 1,
  period: 9,
  period_unit: 'month',
  dollar_amount: 1000,
  percentage: null,
  plan_ids: ['boost-100'],
};

describe('coupon codes', () => {
  it.each([
    [' summer20 ', 'SUMMER20'],
    ['PnBf24', 'PNBF24'],
  ])('normalises %j to %j', (code, normalised) =>
    expect(normaliseCouponCode(code)).toBe(normalised),
  );

  it('the coupon call body is coupon_id and plan_ids', () => {
    expect(couponRequest(' wwomf', ['boost-100'])).toEqual({
      coupon_id: 'WWOMF',
      plan_ids: ['boost-100'],
    });
  });
});

describe('docs/rules/offers-and-coupons.md: Eight network speed codes are rejected client-side as coupons', () => {
  it('the demo provider configures eight', () => {
    expect(defaultDomainConfig.rejectedCouponCodes).toHaveLength(8);
  });

  it.each(defaultDomainConfig.rejectedCouponCodes.flatMap((code) => [code, code.toLowerCase()]))(
    'A rejected coupon gives false or null without a call: %s',
    (code) => {
      expect(isRejectedCode(code, defaultDomainConfig)).toBe(true);
      expect(precheckCoupon(code, southbank)).toBe('reject');
    },
  );

  it('the codes are configuration, not constants', () => {
    const config = { rejectedCouponCodes: ['ACME500'] };
    expect(isRejectedCode('acme500', config)).toBe(true);
    expect(isRejectedCode('DEMOFIBRE500', config)).toBe(false);
  });
});

describe('precheckCoupon', () => {
  it.each([
    // "The code SOMETHING12321 skips validation."
    ['SOMETHING12321', southbank, 'skip'],
    ['something12321', { ...southbank, postcode: '2000' }, 'skip'],
    // An area-limited code is data (its coupon row's area, isCouponEligible below): the precheck
    // asks the server wherever the address is, and the server refuses it away from its area.
    ['SUMMER20', southbank, 'call'],
    ['summer20', { ...southbank, suburb: 'SOUTHBANK' }, 'call'],
    ['SUMMER20', { ...southbank, postcode: '3000' }, 'call'],
    ['SUMMER20', { config: defaultDomainConfig }, 'call'],
    ['WWOMF', { ...southbank, postcode: '2000', suburb: 'Sydney' }, 'call'],
    // Nothing typed: nothing to ask.
    ['  ', southbank, 'reject'],
  ] as const)('%j at %j -> %s', (code, context, outcome) => {
    expect(precheckCoupon(code, context)).toBe(outcome);
  });
});

describe('docs/rules/offers-and-coupons.md: Coupon: Success is status 202', () => {
  it('202 with coupon fields is the coupon', () => {
    expect(couponValidationResult(202, tenOff)).toEqual(tenOff);
  });

  it.each([200, 201, 400, 404, 500])(
    'Coupon call failure gives false or null: status %s',
    (status) => {
      expect(couponValidationResult(status, tenOff)).toBeNull();
    },
  );

  it.each([
    null,
    { error: 'not found' },
    { ...tenOff, coupon_type: 5 },
    { ...tenOff, percentage: 120 },
    { ...tenOff, dollar_amount: -1 },
  ])('202 without a coupon is null: %j', (body) => {
    expect(couponValidationResult(202, body)).toBeNull();
  });

  it('missing optional fields take defaults', () => {
    expect(
      couponValidationResult(202, { coupon_id: 'SAVE', coupon_type: 1, period: 3, percentage: 20 }),
    ).toEqual({
      coupon_id: 'SAVE',
      coupon_type: 1,
      period: 3,
      period_unit: 'month',
      dollar_amount: null,
      percentage: 20,
      plan_ids: [],
    });
  });
});

describe('docs/rules/offers-and-coupons.md: A referral coupon is valid only when the response status is 202 and coupon_type is referral or sales commission', () => {
  it.each([
    [202, 2, true],
    [202, 4, true],
    [202, 1, false],
    [202, 3, false],
    [200, 2, false],
    [404, 4, false],
  ] as const)('status %s, coupon_type %s -> %s', (status, coupon_type, valid) => {
    expect(isReferralValid(status, { coupon_type })).toBe(valid);
  });

  it.each([null, undefined])('status 202 without a coupon (%s) is not valid', (coupon) => {
    expect(isReferralValid(202, coupon)).toBe(false);
  });
});

describe('docs/rules/offers-and-coupons.md: Validate leads to accepted, invalid, or conflict with the current offer', () => {
  it("invalid: 'Coupon is invalid'", () => {
    expect(couponOutcome(null, null)).toEqual({ kind: 'invalid', message: 'Coupon is invalid' });
  });

  it('accepted when there is no current offer', () => {
    expect(couponOutcome(null, tenOff)).toEqual({
      kind: 'accepted',
      coupon: tenOff,
      discount: discountFromCoupon(tenOff),
    });
  });

  it('accepted when the code offers what the current offer already gives', () => {
    const wwomf = { ...tenOff, coupon_id: 'WWOMF' };
    expect(couponOutcome(freeMonthsDiscount(1), wwomf).kind).toBe('accepted');
  });

  it('conflict when the code offers something else', () => {
    expect(couponOutcome(freeMonthsDiscount(1), tenOff)).toEqual({
      kind: 'conflict',
      coupon: tenOff,
      current: freeMonthsDiscount(1),
      offered: discountFromCoupon(tenOff),
    });
  });

  it.each([
    ['current', freeMonthsDiscount(1), null],
    ['code', discountFromCoupon(tenOff), tenOff],
  ] as const)("'Confirm Offer' choosing the %s offer", (choice, discount, coupon) => {
    const conflict = couponOutcome(freeMonthsDiscount(1), tenOff);
    if (conflict.kind !== 'conflict') throw new Error('expected a conflict');
    expect(resolveOfferConflict(conflict, choice)).toEqual({ discount, coupon });
  });
});

describe('one coupon rule for the offers routes and the install (docs/decisions/009-install-facts.md)', () => {
  const summer20 = {
    coupon_id: 'SUMMER20',
    coupon_type: 1,
    period: 3,
    period_unit: 'month',
    dollar_amount: null,
    percentage: '20',
    plan_ids: [],
    only_postcode: '3006',
    only_suburb: 'Southbank',
  };
  const boostOnly = {
    ...summer20,
    plan_ids: ['boost-100'],
    only_postcode: null,
    only_suburb: null,
  };

  it.each([
    ['Southbank 3006', summer20, { planIds: [], postcode: '3006', suburb: 'SOUTHBANK' }, true],
    ['Pyrmont 2009', summer20, { planIds: [], postcode: '2009', suburb: 'Pyrmont' }, false],
    [
      '3006 in another suburb',
      summer20,
      { planIds: [], postcode: '3006', suburb: 'Pyrmont' },
      false,
    ],
    ['no place given yet (the preview)', summer20, { planIds: [] }, true],
    ['its plan', boostOnly, { planIds: ['boost-100'] }, true],
    ['another plan', boostOnly, { planIds: ['giga-1000'] }, false],
    ['no plan chosen yet', boostOnly, { planIds: [] }, true],
  ])('%s', (_case, record, use, eligible) => {
    expect(isCouponEligible(record, use)).toBe(eligible);
  });

  it('maps a stored coupon to the coupon answer of docs/rules/offers-and-coupons.md, percentage as a number', () => {
    expect(couponFromRecord(summer20)).toEqual({
      coupon_id: 'SUMMER20',
      coupon_type: 1,
      period: 3,
      period_unit: 'month',
      dollar_amount: null,
      percentage: 20,
      plan_ids: [],
    });
  });

  it.each([
    [1, false],
    [2, true],
    [3, false],
    [4, true],
    [null, false],
  ])('coupon type %s is a referral type: %s', (type, referral) => {
    expect(isReferralType(type)).toBe(referral);
  });

  it('one function gives the coupon a row allows for a use, or null', () => {
    const southbank = { planIds: [], postcode: '3006', suburb: 'Southbank' };
    expect(eligibleCoupon(summer20, southbank)).toEqual(couponFromRecord(summer20));
    expect(eligibleCoupon(summer20, { planIds: [], postcode: '2009', suburb: 'Pyrmont' })).toBe(
      null,
    );
    expect(eligibleCoupon(undefined, southbank)).toBe(null);
  });

  it('a referral coupon is a row of a referral type, and its type names its campaign', () => {
    expect(referralCoupon({ ...summer20, coupon_type: 4 })).toMatchObject({ coupon_type: 4 });
    expect(referralCoupon(summer20)).toBe(null);
    expect(referralCoupon(undefined)).toBe(null);
    expect([1, 2, 3, 4].map(referralCampaignId)).toEqual([
      'REFERRAL',
      'REFERRAL',
      'REFERRAL',
      'SALES_REFERRAL',
    ]);
  });
});
