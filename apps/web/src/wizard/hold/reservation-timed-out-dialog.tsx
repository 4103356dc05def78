import { messages } from '@fibre/domain/shared';
import { Modal } from '../../shared/modal/modal.tsx';
import { Button } from '../../shared/ui/button.tsx';

interface Props {
  open: boolean;
  /** Clears the booking and returns the visitor to choosing a time. */
  onSelectNewTime: () => void;
}

/** The badge of a dialog about a hold that ran out (here and at step 7). */
export function HoldOverIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" fill="none" aria-hidden="true">
      <circle cx="12" cy="13" r="8" stroke="currentColor" strokeWidth="2" />
      <path d="M12 9v4M9 2h6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The held slot expired; 'Select new time' clears the booking and goes back
 * (docs/rules/installation-and-holds.md).
 */
export function ReservationTimedOutDialog({ open, onSelectNewTime }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onSelectNewTime()}
      title={messages.reservationTimedOut}
      description="We could only hold your installation time for a limited time. Please choose a new time to continue."
      tone="warning"
      icon={<HoldOverIcon />}
    >
      <Button block onClick={onSelectNewTime}>
        Select new time
      </Button>
    </Modal>
  );
}
