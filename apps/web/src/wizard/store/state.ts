import type { Address } from '@fibre/domain/address';
import type { BookingSlot, Coupon, OrderPlacedAnswer, Reservation } from '@fibre/domain/api';
import type { PlanFilter } from '@fibre/domain/catalogue';
import type { ContactValues, PaymentAcceptances } from '@fibre/domain/contact';
import type { CampaignState, Discount } from '@fibre/domain/offers';
import type { AddOn, CardScheme } from '@fibre/domain/pricing';
import type { DayKey } from '@fibre/domain/scheduling';
import { FIRST_STEP, type WizardStep } from '@fibre/domain/wizard';

/*
 * The wizard's one store (docs/rules/wizard-flow.md, "Where state lives"): the visitor's choices,
 * persisted for the tab. What the server says (the catalogue, the building's campaign, the
 * installation windows, the install call's answer) lives in the query cache and is fetched again after a reload; whether a call is running belongs to the
 * hook that makes it. Nothing here is a rule: the rules are @fibre/domain's, called by the reducer
 * and the steps.
 */

export interface AddressArea {
  /** The address text the visitor picked (or a link prefilled). */
  input: string;
  /** The checked address: parsed, with the lookup's answer merged (status 'failed' if none). */
  value: Address | null;
  /** The availability dialog of step 1. */
  dialogOpen: boolean;
}

/**
 * The offer the visitor brought (a move-in link or a valid referral code): it wins over the
 * building's campaign, which is server data in the query cache (docs/rules/offers-and-coupons.md).
 */
export type CampaignArea = CampaignState;

export interface DiscountArea {
  /** A promo code (from the pc link parameter), applied once the address is known. */
  pendingCode: string | null;
  /** The accepted promo code and the offer it gives. */
  code: string | null;
  discount: Discount | null;
  /** The coupon the order carries, once Add to cart (or Validate) has validated it. */
  coupon: Coupon | null;
  /** The campaign's own coupon was refused for the chosen plan. */
  campaignCouponRefused: boolean;
}

export interface PlansArea {
  filter: PlanFilter;
  /**
   * The plan the visitor chose; null until they choose one or Add to cart records the catalogue's
   * default. Which plans are offered is the catalogue's (wizard/catalogue).
   */
  selectedId: string | null;
}

export interface RoutersArea {
  selectedId: string | null;
}

/** The contact form as typed, before it passes (kept when the visitor goes back). */
export type ContactDraft = Record<keyof ContactValues | 'confirmEmail', string>;

export interface SignupArea {
  addOns: AddOn[];
  /** Saved when the contact step passes (names capitalised). */
  contact: (ContactValues & { confirmEmail: string }) | null;
  contactDraft: ContactDraft | null;
  /** The connection details step passed (the unit is on the address). */
  connectionConfirmed: boolean;
  /** A referral code from the link, for the order's extra fields. */
  referralCode: string | null;
  /** The card tokeniser's vault token (cb_token): never the card data itself. */
  cardToken: string | null;
  /**
   * The card's scheme as the card fields told it when the card was tokenised (null for direct
   * debit, or a scheme not told): the install body states it, so a reload resends the very same
   * body under the same Idempotency-Key (docs/rules/plans-and-pricing.md#card-fees).
   */
  cardScheme: CardScheme | null;
  /** The payment step's acceptance boxes, as ticked when the card was tokenised. */
  acceptances: PaymentAcceptances | null;
  /**
   * The install call's Idempotency-Key, made once per payment submission: a reload, a retry or a
   * double click on the confirmation step sends the same key, so the order is placed once.
   */
  idempotencyKey: string | null;
  /**
   * The server's answer for the placed order (docs/rules/orders.md#the-answer-and-the-finale):
   * its reference, this tab's link to the order page, the email mailed to, the stored prices and
   * the charge days. Kept so a reload shows the same confirmation; 'Check another address' and
   * the logo after an order clear it with everything else.
   */
  placed: OrderPlacedAnswer | null;
  /**
   * The payment step's boxes and method as they stand, before Submit: kept when the visitor leaves
   * Payment (a Change link, the hold lapsing, 'Use another card') so they come back ticked. Only
   * booleans and the method: no card or bank account data.
   */
  paymentDraft: PaymentDraft | null;
}

/** The payment step's boxes as ticked, and how the visitor chose to pay. */
export interface PaymentDraft {
  monthlyCharge: boolean;
  /**
   * The monthly charge the box agreed to when it was ticked: a box ticked for another amount (a
   * code validated since, another plan) comes back unticked. Null when not known.
   */
  monthlyAmount: number | null;
  newDevelopmentCharge: boolean;
  terms: boolean;
  marketing: boolean;
  directDebit: boolean;
  method: 'card' | 'bank';
}

/**
 * A Change link of Payment's check-your-answers (docs/rules/wizard-flow.md, "Checking the answers")
 * brought the visitor back to the step shown: its Continue (and Go back) return to Payment, and the
 * hold is kept although the step is before Installation.
 */
export interface ReviewArea {
  changing: boolean;
}

/** The visitor's choice in the installation calendar. */
export interface BookingsArea {
  /** The calendar day whose windows are listed, 'YYYY-MM-DD' in the address's zone. */
  date: DayKey | null;
}

/** The window a reservation holds, copied from its slot. */
export type HeldSlot = Pick<BookingSlot, 'booking_id' | 'start' | 'end'> & {
  /** The address it was held for: another address needs a new time. */
  formattedAddress: string;
};

/**
 * The held window: a choice that survives a reload (its countdown goes on). The wanted booking id of
 * docs/rules/installation-and-holds.md is the held slot's `booking_id`.
 */
export interface ReservationsArea {
  reservation: Reservation | null;
  slot: HeldSlot | null;
  /**
   * The last hold was lost (taken meanwhile, refused, timed out, or expired before the order
   * reached the server): the installation step shows the danger alert. A reload forgets it.
   */
  lost: boolean;
  /** The order booked the held window: the hold is spent, and a reload stays on the confirmation. */
  booked: boolean;
}

export interface WizardState {
  step: WizardStep;
  address: AddressArea;
  campaign: CampaignArea;
  discount: DiscountArea;
  plans: PlansArea;
  routers: RoutersArea;
  signup: SignupArea;
  bookings: BookingsArea;
  reservations: ReservationsArea;
  review: ReviewArea;
}

export const initialState: WizardState = {
  step: FIRST_STEP,
  address: { input: '', value: null, dialogOpen: false },
  // The domain's initialCampaignState, spelled out: importing it would pull the campaign module
  // (and zod) into the first screen's bundle. reducer.test.ts checks the two agree.
  campaign: { campaign: null, referral: false, moveIn: false },
  discount: {
    pendingCode: null,
    code: null,
    discount: null,
    coupon: null,
    campaignCouponRefused: false,
  },
  plans: { filter: 'all', selectedId: null },
  routers: { selectedId: null },
  signup: {
    addOns: [],
    contact: null,
    contactDraft: null,
    connectionConfirmed: false,
    referralCode: null,
    cardToken: null,
    cardScheme: null,
    acceptances: null,
    idempotencyKey: null,
    placed: null,
    paymentDraft: null,
  },
  bookings: { date: null },
  reservations: { reservation: null, slot: null, lost: false, booked: false },
  review: { changing: false },
};
