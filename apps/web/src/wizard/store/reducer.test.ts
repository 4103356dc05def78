import { describe, expect, it } from 'vitest';
import type { Address } from '@fibre/domain/address';
import { initialCampaignState } from '@fibre/domain/offers';
import { plan, router } from '@fibre/domain/test-support/plans';
import { acmeRules, demoRules } from '../../test-support/rules.ts';
import type { Action } from './actions.ts';
import { reducer } from './reducer.ts';
import { catalogueKeys } from '../catalogue/use-catalogue.ts';
import { selectedPlan, shownPlans } from './selectors.ts';
import { initialState, type WizardState } from './state.ts';

const address = (over: Partial<Address> = {}): Address => ({
  formatted_address: '100 Harris Street, Pyrmont NSW 2009',
  street_number: '100',
  street: 'Harris Street',
  suburb: 'Pyrmont',
  state: 'NSW',
  postcode: '2009',
  unit: '',
  uniqueCode: 'G1A2B3',
  status: 'LIT',
  buildingCategory: 'brownfield',
  buildingClass: 'mdu',
  buildingType: 'residential',
  mdu: true,
  commercial: false,
  mixed: false,
  greenfield: false,
  ...over,
});

const plans = [
  plan({ id: 'starter-25', name: 'Starter 25', speed: 25 }),
  plan({ id: 'boost-100', name: 'Boost 100', speed: 100 }),
  plan({ id: 'turbo-350', name: 'Turbo 350', speed: 350, addressNonLIT: false }),
  plan({ id: 'giga-1000', name: 'Giga 1000', speed: 1000, addressNonLIT: false }),
];
const routers = [
  router({ id: 'byo', name: 'Bring your own router', cost: '0', description2: '' }),
  router({ id: 'wifi6' }),
];

const run = (state: WizardState, ...actions: Action[]) => actions.reduce(reducer, state);

const now = Date.parse('2026-03-01T00:00:00Z');

function onPlans(over: Partial<Address> = {}): WizardState {
  const actions: Action[] = [
    { type: 'address/checked', input: 'x', address: address(over) },
    { type: 'step/next', now },
  ];
  return actions.reduce(reducer, initialState);
}

