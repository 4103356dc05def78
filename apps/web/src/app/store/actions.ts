import type {
  AddOn,
  Address,
  CampaignState,
  ContactValues,
  Coupon,
  Discount,
  Plan,
  PlanFilter,
  PaymentAcceptances,
  Reservation,
  Router,
  SubmissionResult,
} from '@fibre/domain';
import type { BookingsArea, ContactDraft, HeldSlot, WizardState } from './state.ts';

/** Everything that changes the store. Steps dispatch these; the reducer applies the rules. */
export type Action =
  /** Moves on when the domain's step model allows it; `now` is the clock, passed in. */
  | { type: 'step/next'; now: number }
  | { type: 'step/back' }
  | { type: 'address/lookup-started'; input: string }
  /** `restart`: a link's prefilled address starts the wizard over at step 1. */
  | { type: 'address/checked'; input: string; address: Address; restart?: boolean }
  | { type: 'address/dialog'; open: boolean }
  | { type: 'campaign/loading' }
  | { type: 'campaign/set'; campaign: CampaignState; fetchedFor?: string }
  | { type: 'campaign/failed'; fetchedFor?: string }
  | { type: 'referral/code'; code: string }
  | { type: 'discount/pending'; code: string }
  | { type: 'discount/validating' }
  | { type: 'discount/applied'; code: string; discount: Discount | null }
  | { type: 'discount/coupon'; coupon: Coupon | null }
  | { type: 'discount/refused'; error: string; campaignCoupon: boolean }
  /** Drops any promo code, pending or applied (the campaign's offer stays). */
  | { type: 'discount/cleared' }
  | { type: 'plans/loading'; buildingCode: string }
  | { type: 'plans/loaded'; buildingCode: string; plans: Plan[] }
  | { type: 'plans/failed' }
  | { type: 'plans/filter'; filter: PlanFilter }
  | { type: 'plans/select'; id: string }
  | { type: 'routers/loading' }
  | { type: 'routers/loaded'; routers: Router[] }
  | { type: 'routers/failed' }
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
