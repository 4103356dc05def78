import { describe, expect, it } from 'vitest';
import {
  applyFetchedCampaign,
  applyReferralCampaign,
  builtInCampaign,
  campaignDiscount,
  initialCampaignState,
  interpretCampaignAnswer,
  isCouponFieldHidden,
  moveInCampaignId,
  referralCampaign,
  setMoveInCampaign,
} from './campaigns.ts';
import type { CampaignState } from './campaigns.ts';
import { freeMonthsDiscount } from './discounts.ts';
import type { Campaign } from '../api/catalogue.ts';

const context = { now: '2025-03-03T10:00:00.000Z', provider: 'demo' };

const buildingCampaign: Campaign = {
  id: 'bldg-1',
  name: 'Building offer',
  rsp: 'demo',
  startDate: '2025-01-01T00:00:00.000Z',
  endDate: '2026-01-01T00:00:00.000Z',
  terms: 'Building terms.',
  couponCode: 'BLDGOMF',
  monthsFree: 1,
  referral: false,
  moveIn: false,
};

describe('docs/rules/offers-and-coupons.md: built-in campaigns', () => {
  it.each([
    // "MOVEIN: coupon code PROMOMIOMF, 1 month free, credit on month 7."
    ['MOVEIN', '', 'PROMOMIOMF', 1, false, 'on month 7'],
    // "MOVEIN2: coupon code MOVERS2MF, 2 months free, credits on months 7 and 13."
    ['MOVEIN2', '', 'MOVERS2MF', 2, false, 'on months 7 and 13'],
    // "REFERRAL and SALES_REFERRAL: 1 month free; the coupon code is the one entered."
    ['REFERRAL', ' friend2024 ', 'FRIEND2024', 1, true, 'on month 7'],
    ['SALES_REFERRAL', 'SALES2024', 'SALES2024', 1, true, 'on month 7'],
  ] as const)('%s', (id, entered, couponCode, monthsFree, referral, credit) => {
    const campaign = builtInCampaign(id, context, entered);
    expect(campaign).toMatchObject({
      id,
      name: id,
      rsp: 'demo',
      couponCode,
      monthsFree,
      referral,
      moveIn: !referral,
    });
    expect(campaign.terms).toContain(credit);
  });

  it.each([
    ['2025-03-03T10:00:00.000Z', '2025-03-03T10:00:00.000Z', '2026-03-03T10:00:00.000Z'],
    [new Date('2025-12-31T23:30:00.000Z'), '2025-12-31T23:30:00.000Z', '2026-12-31T23:30:00.000Z'],
    // A leap day ends on the last day of February.
    ['2024-02-29T12:00:00.000Z', '2024-02-29T12:00:00.000Z', '2025-02-28T12:00:00.000Z'],
  ])('Move-in and referral campaigns last one year: from %s', (now, start, end) => {
    const campaign = builtInCampaign('MOVEIN', { now, provider: 'demo' });
    expect(campaign.startDate).toBe(start);
    expect(campaign.endDate).toBe(end);
  });

  it('needs a real clock', () => {
    expect(() => builtInCampaign('MOVEIN', { now: 'yesterday', provider: 'demo' })).toThrow(
      RangeError,
    );
  });

  it.each([
    [2, 'REFERRAL'],
    [4, 'SALES_REFERRAL'],
  ] as const)('a referral check answering coupon type %s starts %s', (type, id) => {
    const campaign = referralCampaign('CODE', type, context);
    expect(campaign.id).toBe(id);
    expect(campaign.couponCode).toBe('CODE');
  });
});

