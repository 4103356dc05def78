import type { DeliveryState, WebhookDelivery, WebhookEndpoint } from '@fibre/domain/api';
import { ApiError } from '../shared/api/http.ts';

/** How the Webhooks page says things (docs/rules/webhooks.md, operator-console.md#webhooks). */

const stateWords: Record<DeliveryState, string> = {
  delivered: 'Delivered',
  retrying: 'Retrying',
  gave_up: 'Gave up',
  waiting: 'Waiting',
};
export const deliveryStateText = (state: DeliveryState) => stateWords[state];
export const DELIVERY_STATES = Object.keys(stateWords) as DeliveryState[];

/** An endpoint's types, or 'All events' for the empty list (every type, later ones too). */
export const eventTypesText = (types: readonly string[]) =>
  types.length === 0 ? 'All events' : types.join(', ');

export const endpointStateText = (endpoint: WebhookEndpoint) =>
  endpoint.disabled ? 'Disabled' : 'Active';

/** The last failed attempt's answer: '503 · Service Unavailable', or '—' when none failed. */
export function lastAnswerText(delivery: Pick<WebhookDelivery, 'lastStatus' | 'lastError'>) {
  const parts = [delivery.lastStatus?.toString(), delivery.lastError].filter(Boolean);
  return parts.length ? parts.join(' · ') : '—';
}

/** The add form's fields, in the order they are shown (the first with an error takes the focus). */
export const ENDPOINT_FIELDS = ['url', 'description', 'eventTypes'] as const;
export type EndpointField = (typeof ENDPOINT_FIELDS)[number];

const fieldLabels: Record<EndpointField, string> = {
  url: 'URL',
  description: 'Description',
  eventTypes: 'Event types',
};

/**
 * The server's refusal of a new endpoint, per field of the form: its `fields` keys are paths
 * (`url`, `eventTypes.1`), each message said after the field's name ('URL must be an http(s) URL').
 */
export function endpointFieldErrors(error: unknown): Partial<Record<EndpointField, string>> {
  if (!(error instanceof ApiError)) return {};
  const errors: Partial<Record<EndpointField, string>> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const field = ENDPOINT_FIELDS.find((name) => path === name || path.startsWith(`${name}.`));
    if (field && !errors[field]) errors[field] = `${fieldLabels[field]} ${message}`;
  }
  return errors;
}
