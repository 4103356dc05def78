import type { WebhookEndpoint } from '@fibre/domain/api';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { fetchWebhookEndpoints } from '../../shared/api/admin-webhooks.ts';
import { disableWebhookEndpoint, enableWebhookEndpoint } from '../../shared/api/admin-webhooks.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { whenText } from '../format.ts';
import { useOperator } from '../session.tsx';
import { Empty, ErrorAlert, Loading, TableScroll } from '../ui.tsx';
import { endpointStateText, eventTypesText } from '../webhook-words.ts';
import { AddEndpoint } from './webhook-add-endpoint.tsx';

/*
 * The webhook endpoints (docs/rules/webhooks.md#endpoints): every operator reads the list; a
 * manager adds one (its secret shown once), disables one after a confirmation, and enables a
 * disabled one again (by a manager, or by the server after days of failures). OPS_WEBHOOK_URL's
 * endpoint is listed as set in the environment, with no controls.
 */

export type EndpointsQuery = UseQueryResult<Awaited<ReturnType<typeof fetchWebhookEndpoints>>>;

function DisableEndpoint({ endpoint }: { endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const disable = useMutation({
    mutationFn: () => disableWebhookEndpoint(endpoint.id),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['webhook-endpoints'] });
    },
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" aria-label={`Disable ${endpoint.url}`}>
          Disable
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title="Disable this endpoint?"
      description={`Nothing more is sent to ${endpoint.url}. Deliveries already waiting are kept, and go if the endpoint is enabled again; events made meanwhile are not sent to it.`}
      confirm="Disable the endpoint"
      cancel="Keep it"
      destructive
      busy={disable.isPending}
      error={disable.error}
      onConfirm={() => disable.mutate()}
    />
  );
}

/** Enables a disabled endpoint at once: nothing is lost by it, so no confirmation. */
function EnableEndpoint({ endpoint }: { endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient();
  const enable = useMutation({
    mutationFn: () => enableWebhookEndpoint(endpoint.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['webhook-endpoints'] });
      await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] });
    },
  });
  return (
    <>
      <Button
        variant="secondary"
        busy={enable.isPending}
        aria-label={`Enable ${endpoint.url}`}
        onClick={() => enable.mutate()}
      >
        Enable
      </Button>
      <ErrorAlert error={enable.error} />
    </>
  );
}

export function WebhookEndpoints({ endpoints }: { endpoints: EndpointsQuery }) {
  const { isManager } = useOperator();
  const items = endpoints.data?.items ?? [];
  return (
    <section aria-labelledby="webhook-endpoints" className="console-section">
      <h2 id="webhook-endpoints" className="console-subtitle">
        Endpoints
      </h2>
      <ErrorAlert error={endpoints.error} />
      {endpoints.isPending ? (
        <Loading>Loading endpoints…</Loading>
      ) : items.length === 0 ? (
        !endpoints.isError && <Empty>No endpoints yet: events are kept, but sent nowhere.</Empty>
      ) : (
        <TableScroll label="Endpoints">
          <table className="console-table">
            <caption className="visually-hidden">Endpoints</caption>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Description</th>
                <th scope="col">Events</th>
                <th scope="col">Created</th>
                <th scope="col">State</th>
                {isManager && <th scope="col">Action</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((endpoint) => (
                <tr key={endpoint.id}>
                  <td>
                    <code>{endpoint.url}</code>
                  </td>
                  <td>
                    {endpoint.fromEnvironment
                      ? 'From OPS_WEBHOOK_URL (set in the environment)'
                      : endpoint.description || '—'}
                  </td>
                  <td>{eventTypesText(endpoint.eventTypes)}</td>
                  <td>
                    {endpoint.created
                      ? `${whenText(endpoint.created)} by ${endpoint.createdBy ?? ''}`
                      : '—'}
                  </td>
                  <td>
                    {endpointStateText(endpoint)}
                    {endpoint.disabled &&
                      ` (${whenText(endpoint.disabled)} by ${endpoint.disabledBy ?? ''})`}
                  </td>
                  {isManager && (
                    <td>
                      {!endpoint.fromEnvironment &&
                        (endpoint.disabled ? (
                          <EnableEndpoint endpoint={endpoint} />
                        ) : (
                          <DisableEndpoint endpoint={endpoint} />
                        ))}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {isManager && <AddEndpoint />}
    </section>
  );
}