describe('docs/rules/offers-and-coupons.md: campaign rules', () => {
  const referralState = applyReferralCampaign(
    initialCampaignState,
    referralCampaign('FRIEND2024', 2, context),
  );
  const moveInState = setMoveInCampaign(initialCampaignState, '1', context);

  it.each([
    ['nothing', initialCampaignState, buildingCampaign],
    ['a building campaign', { ...initialCampaignState, campaign: buildingCampaign }, null],
  ])('a fetched campaign replaces %s', (_label, state, fetched) => {
    expect(applyFetchedCampaign(state, fetched).campaign).toBe(fetched);
  });

  it.each([
    ['referral', referralState],
    ['move-in', moveInState],
  ])('A fetched campaign is ignored if a %s campaign is already active', (_label, state) => {
    expect(applyFetchedCampaign(state, buildingCampaign)).toBe(state);
  });

  it('A successful referral campaign fetch marks referral true', () => {
    expect(referralState).toMatchObject({ referral: true, moveIn: false });
    expect(referralState.campaign?.id).toBe('REFERRAL');
  });

  it('a referral after a move-in offer replaces it (the latest offer wins)', () => {
    const state = applyReferralCampaign(moveInState, referralCampaign('FRIEND2024', 2, context));
    expect(state).toMatchObject({ referral: true, moveIn: false });
  });

  it.each([
    ['1', 'MOVEIN'],
    ['2', 'MOVEIN2'],
    [' 2 ', 'MOVEIN2'],
  ])('A move-in campaign can be set directly: moveIn=%j starts %s', (moveIn, id) => {
    const state = setMoveInCampaign(referralState, moveIn, context);
    expect(state).toMatchObject({ moveIn: true, referral: false });
    expect(state.campaign?.id).toBe(id);
  });

  it.each(['', '3', 'yes', null, undefined])('moveIn=%j starts nothing', (moveIn) => {
    expect(moveInCampaignId(moveIn)).toBeNull();
    expect(setMoveInCampaign(initialCampaignState, moveIn, context)).toBe(initialCampaignState);
  });

  it.each<[string, CampaignState, boolean]>([
    ['no offer', initialCampaignState, false],
    ['a building campaign', { ...initialCampaignState, campaign: buildingCampaign }, false],
    ['a referral offer', referralState, true],
    ['a move-in offer', moveInState, true],
  ])(
    'The coupon field is hidden when a referral or move-in offer is active: %s -> %s',
    (_l, state, hidden) => {
      expect(isCouponFieldHidden(state)).toBe(hidden);
    },
  );

  it("the current offer is the active campaign's discount", () => {
    expect(campaignDiscount(initialCampaignState)).toBeNull();
    expect(campaignDiscount(setMoveInCampaign(initialCampaignState, '2', context))).toEqual(
      freeMonthsDiscount(2),
    );
  });
});

describe('docs/rules/offers-and-coupons.md: Campaign fetch returning resource not found gives an empty campaign', () => {
  it.each([
    { error: true, status: 'resource not found' },
    { status: 'resource not found' },
    { error: 'resource not found' },
    { error: 'Not Found', message: 'Resource not found' },
  ])('%j -> no campaign', (answer) => {
    expect(interpretCampaignAnswer(answer)).toEqual({ kind: 'none' });
  });

  it.each([
    [{ error: 'internal error', status: 500 }, 'internal error'],
    [{ error: true, status: 'bad gateway' }, 'Something went wrong'],
    [null, 'Something went wrong'],
    ['text', 'Something went wrong'],
    [{ id: 'x' }, 'Something went wrong'],
  ])('any other error rejects the fetch: %j', (answer, error) => {
    expect(interpretCampaignAnswer(answer)).toEqual({ kind: 'error', error });
  });

  it('campaign fields are the campaign', () => {
    expect(interpretCampaignAnswer(buildingCampaign)).toEqual({
      kind: 'campaign',
      campaign: buildingCampaign,
    });
  });

  it('missing terms and flags take their defaults', () => {
    const { terms: _t, referral: _r, moveIn: _m, ...fields } = buildingCampaign;
    expect(interpretCampaignAnswer(fields)).toEqual({
      kind: 'campaign',
      campaign: { ...buildingCampaign, terms: '', referral: false, moveIn: false },
    });
  });
});
