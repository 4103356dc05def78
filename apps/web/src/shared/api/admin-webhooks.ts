import {
  webhookDeliveriesAnswer,
  webhookDelivery,
  webhookEndpoint,
  webhookEndpointCreatedAnswer,
  webhookEndpointsAnswer,
  type DeliveryState,
  type EventType,
} from '@fibre/domain/api';
import { call } from './admin-client.ts';

/** The console's webhook calls (docs/rules/webhooks.md#endpoints): any operator reads, managers change. */

const enc = encodeURIComponent;

export const fetchWebhookEndpoints = () =>
  call('GET', '/admin/api/webhooks/endpoints', webhookEndpointsAnswer);

/** A new endpoint; its answer carries the secret, this once. */
export const createWebhookEndpoint = (body: {
  url: string;
  description?: string;
  eventTypes?: EventType[];
}) => call('POST', '/admin/api/webhooks/endpoints', webhookEndpointCreatedAnswer, { body });

export const disableWebhookEndpoint = (id: string) =>
  call('POST', `/admin/api/webhooks/endpoints/${enc(id)}/disable`, webhookEndpoint, { body: {} });

/** A disabled endpoint enabled again: its kept deliveries are due. */
export const enableWebhookEndpoint = (id: string) =>
  call('POST', `/admin/api/webhooks/endpoints/${enc(id)}/enable`, webhookEndpoint, { body: {} });

/** A page of deliveries, newest first, optionally in one state. */
export const fetchWebhookDeliveries = (state: DeliveryState | '', cursor: string | null) => {
  const query = new URLSearchParams();
  if (state) query.set('state', state);
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return call(
    'GET',
    `/admin/api/webhooks/deliveries${search ? `?${search}` : ''}`,
    webhookDeliveriesAnswer,
  );
};

/** Sends a delivery again now; the answer is the delivery, due now. */
export const resendWebhookDelivery = (id: string) =>
  call('POST', `/admin/api/webhooks/deliveries/${enc(id)}/resend`, webhookDelivery, { body: {} });
