import * as Dialog from '@radix-ui/react-dialog';
import { BACKDROP_FADE_MS, MODAL_FADE_MS } from '@fibre/domain/shared';
import { useRef, type CSSProperties, type ReactNode } from 'react';
import './modal.css';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The heading (docs/rules/wizard-flow.md: dialogs): the dialog's accessible name. */
  title: string;
  /** A sentence that describes the dialog; read after the title. */
  description?: ReactNode;
  children: ReactNode;
  /** A small badge above the title, e.g. a tick for good news. */
  icon?: ReactNode;
  tone?: 'neutral' | 'success' | 'warning';
  /** Where focus goes on close, when the element that opened the dialog cannot take it back. */
  returnFocus?: () => void;
}

// The fade timings (docs/rules/wizard-flow.md), from the domain, so the stylesheet cannot drift
// from them.
const timings = {
  '--modal-fade': `${MODAL_FADE_MS}ms`,
  '--backdrop-fade': `${BACKDROP_FADE_MS}ms`,
} as CSSProperties;

/**
 * The modal system: a Radix dialog (focus trapped and returned, Escape closes, the page behind is
 * inert) titled with its heading (docs/rules/wizard-flow.md: dialogs). Fades respect
 * prefers-reduced-motion (modal.css).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  icon,
  tone,
  returnFocus,
}: ModalProps) {
  // Radix gives focus back to a Dialog.Trigger; these dialogs open from the wizard's own
  // controls, so without this focus fell to the page body on close (issue 13: the router
  // compatibility dialog). The control focused when the dialog opened takes it back.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-backdrop" style={timings} />
        <Dialog.Content
          className={`modal modal--${tone ?? 'neutral'}`}
          style={timings}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            opener.current =
              active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocus) returnFocus();
            else if (opener.current?.isConnected) opener.current.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {icon && (
            <div className="modal__icon" aria-hidden="true">
              {icon}
            </div>
          )}
          <Dialog.Title className="modal__title">{title}</Dialog.Title>
          {description && (
            <Dialog.Description className="modal__description">{description}</Dialog.Description>
          )}
          <div className="modal__body">{children}</div>
          <Dialog.Close className="modal__close" aria-label="Close">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
