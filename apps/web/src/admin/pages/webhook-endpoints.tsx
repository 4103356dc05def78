import { EVENT_TYPES, type EventType, type WebhookEndpoint } from '@fibre/domain/api';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { fetchWebhookEndpoints } from '../../shared/api/admin-webhooks.ts';
import { createWebhookEndpoint, disableWebhookEndpoint } from '../../shared/api/admin-webhooks.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Field } from '../../shared/ui/field.tsx';
import { whenText } from '../format.ts';
import { useOperator } from '../session.tsx';
import { Empty, ErrorAlert, Loading, TableScroll } from '../ui.tsx';
import {
  ENDPOINT_FIELDS,
  endpointFieldErrors,
  endpointStateText,
  eventTypesText,
} from '../webhook-words.ts';

/*
 * The webhook endpoints (docs/rules/webhooks.md#endpoints): every operator reads the list; a
 * manager adds one (its secret shown once) and disables one after a confirmation. OPS_WEBHOOK_URL's
 * endpoint is listed as set in the environment, with no controls.
 */

type Created = Awaited<ReturnType<typeof createWebhookEndpoint>>;
export type EndpointsQuery = UseQueryResult<Awaited<ReturnType<typeof fetchWebhookEndpoints>>>;

/** The new endpoint's secret, this once, with a copy button. */
function SecretShownOnce({ made }: { made: Created }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="console-order-link console-section">
      <p>
        <strong>Endpoint added: {made.endpoint.url}</strong>
      </p>
      <p>
        Copy this secret now: you will not see it again. Your receiver verifies each delivery with
        it (Standard Webhooks).
      </p>
      <p>
        <code className="console-key">{made.secret}</code>
      </p>
      <Button
        variant="secondary"
        onClick={() =>
          void navigator.clipboard?.writeText(made.secret).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : 'Copy secret'}
      </Button>
    </div>
  );
}

function AddEndpoint() {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<EventType[]>([]);
  const refs = useRef<Partial<Record<(typeof ENDPOINT_FIELDS)[number], HTMLElement | null>>>({});
  const create = useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: async () => {
      setUrl('');
      setDescription('');
      setTypes([]);
      await queryClient.invalidateQueries({ queryKey: ['webhook-endpoints'] });
    },
  });
  const errors = endpointFieldErrors(create.error);
  const otherError = create.isError && Object.keys(errors).length === 0 ? create.error : null;
  // docs/rules/operator-console.md: a refused field takes the focus, the first in the form's order.
  useEffect(() => {
    const first = ENDPOINT_FIELDS.find((name) => errors[name]);
    if (first) refs.current[first]?.focus();
    // Once per refusal, not on every render while it shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [create.error]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      url: url.trim(),
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(types.length ? { eventTypes: types } : {}),
    });
  };
  const toggle = (type: EventType, on: boolean) =>
    setTypes((now) => (on ? [...now, type] : now.filter((t) => t !== type)));
  return (
    <section aria-labelledby="webhook-add" className="console-section">
      <h3 id="webhook-add" className="console-subtitle">
        Add an endpoint
      </h3>
      <form aria-label="Add endpoint" className="console-webhook-form" onSubmit={submit} noValidate>
        <Field
          label="URL"
          hint="Where each event is POSTed: https in production."
          error={errors.url}
        >
          {(control) => (
            <input
              {...control}
              ref={(el) => void (refs.current.url = el)}
              className="input"
              type="url"
              inputMode="url"
              maxLength={2000}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          )}
        </Field>
        <Field label="Description" optional error={errors.description}>
          {(control) => (
            <input
              {...control}
              ref={(el) => void (refs.current.description = el)}
              className="input"
              maxLength={200}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </Field>
        <fieldset
          className="console-checkboxes"
          aria-describedby={`webhook-types-hint${errors.eventTypes ? ' webhook-types-error' : ''}`}
          aria-invalid={errors.eventTypes ? true : undefined}
          ref={(el) => void (refs.current.eventTypes = el)}
          tabIndex={-1}
        >
          <legend className="field__label">Event types</legend>
          <p className="field__hint" id="webhook-types-hint">
            None ticked: all events, those added later too.
          </p>
          {EVENT_TYPES.map((type) => (
            <label key={type} className="console-checkbox">
              <input
                type="checkbox"
                checked={types.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />{' '}
              <code>{type}</code>
            </label>
          ))}
          {errors.eventTypes && (
            <p className="field__error" id="webhook-types-error">
              {errors.eventTypes}
            </p>
          )}
        </fieldset>
        <div className="console-actions">
          <Button type="submit" busy={create.isPending}>
            Add endpoint
          </Button>
        </div>
      </form>
      <ErrorAlert error={otherError} />
      {create.data && <SecretShownOnce made={create.data} />}
    </section>
  );
}

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
    <Dialog.Root open={open} onOpenChange={(next) => !disable.isPending && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" aria-label={`Disable ${endpoint.url}`}>
          Disable
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="console-overlay" />
        <Dialog.Content className="console-dialog">
          <Dialog.Title className="console-subtitle">Disable this endpoint?</Dialog.Title>
          <Dialog.Description>
            Nothing more is sent to {endpoint.url}, deliveries already waiting included. This cannot
            be undone: to receive events there again, add it again (with a new secret).
          </Dialog.Description>
          <ErrorAlert error={disable.error} />
          <div className="console-actions">
            <Button busy={disable.isPending} onClick={() => disable.mutate()}>
              Disable the endpoint
            </Button>
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={disable.isPending}>
                Keep it
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
                      {!endpoint.fromEnvironment && !endpoint.disabled && (
                        <DisableEndpoint endpoint={endpoint} />
                      )}
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
