import {
  addAddOn,
  defaultPlan,
  previousStep,
  removeAddOn,
  selectCard,
  visiblePlans,
  type Address,
  type DomainConfig,
  type Plan,
  type WizardStep,
} from '@fibre/domain';
import type { Action, HoldChange } from './actions.ts';
import { allowed, buildingAccess } from './selectors.ts';
import type { ReservationsArea, WizardState } from './state.ts';

/** The rules the store needs: which plans are offered and which is chosen for the visitor. */
export type StoreRules = Pick<DomainConfig, 'hiddenPlanIdParts' | 'defaultPlanId'>;

/**
 * The plan to keep selected: the visitor's if it is still offered, otherwise the catalogue's
 * default plan ('Boost 100' for the demo).
 */
function keptPlanId(
  plans: Plan[],
  address: Address | null,
  selectedId: string | null,
  rules: StoreRules,
) {
  const offered = visiblePlans(plans, buildingAccess(address), rules);
  if (selectedId && offered.some((plan) => plan.id === selectedId)) return selectedId;
  return defaultPlan(offered, rules)?.id ?? null;
}

function goTo(state: WizardState, step: WizardStep): WizardState {
  return { ...state, step, address: { ...state.address, dialogOpen: false } };
}

function checked(state: WizardState, input: string, address: Address): WizardState {
  const sameBuilding = state.plans.buildingCode === address.uniqueCode;
  const addOns = address.greenfield
    ? addAddOn(state.signup.addOns, 'new-development-fee')
    : removeAddOn(state.signup.addOns, 'new-development-fee');
  return {
    ...state,
    address: { status: 'idle', input, value: address, dialogOpen: true },
    // A different building has its own plans and campaign; the connection details follow the
    // address, so they are asked for again.
    plans: sameBuilding
      ? state.plans
      : { ...state.plans, status: 'idle', items: [], buildingCode: null },
    campaign: sameBuilding ? state.campaign : { ...state.campaign, fetchedFor: null },
    discount: { ...state.discount, coupon: null, campaignCouponRefused: false, error: null },
    signup: { ...state.signup, addOns, connectionConfirmed: false },
  };
}

/**
 * The hold after a change (docs/rules/installation-and-holds.md): a failed or lost hold clears the
 * reservation, and with it the wanted booking id (the held slot's), and shows the danger alert; the
 * day chosen stays, so the visitor chooses again on it. A booked hold keeps its slot to show.
 */
function holdChanged(area: ReservationsArea, change: HoldChange): ReservationsArea {
  switch (change.to) {
    case 'held':
      return { reservation: change.reservation, slot: change.slot, lost: false, booked: false };
    case 'lost':
      return { reservation: null, slot: null, lost: true, booked: false };
    case 'released':
      return { reservation: null, slot: null, lost: false, booked: false };
    case 'booked':
      return { ...area, lost: false, booked: area.reservation !== null };
  }
}

/** The store's reducer under the catalogue's rules (the public config's `domain`). */
export function reducerFor(rules: StoreRules) {
  return (state: WizardState, action: Action): WizardState => reduce(state, action, rules);
}

