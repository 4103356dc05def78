import { useId, useState } from 'react';
import { Modal } from '../../../shared/modal/modal.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { text } from './text.ts';

interface Props {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * docs/rules/plans-and-pricing.md: choosing to bring your own router asks for an acknowledgement of
 * the compatibility rules first; Confirm is enabled only once it is ticked.
 */
export function RouterDialog({ open, onCancel, onConfirm }: Props) {
  const [acknowledged, setAcknowledged] = useState(false);
  const id = useId();
  const close = () => {
    setAcknowledged(false);
    onCancel();
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={text.routerDialogTitle}
      description={text.routerDialogIntro}
    >
      <ul className="router-dialog__rules">
        <li>{text.routerNeedsWan}</li>
        <li>{text.routerNoCarrier}</li>
      </ul>
      <div className="router-dialog__ack">
        <input
          id={id}
          type="checkbox"
          checked={acknowledged}
          onChange={(event) => setAcknowledged(event.target.checked)}
        />
        <label htmlFor={id}>{text.routerAcknowledge}</label>
      </div>
      <div className="router-dialog__actions">
        <Button variant="secondary" onClick={close}>
          {text.cancel}
        </Button>
        <Button
          disabled={!acknowledged}
          onClick={() => {
            setAcknowledged(false);
            onConfirm();
          }}
        >
          {text.confirm}
        </Button>
      </div>
    </Modal>
  );
}
