import { z } from 'zod';
import { text } from '../shared/text.ts';
import { ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX } from './admin-input.ts';
import { EVENT_TYPES } from './webhooks.ts';

/** POST /admin/api/webhooks/endpoints (docs/rules/webhooks.md#endpoints). */
export const createWebhookEndpointBody = z.object({
  url: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .max(2000, 'is longer than 2000 characters'),
  description: text(200).optional(),
  /** Which types it takes; empty or absent: every type. */
  eventTypes: z.array(z.enum(EVENT_TYPES)).max(EVENT_TYPES.length).optional(),
});
export type CreateWebhookEndpointBody = z.infer<typeof createWebhookEndpointBody>;

export const webhookEndpointParams = z.object({ id: text(100) });
export const webhookDeliveryParams = z.object({ id: text(100) });

/** GET /admin/api/webhooks/deliveries: newest first, a page at a time, optionally one state. */
export const webhookDeliveriesQuery = z.object({
  state: z.enum(['delivered', 'retrying', 'gave_up', 'waiting']).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
  cursor: text(200).optional(),
});
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuery>;
