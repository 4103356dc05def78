import type {
  AddOn,
  Address,
  CampaignState,
  ContactValues,
  Coupon,
  Discount,
  PlanFilter,
  PaymentAcceptances,
  Reservation,
  SubmissionResult,
} from '@fibre/domain';
import type { BookingsArea, ContactDraft, HeldSlot, WizardState } from './state.ts';

/** Everything that changes the store. Steps dispatch these; the reducer applies the rules. */
export type Action =
  /** Moves on when the domain's step model allows it; `now` is the clock, passed in. */
  | { type: 'step/next'; now: number }
  | { type: 'step/back' }
  /**
   * The checked address (docs/rules/address-and-serviceability.md), with the availability dialog
   * open. `restart`: a link's prefilled address starts the wizard over at step 1.
   */
  | { type: 'address/checked'; input: string; address: Address; restart?: boolean }
  | { type: 'address/dialog'; open: boolean }
  /**
   * What a link brought (docs/rules/offers-and-coupons.md): a move-in or referral offer (with the
   * referral code for the order), and a promo code to apply once the address is known.
   */
  | {
      type: 'offers/brought';
      campaign?: CampaignState;
      referralCode?: string;
      pendingCode?: string;
    }
  /**
   * The visitor's promo code and the offer it gives (null: no promo code), with the coupon it was
   * validated as, if any. Settles a pending link code either way.
   */
  | { type: 'discount/code'; code: string | null; discount: Discount | null; coupon: Coupon | null }
  /**
   * Add to cart checked the order's coupon for the chosen plan: the coupon the order carries, or
   * refused (a refused promo code is dropped, a refused campaign coupon remembered).
   */
  | { type: 'discount/coupon'; coupon: Coupon | null; refused?: boolean }
  | { type: 'plans/filter'; filter: PlanFilter }
  | { type: 'plans/select'; id: string }
  | { type: 'routers/select'; id: string }
  | { type: 'signup/add-on'; addOn: AddOn; on: boolean }
  | { type: 'signup/contact'; contact: ContactValues & { confirmEmail: string } }
  /** `confirmed`: the connection details step passed (false: a draft kept on Go back). */
  | { type: 'signup/unit'; unit: string; confirmed: boolean }
  | { type: 'signup/contact-draft'; draft: ContactDraft }
  /** Steps 5 to 7: installation windows, the held reservation, the payment and the order. */
  | { type: 'bookings/status'; status: BookingsArea['status'] }
  | { type: 'bookings/date'; date: string | null }
  | { type: 'reservations/holding' }
  | { type: 'reservations/held'; reservation: Reservation; slot: HeldSlot }
  /**
   * A failed reservation create clears the reservation and the wanted booking
   * (docs/rules/installation-and-holds.md).
   */
  | { type: 'reservations/failed' }
  /**
   * Clears the booking: the wanted booking id and the reservation. `lost`: the hold timed out or
   * the order found it expired, so the installation step shows the danger alert
   * (docs/rules/installation-and-holds.md).
   */
  | { type: 'bookings/reset'; lost: boolean }
  | {
      type: 'signup/payment';
      cardToken: string;
      acceptances: PaymentAcceptances;
      idempotencyKey: string;
    }
  | { type: 'finale/sending' }
  | { type: 'finale/result'; result: SubmissionResult }
  | { type: 'finale/cleared' }
  | { type: 'restore'; state: WizardState };
