import * as z from 'zod/mini';
import { CARD_SCHEMES } from '../shared/card-schemes.ts';

/*
 * The order page's API (docs/rules/order-page.md): public, no session, the order page's token in
 * the path. Answers and bodies of GET /api/v1/public/orders/{token} and its reschedule and cancel.
 */

/** Why a change is not possible now; null when it is. */
export const orderPageRefusalCode = z.enum([
  'too_late',
  'window_passed',
  'cancelled',
  'not_confirmed',
]);

export const orderPageAction = z.object({
  allowed: z.boolean(),
  /** Null when allowed. */
  reason: z.nullable(orderPageRefusalCode),
  /** The sentence to show when not allowed (with the provider's phone); null when allowed. */
  message: z.nullable(z.string()),
});

/** Where the service is after installation (docs/rules/orders.md#service-status). */
export const SERVICE_STATUSES = ['installed', 'active', 'cancelled'] as const;
export const serviceStatus = z.enum(SERVICE_STATUSES);
export type ServiceStatus = z.infer<typeof serviceStatus>;

export const orderPageAnswer = z.object({
  /** The order's id. */
  order_id: z.string(),
  /** The order's short reference ('K7QD-9XWM'), as the mails and the console show it. */
  reference: z.nullable(z.string()),
  /** confirmed; needs_attention (placed, being finished by staff); pending; cancelled. */
  status: z.enum(['pending', 'confirmed', 'needs_attention', 'cancelled']),
  /** ISO date-time */
  placed_at: z.string(),
  /** Null until the provider marks it installed; then installed, active or cancelled. */
  service_status: z.nullable(serviceStatus),
  plan: z.object({ id: z.string(), name: z.string() }),
  router: z.object({ id: z.string(), name: z.string() }),
  add_ons: z.array(z.object({ id: z.string(), label: z.string() })),
  coupon: z.nullable(z.string()),
  /** The prices stored with the order, in cents. */
  prices: z.object({
    monthly_cents: z.number(),
    one_off_cents: z.number(),
    card_fee_cents: z.number(),
    /** The card fee on the first payment; card_fee_cents is the fee on each monthly charge. */
    first_payment_fee_cents: z.number(),
    /** The card's scheme the fees are for (docs/rules/plans-and-pricing.md#card-fees); null for direct debit or an order placed before schemes. */
    card_scheme: z.nullable(z.enum(CARD_SCHEMES)),
  }),
  window: z.object({
    /** ISO date-time (UTC) */
    start: z.string(),
    end: z.string(),
    /** The building's state (NSW, VIC, ...), whose zone the window is shown in. */
    state: z.string(),
    /** IANA zone, e.g. Australia/Sydney */
    time_zone: z.string(),
  }),
  address: z.string(),
  /**
   * The last moment a change can be made online (24 hours before the window starts), ISO; null
   * when the order cannot be changed at all (cancelled, or not confirmed).
   */
  changeable_until: z.nullable(z.string()),
  can_reschedule: orderPageAction,
  can_cancel: orderPageAction,
  help: z.object({ phone: z.string(), email: z.string() }),
});
export type OrderPageAnswer = z.infer<typeof orderPageAnswer>;
