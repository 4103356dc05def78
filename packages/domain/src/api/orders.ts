import * as z from 'zod/mini';
import { CARD_SCHEMES } from '../shared/card-schemes.ts';

/** POST /api/v1/public/leads (docs/rules/address-and-serviceability.md#not-served-the-lead-form) */
export const leadCreatedAnswer = z.object({ id: z.string() });

/** POST /api/v1/test-vault/tokens (docs/rules/demo-data.md#test-cards) */
export const cardTokenAnswer = z.object({ token: z.string() });

/**
 * GET /api/v1/test-vault/direct-debit (docs/rules/contact-and-connection.md#direct-debit): the
 * catalogue's Direct Debit Request and service agreement, or null when it names none and direct
 * debit is not offered. Asked by the payment step only, so the wizard's first screen does not
 * carry it.
 */
export const directDebitOfferAnswer = z.object({
  document: z.nullable(z.object({ title: z.string(), url: z.string(), version: z.string() })),
});
export type DirectDebitOffer = z.infer<typeof directDebitOfferAnswer>;

/**
 * POST /api/v1/{provider}/install (docs/rules/orders.md#the-answer-and-the-finale): the placed
 * order as the server stored it, for the wizard's confirmation. A retry with the same key answers
 * the same, its order page link included.
 */
export const orderPlacedAnswer = z.object({
  success: z.literal(true),
  order_id: z.string(),
  /** The order's short reference, 'K7QD-9XWM' (docs/rules/orders.md#the-order-reference). */
  reference: z.nullable(z.string()),
  /**
   * The order page's path, '/order/<token>', for the browser that placed the order only; null
   * for an order answered before links were given with the answer.
   */
  order_page: z.nullable(z.string()),
  /** Where the confirmation mail goes: the order's email. */
  email: z.string(),
  /** The prices stored with the order, in cents. */
  prices: z.object({
    monthly_cents: z.number(),
    activation_cents: z.number(),
    card_fee_cents: z.number(),
    /** The card fee on the first payment; card_fee_cents is the fee on each monthly charge. */
    first_payment_fee_cents: z.number(),
    /** The card's scheme the fees are for (docs/rules/plans-and-pricing.md#card-fees); null for direct debit or an order placed before schemes. */
    card_scheme: z.nullable(z.enum(CARD_SCHEMES)),
  }),
  /** The installation's day, 'YYYY-MM-DD' in the zone of the address's state. */
  activation_date: z.string(),
  /** The card's first charge: 15 days after activation, 'YYYY-MM-DD' in the same zone. */
  first_payment_date: z.string(),
});
export type OrderPlacedAnswer = z.infer<typeof orderPlacedAnswer>;
