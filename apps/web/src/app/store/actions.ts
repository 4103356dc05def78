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
  DayKey,
  Reservation,
  Router,
} from '@fibre/domain';
import type { ContactDraft, HeldSlot, WizardState } from './state.ts';

/**
 * What happened to the visitor's hold (docs/rules/installation-and-holds.md): a window is held;
 * the hold is let go, `lost` (taken meanwhile, refused, timed out, or expired before the order:
 * the danger alert shows) or `released` (it was for another address); or the order `booked` it.
 */
export type HoldChange =
  | { to: 'held'; reservation: Reservation; slot: HeldSlot }
  | { to: 'lost' }
  | { to: 'released' }
  | { to: 'booked' };

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
  /** Steps 5 to 7: the day chosen in the installation calendar, and the hold's changes. */
  | { type: 'bookings/date'; date: DayKey }
  | { type: 'reservations/changed'; change: HoldChange }
  | {
      type: 'signup/payment';
      cardToken: string;
      acceptances: PaymentAcceptances;
      idempotencyKey: string;
    }
  | { type: 'restore'; state: WizardState };