describe('the wizard reducer', () => {
  it('spells out the domain initial campaign state', () => {
    expect(initialState.campaign).toEqual(initialCampaignState);
  });

  it('opens the availability dialog on a checked address and moves on only when serviceable', () => {
    const sorry = run(initialState, {
      type: 'address/checked',
      input: 'x',
      address: address({ status: 'failed' }),
    });
    expect(sorry.address.dialogOpen).toBe(true);
    expect(reducer(sorry, { type: 'step/next', now }).step).toBe('address');

    const commercial = run(initialState, {
      type: 'address/checked',
      input: 'x',
      address: address({ commercial: true, buildingType: 'commercial' }),
    });
    expect(reducer(commercial, { type: 'step/next', now }).step).toBe('address');

    const lit = onPlans();
    expect(lit.step).toBe('plans');
    expect(lit.address.dialogOpen).toBe(false);
  });

  it('selects Boost 100 by default and keeps one plan and one router selected', () => {
    let state = onPlans();
    // The plans are the query cache's: the store holds the choice, the selector the default.
    expect(selectedPlan(state, plans, demoRules)?.id).toBe('boost-100');
    expect(state.routers.selectedId).toBeNull();
    expect(reducer(state, { type: 'step/next', now }).step).toBe('plans');

    state = run(
      state,
      { type: 'plans/select', id: 'giga-1000' },
      { type: 'routers/select', id: 'wifi6' },
    );
    expect(state.plans.selectedId).toBe('giga-1000');
    expect(selectedPlan(state, plans, demoRules)?.id).toBe('giga-1000');
    expect(routers.find((r) => r.id === state.routers.selectedId)?.id).toBe('wifi6');
    expect(reducer(state, { type: 'step/next', now }).step).toBe('contact');
  });

  it("selects another catalogue's default plan and hides its hidden ids, not '350'", () => {
    const acme = onPlans();
    expect(selectedPlan(acme, plans, acmeRules)?.id).toBe('starter-25');
    const withLegacy = [...plans, plan({ id: 'legacy-50', name: 'Legacy 50', speed: 50 })];
    expect(shownPlans(acme, withLegacy, acmeRules).map((p) => p.id)).toEqual([
      'starter-25',
      'boost-100',
      'turbo-350',
      'giga-1000',
    ]);
    expect(shownPlans(acme, withLegacy, demoRules).map((p) => p.id)).toEqual([
      'starter-25',
      'legacy-50',
      'boost-100',
      'giga-1000',
    ]);
  });

  it("keeps the catalogue's Most Popular plans under that filter", () => {
    const popular = run(onPlans(), { type: 'plans/filter', filter: 'popular' });
    expect(shownPlans(popular, plans, demoRules).map((p) => p.id)).toEqual(['boost-100']);
    expect(shownPlans(popular, plans, acmeRules).map((p) => p.id)).toEqual(['starter-25']);
  });

  it('drops a plan the building is not offered when the plans reload', () => {
    const state = run(
      onPlans(),
      { type: 'plans/select', id: 'giga-1000' },
      {
        type: 'address/checked',
        input: 'y',
        address: address({ status: 'ComingSoon', uniqueCode: 'G5E6F7' }),
      },
    );
    // Nothing of the old building's catalogue is kept: the store holds only the choices, and the
    // new building's plans are another query.
    expect(state.plans).toEqual({ filter: 'all', selectedId: 'giga-1000' });
    expect(catalogueKeys.plans('demo', 'G5E6F7')).not.toEqual(
      catalogueKeys.plans('demo', 'G1A2B3'),
    );
    expect(selectedPlan(state, plans, demoRules)?.id).toBe('boost-100');
  });

  it('adds the new-development fee for greenfield buildings and removes it otherwise', () => {
    const green = onPlans({ greenfield: true, buildingCategory: 'greenfield' });
    expect(green.signup.addOns).toEqual(['new-development-fee']);
    const back = reducer(green, { type: 'address/checked', input: 'x', address: address() });
    expect(back.signup.addOns).toEqual([]);
  });

  it('toggles static IP idempotently', () => {
    const on = run(
      onPlans(),
      { type: 'signup/add-on', addOn: 'static-ip', on: true },
      { type: 'signup/add-on', addOn: 'static-ip', on: true },
    );
    expect(on.signup.addOns).toEqual(['static-ip']);
    expect(
      reducer(on, { type: 'signup/add-on', addOn: 'static-ip', on: false }).signup.addOns,
    ).toEqual([]);
  });

  it('goes back one step, and a draft on the way back means the step must pass again', () => {
    const contact = {
      firstName: 'Mary',
      lastName: 'Smith',
      email: 'm@example.com',
      confirmEmail: 'm@example.com',
      phone: '0412345678',
      howDidYouHearAboutUs: 'Other',
    };
    let state = run(
      onPlans(),
      // Add to cart records the plan shown as selected.
      { type: 'plans/select', id: 'boost-100' },
      { type: 'routers/select', id: 'wifi6' },
      { type: 'step/next', now },
      { type: 'signup/contact', contact },
      { type: 'step/next', now },
    );
    expect(state.step).toBe('connection');
    state = run(
      state,
      { type: 'step/back', now },
      { type: 'signup/contact-draft', draft: contact },
    );
    expect(state.step).toBe('contact');
    expect(state.signup.contact).toBeNull();
    expect(reducer(state, { type: 'step/next', now }).step).toBe('contact');
  });

  it('drops a refused promo code but remembers a refused campaign coupon', () => {
    // ('Coupon is invalid' is the offer code hook's to show: steps/build-plan/offer-code.test.tsx.)
    const withCode = run(initialState, {
      type: 'discount/code',
      code: 'WWOMF',
      discount: null,
      coupon: null,
    });
    const refused = reducer(withCode, { type: 'discount/coupon', coupon: null, refused: true });
    expect(refused.discount).toMatchObject({ code: null, campaignCouponRefused: false });
    const campaign = reducer(initialState, {
      type: 'discount/coupon',
      coupon: null,
      refused: true,
    });
    expect(campaign.discount.campaignCouponRefused).toBe(true);
  });

  it('keeps what a link brought: the offer, the referral code, the promo code until settled', () => {
    const referral = {
      campaign: null,
      referral: true,
      moveIn: false,
    };
    const brought = run(initialState, {
      type: 'offers/brought',
      campaign: referral,
      referralCode: 'FRIEND2024',
      pendingCode: 'WWOMF',
    });
    expect(brought.campaign).toEqual(referral);
    expect(brought.signup.referralCode).toBe('FRIEND2024');
    expect(brought.discount.pendingCode).toBe('WWOMF');
    // A later part of the same link leaves the rest as it is.
    const later = reducer(brought, { type: 'offers/brought', pendingCode: 'SAVE10' });
    expect(later.campaign).toEqual(referral);
    expect(later.signup.referralCode).toBe('FRIEND2024');
    // Accepting or refusing the code settles it.
    const settled = reducer(later, {
      type: 'discount/code',
      code: null,
      discount: null,
      coupon: null,
    });
    expect(settled.discount.pendingCode).toBeNull();
  });
});

// docs/rules/wizard-flow.md (where state lives) and docs/rules/orders.md (the answer and the finale).
describe('a placed order and starting afresh', () => {
  const placed = {
    success: true as const,
    order_id: 'o-1',
    reference: 'K7QD-9XWM',
    order_page: '/order/tok',
    email: 'jane@example.com',
    prices: {
      monthly_cents: 8900,
      activation_cents: 8900,
      card_fee_cents: 134,
      first_payment_fee_cents: 134,
      card_scheme: 'amex' as const,
    },
    activation_date: '2026-12-03',
    first_payment_date: '2026-12-18',
  };

  it("keeps the server's answer for a reload, and a restart forgets everything", () => {
    const chosen: WizardState = {
      ...initialState,
      step: 'confirmation',
      address: { input: '100 Harris Street', value: address(), dialogOpen: false },
      plans: { filter: 'all', selectedId: 'boost-100' },
      reservations: { ...initialState.reservations, booked: true },
    };
    const kept = reducer(chosen, { type: 'order/placed', placed });
    expect(kept.signup.placed).toEqual(placed);
    expect(kept.step).toBe('confirmation');
    const afresh = reducer(kept, { type: 'wizard/restart' });
    expect(afresh).toEqual(initialState);
    expect(afresh.step).toBe('address');
    expect(afresh.address.input).toBe('');
  });
});
