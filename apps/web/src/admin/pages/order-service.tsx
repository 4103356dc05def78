import type { AdminOrderAnswer, ServiceStatus } from '@fibre/domain/api';
import { nextServiceStatuses } from '@fibre/domain/install';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { setServiceStatus } from '../../shared/api/admin-orders.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Field } from '../../shared/ui/field.tsx';
import { serviceLabel, whenText } from '../format.ts';
import { ErrorAlert } from '../ui.tsx';

/*
 * Where the service is after installation (docs/rules/orders.md#service-status): the order's
 * details say it; a manager moves a confirmed order's service one of its allowed steps, and the
 * server's refusal (before the window, say) shows in the dialog.
 */

/** 'Installed, since 3 Dec 2026, 2:47 pm AEDT. Note: Fitted by Sam' or 'Not yet installed'. */
export function serviceText(service: AdminOrderAnswer['service']): string {
  const since = service.changed ? `, since ${whenText(service.changed)}` : '';
  const note = service.note ? `. Note: ${service.note}` : '';
  return `${serviceLabel(service.status)}${since}${note}`;
}

/** Whether a manager is offered the control: a confirmed order with a step left to take. */
export const canSetService = (order: Pick<AdminOrderAnswer, 'status' | 'service'>) =>
  order.status === 'confirmed' && nextServiceStatuses(order.service.status).length > 0;

export function SetServiceStatus({ order }: { order: AdminOrderAnswer }) {
  const queryClient = useQueryClient();
  const steps = nextServiceStatuses(order.service.status);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<ServiceStatus>(steps[0]!);
  const [note, setNote] = useState('');
  const set = useMutation({
    mutationFn: () =>
      setServiceStatus(order.id, { status, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: (answer) => {
      queryClient.setQueryData(['order', order.id], answer);
      setOpen(false);
      setNote('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set.mutate();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (set.isPending) return;
        if (next) {
          set.reset();
          setStatus(steps[0]!);
        }
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="secondary">Set service status</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="console-overlay" />
        <Dialog.Content className="console-dialog" aria-describedby={undefined}>
          <Dialog.Title className="console-subtitle">Set service status</Dialog.Title>
          <form onSubmit={submit}>
            <ErrorAlert error={set.error} />
            <fieldset className="console-checkboxes">
              <legend className="field__label">
                The service is {serviceLabel(order.service.status).toLowerCase()}: it is now
              </legend>
              {steps.map((step) => (
                <label key={step} className="console-checkbox">
                  <input
                    type="radio"
                    name="service-status"
                    value={step}
                    checked={status === step}
                    onChange={() => setStatus(step)}
                  />{' '}
                  {serviceLabel(step)}
                </label>
              ))}
            </fieldset>
            <Field label="Note" optional>
              {(control) => (
                <textarea
                  {...control}
                  className="input"
                  rows={3}
                  maxLength={1000}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                />
              )}
            </Field>
            <div className="console-actions">
              <Button type="submit" busy={set.isPending}>
                Set status
              </Button>
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={set.isPending}>
                  Close
                </Button>
              </Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
