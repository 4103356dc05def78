import { useQuery } from '@tanstack/react-query';
import { fetchWebhookEndpoints } from '../../shared/api/admin-webhooks.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookEndpoints } from './webhook-endpoints.tsx';

/**
 * Webhooks (docs/rules/webhooks.md, operator-console.md#webhooks): where events go and how each
 * delivery went. Any operator reads; a manager adds and disables endpoints and resends deliveries.
 */
export function WebhooksPage() {
  // Both sections read the endpoints: the deliveries name each by its URL.
  const endpoints = useQuery({ queryKey: ['webhook-endpoints'], queryFn: fetchWebhookEndpoints });
  return (
    <>
      <h1 className="console-title">Webhooks</h1>
      <p>
        Each order and lead event is POSTed, signed (Standard Webhooks), to every active endpoint
        that takes its type.
      </p>
      <WebhookEndpoints endpoints={endpoints} />
      <WebhookDeliveries endpoints={endpoints} />
    </>
  );
}