function reduce(state: WizardState, action: Action, rules: StoreRules): WizardState {
  switch (action.type) {
    case 'step/next': {
      const next = allowed(state, action.now, rules).next;
      return next === null ? state : goTo(state, next);
    }
    case 'step/back': {
      const back = previousStep(state.step);
      return back === null ? state : goTo(state, back);
    }
    case 'address/lookup-started':
      return { ...state, address: { ...state.address, status: 'loading', input: action.input } };
    case 'address/checked': {
      const next = checked(state, action.input, action.address);
      return action.restart ? { ...next, step: 1 } : next;
    }
    case 'address/dialog':
      return { ...state, address: { ...state.address, dialogOpen: action.open } };

    case 'campaign/loading':
      return { ...state, campaign: { ...state.campaign, status: 'loading' } };
    case 'campaign/set':
      return {
        ...state,
        campaign: {
          ...action.campaign,
          status: 'idle',
          fetchedFor: action.fetchedFor ?? state.campaign.fetchedFor,
        },
        discount: { ...state.discount, campaignCouponRefused: false },
      };
    case 'campaign/failed':
      return {
        ...state,
        campaign: {
          ...state.campaign,
          status: 'failed',
          fetchedFor: action.fetchedFor ?? state.campaign.fetchedFor,
        },
      };
    case 'referral/code':
      return { ...state, signup: { ...state.signup, referralCode: action.code } };

    case 'discount/pending':
      return { ...state, discount: { ...state.discount, pendingCode: action.code, error: null } };
    case 'discount/validating':
      return { ...state, discount: { ...state.discount, status: 'loading', error: null } };
    case 'discount/applied':
      return {
        ...state,
        discount: {
          ...state.discount,
          status: 'idle',
          pendingCode: null,
          code: action.code,
          discount: action.discount,
          error: null,
        },
      };
    case 'discount/coupon':
      return { ...state, discount: { ...state.discount, status: 'idle', coupon: action.coupon } };
    case 'discount/refused':
      return {
        ...state,
        discount: {
          ...state.discount,
          status: 'idle',
          pendingCode: null,
          // A refused promo code is dropped; a refused campaign coupon is remembered as refused.
          code: action.campaignCoupon ? state.discount.code : null,
          discount: action.campaignCoupon ? state.discount.discount : null,
          coupon: null,
          campaignCouponRefused: action.campaignCoupon || state.discount.campaignCouponRefused,
          error: action.error,
        },
      };
    case 'discount/cleared':
      return {
        ...state,
        discount: {
          ...state.discount,
          status: 'idle',
          pendingCode: null,
          code: null,
          discount: null,
          coupon: null,
          error: null,
        },
      };

    case 'plans/loading':
      return {
        ...state,
        plans: { ...state.plans, status: 'loading', buildingCode: action.buildingCode },
      };
    case 'plans/loaded':
      return {
        ...state,
        plans: {
          ...state.plans,
          status: 'idle',
          buildingCode: action.buildingCode,
          items: action.plans,
          selectedId: keptPlanId(action.plans, state.address.value, state.plans.selectedId, rules),
        },
      };
    case 'plans/failed':
      return { ...state, plans: { ...state.plans, status: 'failed' } };
    case 'plans/filter':
      return { ...state, plans: { ...state.plans, filter: action.filter } };
    case 'plans/select':
      return {
        ...state,
        plans: { ...state.plans, selectedId: selectCard(state.plans.selectedId, action.id) },
        // The validated coupon was for the previous plan.
        discount: { ...state.discount, coupon: null, campaignCouponRefused: false },
      };

    case 'routers/loading':
      return { ...state, routers: { ...state.routers, status: 'loading' } };
    case 'routers/loaded':
      return {
        ...state,
        routers: {
          status: 'idle',
          items: action.routers,
          selectedId: action.routers.some((r) => r.id === state.routers.selectedId)
            ? state.routers.selectedId
            : null,
        },
      };
    case 'routers/failed':
      return { ...state, routers: { ...state.routers, status: 'failed' } };
    case 'routers/select':
      return {
        ...state,
        routers: { ...state.routers, selectedId: selectCard(state.routers.selectedId, action.id) },
      };

    case 'signup/add-on':
      return {
        ...state,
        signup: {
          ...state.signup,
          addOns: action.on
            ? addAddOn(state.signup.addOns, action.addOn)
            : removeAddOn(state.signup.addOns, action.addOn),
        },
      };
    case 'signup/contact':
      return { ...state, signup: { ...state.signup, contact: action.contact, contactDraft: null } };
    case 'signup/contact-draft':
      // The step must pass again before the wizard moves past it.
      return { ...state, signup: { ...state.signup, contactDraft: action.draft, contact: null } };
    case 'signup/unit':
      return {
        ...state,
        address: state.address.value
          ? { ...state.address, value: { ...state.address.value, unit: action.unit } }
          : state.address,
        signup: {
          ...state.signup,
          connectionConfirmed: action.confirmed,
        },
      };

    case 'bookings/date':
      return { ...state, bookings: { date: action.date } };
    case 'reservations/changed':
      return { ...state, reservations: holdChanged(state.reservations, action.change) };
    case 'signup/payment':
      return {
        ...state,
        signup: {
          ...state.signup,
          cardToken: action.cardToken,
          acceptances: action.acceptances,
          idempotencyKey: action.idempotencyKey,
        },
      };
    case 'restore':
      return action.state;
  }
}
