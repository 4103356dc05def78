import type { DeliveryState, WebhookDelivery } from '@fibre/domain/api';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useState } from 'react';
import { fetchWebhookDeliveries, resendWebhookDelivery } from '../../shared/api/admin-webhooks.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Field } from '../../shared/ui/field.tsx';
import { whenText } from '../format.ts';
import { Link } from '../router.tsx';
import { useOperator } from '../session.tsx';
import { Empty, ErrorAlert, LoadMore, Loading, TableScroll } from '../ui.tsx';
import { DELIVERY_STATES, deliveryStateText, lastAnswerText } from '../webhook-words.ts';
import type { EndpointsQuery } from './webhook-endpoints.tsx';

/*
 * The webhook deliveries, newest first, a page at a time, optionally in one state
 * (docs/rules/webhooks.md#endpoints); a manager resends one: due now, its attempts afresh, the
 * same webhook-id.
 */

type Pages = InfiniteData<{ items: WebhookDelivery[]; nextCursor: string | null }>;

function ResendDelivery({
  delivery,
  state,
  onResent,
}: {
  delivery: WebhookDelivery;
  state: DeliveryState | '';
  onResent: () => void;
}) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => resendWebhookDelivery(delivery.id),
    onSuccess: (answer) => {
      // The row shows the delivery as the answer has it; a filtered list keeps it until refreshed.
      queryClient.setQueryData<Pages>(['webhook-deliveries', state], (current) =>
        current
          ? {
              ...current,
              pages: current.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === answer.id ? answer : item)),
              })),
            }
          : current,
      );
      onResent();
    },
  });
  return (
    <>
      <Button variant="secondary" busy={resend.isPending} onClick={() => resend.mutate()}>
        Resend
      </Button>
      <ErrorAlert error={resend.error} />
    </>
  );
}

export function WebhookDeliveries({ endpoints }: { endpoints: EndpointsQuery }) {
  const { isManager } = useOperator();
  const queryClient = useQueryClient();
  const [state, setState] = useState<DeliveryState | ''>('');
  const [said, setSaid] = useState('');
  const deliveries = useInfiniteQuery({
    queryKey: ['webhook-deliveries', state],
    queryFn: ({ pageParam }) => fetchWebhookDeliveries(state, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const urls = new Map(
    (endpoints.data?.items ?? []).map((endpoint) => [endpoint.id, endpoint.url]),
  );
  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="webhook-deliveries" className="console-section">
      <h2 id="webhook-deliveries" className="console-subtitle">
        Deliveries
      </h2>
      <div className="console-filters">
        <Field label="State">
          {(control) => (
            <select
              {...control}
              className="input"
              value={state}
              onChange={(event) => setState(event.target.value as DeliveryState | '')}
            >
              <option value="">Any state</option>
              {DELIVERY_STATES.map((value) => (
                <option key={value} value={value}>
                  {deliveryStateText(value)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="console-filters__go">
          <Button
            variant="secondary"
            busy={deliveries.isRefetching}
            onClick={() => void queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] })}
          >
            Refresh
          </Button>
        </div>
      </div>
      {/* Always present, so a screen reader hears what is put in it. */}
      <p role="status" aria-live="polite" className="console-muted">
        {said}
      </p>
      <ErrorAlert error={deliveries.error} />
      {deliveries.isPending ? (
        <Loading>Loading deliveries…</Loading>
      ) : items.length === 0 ? (
        !deliveries.isError && (
          <Empty>{state ? 'No deliveries in this state.' : 'No deliveries yet.'}</Empty>
        )
      ) : (
        <TableScroll label="Deliveries">
          <table className="console-table">
            <caption className="visually-hidden">Deliveries</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Order or lead</th>
                <th scope="col">Endpoint</th>
                <th scope="col">Sequence</th>
                <th scope="col">State</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">Created</th>
                {isManager && <th scope="col">Action</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    <code>{delivery.type}</code>
                  </td>
                  <td>
                    {delivery.orderId ? (
                      <Link to={`/admin/orders/${encodeURIComponent(delivery.orderId)}`}>
                        {delivery.reference ?? delivery.orderId}
                      </Link>
                    ) : (
                      'Lead'
                    )}
                  </td>
                  <td>
                    <code>{urls.get(delivery.endpointId) ?? delivery.endpointId}</code>
                  </td>
                  <td>{delivery.sequence}</td>
                  <td>{deliveryStateText(delivery.state)}</td>
                  <td>{delivery.attempts}</td>
                  <td>{lastAnswerText(delivery)}</td>
                  <td>{whenText(delivery.created)}</td>
                  {isManager && (
                    <td>
                      <ResendDelivery
                        delivery={delivery}
                        state={state}
                        onResent={() => setSaid('Sent again: due now')}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <LoadMore list={deliveries} />
    </section>
  );
}
