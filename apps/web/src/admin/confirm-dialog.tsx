import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { Button } from '../shared/ui/button.tsx';
import { ErrorAlert } from './ui.tsx';

interface ConfirmDialogProps {
  /** The control that opens the dialog (a Button); Radix gives focus back to it on close. */
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question: the dialog's accessible name. */
  title: ReactNode;
  /** What the action does, read after the title. */
  description?: ReactNode;
  /** Anything more the dialog asks or shows (a note, a list of what is kept). */
  children?: ReactNode;
  /** The confirm button's words. */
  confirm: string;
  /** The safe choice's words: it has the focus when the dialog opens, so Enter does not act. */
  cancel: string;
  /** The action loses something: the confirm button is styled as destructive. */
  destructive?: boolean;
  /** The action's request is running: confirm busy, nothing closes the dialog. */
  busy: boolean;
  /** The action's refusal, shown in the dialog. */
  error: unknown;
  /** False while what the dialog asks for is not given (a typed confirmation): confirm is disabled. */
  canConfirm?: boolean;
  onConfirm: () => void;
}

/**
 * The console's one confirmation (docs/rules/operator-console.md: confirmations): a Radix dialog
 * whose initial focus is on the safe choice, whose confirm is busy while its request runs and
 * whose refusal is shown inside it; Escape, the backdrop and the safe choice do not close it while
 * busy.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  children,
  confirm,
  cancel,
  destructive = false,
  busy,
  error,
  canConfirm = true,
  onConfirm,
}: ConfirmDialogProps) {
  const safe = useRef<HTMLButtonElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && canConfirm) onConfirm();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="console-overlay" />
        <Dialog.Content
          className="console-dialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            safe.current?.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="console-subtitle">{title}</Dialog.Title>
          {description && <Dialog.Description>{description}</Dialog.Description>}
          <form onSubmit={submit}>
            <ErrorAlert error={open ? error : null} />
            {children}
            <div className="console-actions">
              <Button
                type="submit"
                variant={destructive ? 'danger' : 'primary'}
                busy={busy}
                disabled={!canConfirm}
              >
                {confirm}
              </Button>
              <Dialog.Close asChild>
                <Button ref={safe} variant="secondary" disabled={busy}>
                  {cancel}
                </Button>
              </Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
