import * as z from 'zod/mini';
import { CARD_SCHEMES } from '../shared/card-schemes.ts';

/*
 * What each webhook delivery's body holds, version 1 (docs/rules/webhooks.md#what-is-sent). The
 * OpenAPI document's `webhooks` section is generated from these, and the tests read every
 * delivery with them.
 */

const actor = z.object({
  /** customer (the order page), operator (the console or an API key), or system. */
  kind: z.enum(['customer', 'operator', 'system']),
  /** The operator's email (or the key's name); absent for the customer. */
  email: z.optional(z.string()),
});

/** The order as it is after the change: the same in every order event. */
const orderFields = {
  order_id: z.string(),
  /** The order's short reference ('K7QD-9XWM'); null only for an order placed before it. */
  reference: z.nullable(z.string()),
  /** 1 for the order's first event, then one more for each: a receiver orders by it. */
  sequence: z.number(),
  status: z.enum(['pending', 'confirmed', 'needs_attention', 'cancelled']),
  service_status: z.nullable(z.enum(['installed', 'active', 'cancelled'])),
  created_at: z.string(),
  customer: z.object({
    first_name: z.nullable(z.string()),
    last_name: z.nullable(z.string()),
    email: z.string(),
    mobile: z.nullable(z.string()),
  }),
  address: z.object({
    unit: z.nullable(z.string()),
    formatted_address: z.nullable(z.string()),
    building_code: z.string(),
  }),
  plan_id: z.string(),
  router_id: z.string(),
  add_ons: z.array(z.string()),
  /**
   * What the order was sold (docs/rules/orders.md#what-an-order-was-sold): the plan and router as
   * the catalogue described and priced them at the install, whatever it says now; the version is
   * null for an order placed before the record was kept.
   */
  sold: z.object({
    catalogue_version: z.nullable(z.number()),
    plan: z.object({
      id: z.string(),
      name: z.string(),
      /** Mbps */
      speed: z.number(),
      /** Mbps: the typical busy-hour (7 pm to 11 pm) speed advertised when it was sold. */
      busy_hour_speed: z.number(),
      monthly_cents: z.number(),
    }),
    router: z.object({ id: z.string(), name: z.string(), monthly_cents: z.number() }),
    add_ons: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        cents: z.number(),
        per: z.enum(['month', 'once']),
      }),
    ),
  }),
  prices: z.object({
    monthly_cents: z.number(),
    activation_cents: z.number(),
    card_fee_cents: z.number(),
    /** The card fee on the first payment; card_fee_cents is the fee on each monthly charge. */
    first_payment_fee_cents: z.number(),
    /** The card's scheme the fees are for (docs/rules/plans-and-pricing.md#card-fees); null for direct debit or an order placed before schemes. */
    card_scheme: z.nullable(z.enum(CARD_SCHEMES)),
  }),
  /** The booked installation window (ISO 8601 instants, and the building's state). */
  window: z.nullable(
    z.object({ state: z.string(), starts_at: z.string(), ends_at: z.nullable(z.string()) }),
  ),
};

const leadFields = {
  lead_id: z.string(),
  sequence: z.number(),
  created_at: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** +61 form, or null. */
  phone: z.nullable(z.string()),
  /** The address as typed. */
  address: z.string(),
  message: z.nullable(z.string()),
  contacted_at: z.nullable(z.string()),
  contacted_by: z.nullable(z.string()),
};

/** Each event type's data. */
export const webhookEventData = {
  'order.confirmed': z.object(orderFields),
  'order.needs_attention': z.object({ ...orderFields, reason: z.nullable(z.string()) }),
  'order.resolved': z.object({
    ...orderFields,
    resolved_by: actor,
    /** marked_resolved (a person finished it) or retried (the failed step succeeded). */
    resolution: z.enum(['marked_resolved', 'retried']),
    note: z.nullable(z.string()),
  }),
  'order.rescheduled': z.object({
    ...orderFields,
    rescheduled_by: actor,
    previous_window: z.object({ starts_at: z.string(), ends_at: z.string() }),
  }),
  'order.cancelled': z.object({
    ...orderFields,
    cancelled_by: actor,
    note: z.nullable(z.string()),
  }),
  'order.service_changed': z.object({
    ...orderFields,
    changed_by: actor,
    previous_service_status: z.nullable(z.enum(['installed', 'active', 'cancelled'])),
    note: z.nullable(z.string()),
  }),
  'lead.created': z.object(leadFields),
  'lead.contacted': z.object(leadFields),
  /**
   * A person's data was erased (docs/rules/personal-data-requests.md#erase): which orders were
   * anonymised and which leads deleted, never who the person was. A receiver clears its copies.
   */
  'person.erased': z.object({
    orders: z.array(z.object({ order_id: z.string(), reference: z.nullable(z.string()) })),
    lead_ids: z.array(z.string()),
    erased_at: z.string(),
  }),
} as const;

/** What each type tells, for the document. */
export const webhookEventSummaries: Record<keyof typeof webhookEventData, string> = {
  'order.confirmed': 'An order was placed and confirmed: billed and its installation booked',
  'order.needs_attention': 'An order is kept for a person: an external step failed',
  'order.resolved': 'An order that needed attention is confirmed (marked resolved, or retried)',
  'order.rescheduled': "An order's installation moved to another window",
  'order.cancelled': 'An order was cancelled, by the customer or by staff',
  'order.service_changed': 'The service after installation changed: installed, active or cancelled',
  'lead.created': 'A visitor at an unserved address left their details',
  'lead.contacted': 'An operator marked a lead contacted',
  'person.erased':
    "A person's data was erased: the orders anonymised and the leads deleted, by id only",
};

/** A delivery's whole body: the event's id (also its webhook-id), type, time, version, data. */
export function webhookEventBody<T extends keyof typeof webhookEventData>(type: T) {
  return z.object({
    id: z.string(),
    type: z.literal(type),
    /** When the event was made (ISO 8601). */
    timestamp: z.string(),
    version: z.literal(1),
    data: webhookEventData[type],
  });
}
