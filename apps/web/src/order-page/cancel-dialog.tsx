import { useEffect, useRef } from 'react';
import { Modal } from '../shared/modal/modal.tsx';
import { Alert } from '../shared/ui/alert.tsx';
import { Button } from '../shared/ui/button.tsx';
import { text } from './text.ts';
import { useOrderChange } from './use-order.ts';

interface Props {
  token: string;
  /** The window given up, as the page shows it. */
  when: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancelled: () => void;
  returnFocus?: () => void;
}

/**
 * "Cancel this order?" (docs/rules/order-page.md, Cancel): asked before the call; the order is
 * cancelled only by "Yes, cancel order", once, however often it is pressed.
 */
export function CancelDialog({ token, when, open, onOpenChange, onCancelled, returnFocus }: Props) {
  const { cancel } = useOrderChange(token);
  const errorRef = useRef<HTMLDivElement>(null);
  // A double click sends one request: the second press comes before the busy state renders.
  const sent = useRef(false);
  const { reset } = cancel;
  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);
  useEffect(() => {
    if (cancel.error) errorRef.current?.focus();
  }, [cancel.error]);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!cancel.isPending) onOpenChange(next);
      }}
      title={text.cancelDialogTitle}
      description={text.cancelDialogText(when)}
      tone="warning"
      {...(returnFocus ? { returnFocus } : {})}
    >
      {cancel.error && (
        <div ref={errorRef} tabIndex={-1} className="order-page__notice">
          <Alert tone="danger">
            <p>{cancel.error.message}</p>
          </Alert>
        </div>
      )}
      <div className="order-page__dialog-actions">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
          {text.keepOrder}
        </Button>
        <Button
          busy={cancel.isPending}
          onClick={() => {
            if (sent.current) return;
            sent.current = true;
            cancel.mutate(undefined, {
              onSuccess: onCancelled,
              onSettled: () => {
                sent.current = false;
              },
            });
          }}
        >
          {text.confirmCancel}
        </Button>
      </div>
    </Modal>
  );
}
