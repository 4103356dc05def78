import * as z from 'zod/mini';

/*
 * The console's webhook endpoints and deliveries (docs/rules/webhooks.md), zod/mini like every
 * answer.
 */

/** What an event tells of; a new endpoint takes some or (an empty list) all. */
export const EVENT_TYPES = [
  'order.confirmed',
  'order.needs_attention',
  'order.resolved',
  'order.rescheduled',
  'order.cancelled',
  'order.service_changed',
  'lead.created',
  'lead.contacted',
  'person.erased',
] as const;
export const eventType = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof eventType>;

/** One endpoint; 'configured' is OPS_WEBHOOK_URL, set in the environment, not here. */
export const webhookEndpoint = z.object({
  id: z.string(),
  /** The whole URL for a manager; its scheme and host only for a viewer (docs/rules/webhooks.md#endpoints). */
  url: z.string(),
  description: z.string(),
  /** Empty: every type. */
  eventTypes: z.array(z.string()),
  created: z.nullable(z.string()),
  createdBy: z.nullable(z.string()),
  disabled: z.nullable(z.string()),
  disabledBy: z.nullable(z.string()),
  /** True for OPS_WEBHOOK_URL's endpoint, which the console cannot change. */
  fromEnvironment: z.boolean(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookEndpointsAnswer = z.object({ items: z.array(webhookEndpoint) });

/** A new endpoint, with its secret: shown this once. */
export const webhookEndpointCreatedAnswer = z.object({
  endpoint: webhookEndpoint,
  secret: z.string(),
});

export const deliveryState = z.enum(['delivered', 'retrying', 'gave_up', 'waiting']);
export type DeliveryState = z.infer<typeof deliveryState>;

/** One delivery of one event to one endpoint. */
export const webhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.string(),
  endpointId: z.string(),
  /** The order's reference, or null (a lead's event). */
  reference: z.nullable(z.string()),
  orderId: z.nullable(z.string()),
  leadId: z.nullable(z.string()),
  sequence: z.number(),
  created: z.string(),
  state: deliveryState,
  attempts: z.number(),
  nextAttempt: z.nullable(z.string()),
  delivered: z.nullable(z.string()),
  /** The last failed attempt's words and the receiver's status: null for a viewer. */
  lastError: z.nullable(z.string()),
  lastStatus: z.nullable(z.number()),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveriesAnswer = z.object({
  items: z.array(webhookDelivery),
  nextCursor: z.nullable(z.string()),
});
