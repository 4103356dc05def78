import type { Address } from '@fibre/domain/address';
import type { Coupon, OrderPlacedAnswer, Reservation } from '@fibre/domain/api';
import type { PlanFilter } from '@fibre/domain/catalogue';
import type { ContactValues, PaymentAcceptances } from '@fibre/domain/contact';
import type { CampaignState, Discount } from '@fibre/domain/offers';
import type { AddOn, CardScheme } from '@fibre/domain/pricing';
import type { DayKey } from '@fibre/domain/scheduling';
import type { WizardStep } from '@fibre/domain/wizard';

/** The steps a Change link of Payment's check-your-answers opens. */
export type ChangeableStep = Extract<WizardStep, 'contact' | 'connection' | 'installation'>;
import type { ContactDraft, HeldSlot, PaymentDraft, WizardState } from './state.ts';

/**
 * What happened to the visitor's hold (docs/rules/installation-and-holds.md): a window is held
 * (or held again with a later expiry: its one extension);
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
  /** One step back; `now` is the clock (a Change link's visit returns to Payment while the hold lasts). */
  | { type: 'step/back'; now: number }
  /**
   * The browser's Back or Forward reached an entry of the page's history holding `step`
   * (docs/rules/wizard-flow.md, "Back and Forward"): back to it, forward as far as the state allows.
   */
  | {
      type: 'step/history';
      step: WizardStep;
      now: number;
      /** The entry was a Change link's from Payment (docs/rules/wizard-flow.md). */
      changing?: boolean;
    }
  /**
   * A Change link of Payment's check-your-answers: the step it changes, whose Continue comes back
   * to Payment with everything kept (docs/rules/wizard-flow.md, "Checking the answers").
   */
  | { type: 'review/change'; step: ChangeableStep }
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
  /** Steps 5 to 7: the day chosen in the installation calendar, and the hold's changes. */
  | { type: 'bookings/date'; date: DayKey }
  | { type: 'reservations/changed'; change: HoldChange }
  | {
      type: 'signup/payment';
      cardToken: string;
      cardScheme: CardScheme | null;
      acceptances: PaymentAcceptances;
      idempotencyKey: string;
    }
  /** The payment step's boxes and method as they stand (no card data). */
  | { type: 'signup/payment-draft'; draft: PaymentDraft }
  /**
   * After a declined payment, 'Use another card' or 'Pay by direct debit' (docs/rules/orders.md):
   * the spent token and its key are dropped, the boxes kept (`draft`: the confirmation step's
   * payAgainDraft), and the visitor is on Payment again.
   */
  | { type: 'signup/pay-again'; draft: PaymentDraft }
  | { type: 'restore'; state: WizardState }
  /** The server placed the order: its answer, for the confirmation (docs/rules/orders.md). */
  | { type: 'order/placed'; placed: OrderPlacedAnswer }
  /**
   * Start afresh after a placed order ('Check another address', or the logo): every choice
   * forgotten, step 1 with an empty address (docs/rules/wizard-flow.md).
   */
  | { type: 'wizard/restart' };
