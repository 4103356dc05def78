import { arrivalWindowText, dateLabel } from '@fibre/domain/scheduling';
import { HoldExtension } from '../../hold/hold-extension.tsx';
import { spentExtension } from '../../hold/extension-memory.ts';
import { HoldTimer } from '../../hold/hold-timer.tsx';
import { ReservationTimedOutDialog } from '../../hold/reservation-timed-out-dialog.tsx';
import { useHoldCountdown } from '../../hold/use-hold-countdown.ts';
import { useDispatch, useWizard } from '../../store/store-context.tsx';

// The hold's countdown ticks once a second: its own components, so a tick draws the timer and the
// dialog only, not the whole step (bench/README.md, INP on the payment form). On a phone it stays
// in view, compact, with 'Need more time?' under it, while the visitor scrolls down to the
// agreements (docs/rules/installation-and-holds.md#what-the-visitor-sees).
export function PaymentHoldTimer({ timeZone }: { timeZone: string }) {
  const { reservation, slot } = useWizard().reservations;
  const secondsLeft = useHoldCountdown(reservation?.expires_at ?? null);
  if (!slot || secondsLeft === null || secondsLeft <= 0) return null;
  return (
    <div className="payment__hold">
      <HoldTimer
        secondsLeft={secondsLeft}
        offerAtMinute={reservation !== null && spentExtension(reservation.reservation_id) === null}
        what={`${dateLabel(slot.start, timeZone)}, ${arrivalWindowText(slot.start, slot.end, timeZone)}`}
      />
      <HoldExtension secondsLeft={secondsLeft} timeZone={timeZone} />
    </div>
  );
}

export function PaymentTimedOutDialog({ back }: { back: () => void }) {
  const { reservation } = useWizard().reservations;
  const dispatch = useDispatch();
  const secondsLeft = useHoldCountdown(reservation?.expires_at ?? null);
  return (
    <ReservationTimedOutDialog
      open={reservation !== null && secondsLeft === 0}
      onSelectNewTime={() => {
        dispatch({ type: 'reservations/changed', change: { to: 'lost' } });
        back();
      }}
    />
  );
}
