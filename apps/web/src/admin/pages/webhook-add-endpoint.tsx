import { EVENT_TYPES, type EventType } from '@fibre/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createWebhookEndpoint } from '../../shared/api/admin-webhooks.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Field } from '../../shared/ui/field.tsx';
import { ErrorAlert } from '../ui.tsx';
import { ENDPOINT_FIELDS, endpointFieldErrors } from '../webhook-words.ts';

/*
 * A manager adds a webhook endpoint (docs/rules/webhooks.md#endpoints): its URL, a description and
 * the types it takes (none ticked: all). The server's refusal shows on each field, the first
 * focused; the endpoint's secret is shown once, to copy.
 */

type Created = Awaited<ReturnType<typeof createWebhookEndpoint>>;

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

export function AddEndpoint() {
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
