import {
  addAddOn,
  previousStep,
  removeAddOn,
  selectCard,
  type Address,
  type DomainConfig,
  type WizardStep,
} from '@fibre/domain';
import type { Action } from './actions.ts';
import { allowed } from './selectors.ts';
import type { WizardState } from './state.ts';

/**
 * The catalogue rules the store was once given. Which plans are offered and which is the default
 * are now decided beside the catalogue's query (app/catalogue), so the reducer needs none; the
 * parameter stays so the store's callers keep one shape.
 */
export type StoreRules = Pick<DomainConfig, 'hiddenPlanIdParts' | 'defaultPlanId'>;

function goTo(state: WizardState, step: WizardStep): WizardState {
  return { ...state, step, address: { ...state.address, dialogOpen: false } };
}

function checked(state: WizardState, input: string, address: Address): WizardState {
  const addOns = address.greenfield
    ? addAddOn(state.signup.addOns, 'new-development-fee')
    : removeAddOn(state.signup.addOns, 'new-development-fee');
  return {
    ...state,
    address: { input, value: address, dialogOpen: true },
    // Another building has its own plans and campaign (their queries are keyed by building code):
    // the coupon validated for this one no longer holds. The connection details follow the
    // address, so they are asked for again.
    discount: { ...state.discount, coupon: null, campaignCouponRefused: false },
    signup: { ...state.signup, addOns, connectionConfirmed: false },
  };
}

/** The store's reducer (the catalogue's rules are applied where the catalogue is read). */
export function reducerFor(_rules?: StoreRules) {
  return reduce;
}

function reduce(state: WizardState, action: Action): WizardState {
  switch (action.type) {
    case 'step/next': {
      const next = allowed(state, action.now).next;
      return next === null ? state : goTo(state, next);
    }
    case 'step/back': {
      const back = previousStep(state.step);
      return back === null ? state : goTo(state, back);
    }
    case 'address/checked': {
      const next = checked(state, action.input, action.address);
      return action.restart ? { ...next, step: 1 } : next;
    }
    case 'address/dialog':
      return { ...state, address: { ...state.address, dialogOpen: action.open } };

    case 'offers/brought':
      return {
        ...state,
        campaign: action.campaign ?? state.campaign,
        discount: {
          ...state.discount,
          pendingCode: action.pendingCode ?? state.discount.pendingCode,
          // Another offer: whether the old campaign's coupon was refused says nothing of it.
          campaignCouponRefused: action.campaign ? false : state.discount.campaignCouponRefused,
        },
        signup: { ...state.signup, referralCode: action.referralCode ?? state.signup.referralCode },
      };
    case 'discount/code':
      return {
        ...state,
        discount: {
          ...state.discount,
          pendingCode: null,
          code: action.code,
          discount: action.code === null ? null : action.discount,
          coupon: action.coupon,
        },
      };
    case 'discount/coupon': {
      if (!action.refused)
        return { ...state, discount: { ...state.discount, coupon: action.coupon } };
      // A refused promo code is dropped; a refused campaign coupon is remembered as refused.
      const promo = state.discount.code !== null;
      return {
        ...state,
        discount: {
          ...state.discount,
          code: promo ? null : state.discount.code,
          discount: promo ? null : state.discount.discount,
          coupon: null,
          campaignCouponRefused: !promo || state.discount.campaignCouponRefused,
        },
      };
    }

    case 'plans/filter':
      return { ...state, plans: { ...state.plans, filter: action.filter } };
    case 'plans/select':
      return {
        ...state,
        plans: { ...state.plans, selectedId: selectCard(state.plans.selectedId, action.id) },
        // The validated coupon was for the previous plan.
        discount: { ...state.discount, coupon: null, campaignCouponRefused: false },
      };
    case 'routers/select':
      return {
        ...state,
        routers: { selectedId: selectCard(state.routers.selectedId, action.id) },
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

    case 'bookings/status':
      return { ...state, bookings: { ...state.bookings, status: action.status } };
    case 'bookings/date':
      return { ...state, bookings: { ...state.bookings, date: action.date } };
    case 'reservations/holding':
      return {
        ...state,
        bookings: { ...state.bookings, status: 'bookingLoading' },
        reservations: { ...state.reservations, status: 'loading' },
      };
    case 'reservations/held':
      return {
        ...state,
        bookings: { ...state.bookings, status: 'idle', wantedBookingId: action.slot.booking_id },
        reservations: { status: 'idle', reservation: action.reservation, slot: action.slot },
      };
    case 'reservations/failed':
      return {
        ...state,
        bookings: { ...state.bookings, status: 'idle', wantedBookingId: null },
        reservations: { status: 'failed', reservation: null, slot: null },
      };
    case 'bookings/reset':
      return {
        ...state,
        bookings: { ...state.bookings, status: 'idle', wantedBookingId: null },
        reservations: { status: action.lost ? 'failed' : 'idle', reservation: null, slot: null },
      };
    case 'signup/payment':
      return {
        ...state,
        signup: {
          ...state.signup,
          cardToken: action.cardToken,
          acceptances: action.acceptances,
          idempotencyKey: action.idempotencyKey,
        },
        // A new payment is a new attempt: whatever the last one answered is no longer shown.
        finale: { status: 'idle', success: false, err: null },
      };
    case 'finale/sending':
      return { ...state, finale: { status: 'loading', success: false, err: null } };
    case 'finale/result':
      return {
        ...state,
        finale: { status: action.result.success ? 'idle' : 'failed', ...action.result },
      };
    case 'finale/cleared':
      return { ...state, finale: { ...state.finale, status: 'idle', err: null } };
    case 'restore':
      return action.state;
  }
}
