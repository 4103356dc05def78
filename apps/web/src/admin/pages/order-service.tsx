import type { AdminOrderAnswer, ServiceStatus } from '@fibre/domain/api';
import { nextServiceStatuses } from '@fibre/domain/install';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { setServiceStatus } from '../../shared/api/admin-orders.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Field } from '../../shared/ui/field.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { serviceLabel, whenText } from '../format.ts';

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
  return (
    <ConfirmDialog
      trigger={<Button variant="secondary">Set service status</Button>}
      open={open}
      onOpenChange={(next) => {
        if (next) {
          set.reset();
          setStatus(steps[0]!);
        }
        setOpen(next);
      }}
      title="Set service status"
      confirm="Set status"
      cancel="Close"
      busy={set.isPending}
      error={set.error}
      onConfirm={() => set.mutate()}
    >
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
    </ConfirmDialog>
  );
}
