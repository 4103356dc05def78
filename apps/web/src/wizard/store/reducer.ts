import type { Address } from '@fibre/domain/address';
import { selectCard } from '@fibre/domain/catalogue';
import { addAddOn, removeAddOn } from '@fibre/domain/pricing';
import { FIRST_STEP, isBefore, previousStep, type WizardStep } from '@fibre/domain/wizard';
import type { Action, HoldChange } from './actions.ts';
import { allowed, reachableStep } from './selectors.ts';
import { initialState, type ReservationsArea, type WizardState } from './state.ts';

function goTo(state: WizardState, step: WizardStep, changing = false): WizardState {
  return {
    ...state,
    step,
    address: { ...state.address, dialogOpen: false },
    // A Change link's visit lasts until the visitor is back on Payment (or further).
    review: state.review.changing === changing ? state.review : { changing },
  };
}

/**
 * Where a Change link's visit returns (docs/rules/wizard-flow.md, "Checking the answers"): Payment,
 * or the furthest step before it the state still supports (the hold lapsed meanwhile:
 * Installation).
 */
function backToPayment(state: WizardState, now: number): WizardState {
  const step = reachableStep(state, 'payment', now);
  return step === state.step ? goTo(state, step, state.review.changing) : goTo(state, step);
}

/**
 * One step back (docs/rules/wizard-flow.md): Confirmation goes past Payment, whose card token is
 * spent, unless the token was dropped for another card ('Use another card'), when Payment is where
 * the visitor pays again.
 */
function stepBehind(state: WizardState): WizardStep | null {
  if (
    state.step === 'confirmation' &&
    state.signup.cardToken === null &&
    !state.reservations.booked
  )
    return 'payment';
  return previousStep(state.step);
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

/**
 * The browser's Back or Forward (docs/rules/wizard-flow.md, "Back and Forward"). Back from a placed
 * order starts a new sign-up; back from a confirmation without one goes past Payment (its card
 * token is spent) as the Go back button does. Forward goes no further than the state allows.
 */
function historyMove(
  state: WizardState,
  wanted: WizardStep,
  now: number,
  changing: boolean,
): WizardState {
  if (wanted === state.step) return state;
  if (state.step === 'confirmation' && state.reservations.booked) return initialState;
  // An entry a Change link made is that visit again: its Continue returns to Payment.
  const change = changing && isBefore(wanted, 'payment');
  if (isBefore(wanted, state.step)) {
    const step =
      state.step === 'confirmation' && wanted === 'payment'
        ? (stepBehind(state) ?? wanted)
        : wanted;
    return goTo(state, step, change);
  }
  const step = reachableStep(state, wanted, now);
  return isBefore(state.step, step) ? goTo(state, step, change && step === wanted) : state;
}

/** The store's reducer (the catalogue's rules are applied where the catalogue is read). */
export function reducer(state: WizardState, action: Action): WizardState {
  switch (action.type) {
    case 'step/next': {
      const next = allowed(state, action.now).next;
      if (next === null) return state;
      return state.review.changing ? backToPayment(state, action.now) : goTo(state, next);
    }
    case 'step/back': {
      // A Change link's visit goes back where it came from: Payment.
      if (state.review.changing) return backToPayment(state, action.now);
      const back = stepBehind(state);
      return back === null ? state : goTo(state, back);
    }
    case 'step/history':
      return historyMove(state, action.step, action.now, !!action.changing);
    case 'review/change':
      // Only from Payment, whose check-your-answers has the links.
      return state.step === 'payment' ? goTo(state, action.step, true) : state;
    case 'address/checked': {
      const next = checked(state, action.input, action.address);
      return action.restart ? { ...next, step: FIRST_STEP } : next;
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
          cardScheme: action.cardScheme,
          acceptances: action.acceptances,
          idempotencyKey: action.idempotencyKey,
        },
      };
    case 'signup/payment-draft':
      return { ...state, signup: { ...state.signup, paymentDraft: action.draft } };
    case 'signup/pay-again':
      // The hold, the window, the contact and the boxes stay; the token (spent or declined) and its
      // Idempotency-Key go, so the next Submit makes new ones (docs/rules/orders.md).
      if (state.step !== 'confirmation' || state.reservations.booked) return state;
      return {
        ...state,
        signup: {
          ...state.signup,
          paymentDraft: action.draft,
          cardToken: null,
          cardScheme: null,
          idempotencyKey: null,
        },
      };
    case 'restore':
      return action.state;
    case 'order/placed':
      return { ...state, signup: { ...state.signup, placed: action.placed } };
    case 'wizard/restart':
      return initialState;
  }
}
