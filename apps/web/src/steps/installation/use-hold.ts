import type { BookingSlot, Reservation } from '@fibre/domain';
import { useRef, useState } from 'react';
import { createReservation, releaseReservation } from '../../app/api/endpoints.ts';
import { useConfig } from '../../app/config/config-context.tsx';
import { useDispatch, useLatestWizard } from '../../app/store/store-context.tsx';

function isReservation(data: unknown): data is Reservation {
  const r = data as Partial<Reservation> | null;
  return (
    typeof r?.reservation_id === 'string' &&
    typeof r.event_id === 'string' &&
    typeof r.expires_at === 'string'
  );
}

/**
 * Choosing a window holds it (POST reservations) and releases the hold the visitor had before. A
 * failed hold (409 'reservation taken', or any other failure) clears the reservation
 * (docs/rules/installation-and-holds.md): the step shows the danger alert and loads the windows
 * again; after a 429 the alert says the server's message (docs/decisions/010-limits.md).
 */
export function useHold(onLost: () => void) {
  const { site } = useConfig();
  const latest = useLatestWizard();
  const dispatch = useDispatch();
  const running = useRef(false);
  const [pendingId, setPendingId] = useState<string | null>(null);
  // A 429's own message (too many holds from this address), shown instead of 'not available'.
  const [refusal, setRefusal] = useState<string | null>(null);

  const release = (reservation: Reservation | null) => {
    if (reservation) void releaseReservation(site.provider, reservation.reservation_id);
  };

  async function hold(slot: Pick<BookingSlot, 'booking_id' | 'start' | 'end'>) {
    const state = latest.current;
    const address = state.address.value;
    const previous = state.reservations.reservation;
    if (running.current || !address) return;
    if (previous && state.reservations.slot?.booking_id === slot.booking_id) return;
    running.current = true;
    setPendingId(slot.booking_id);
    setRefusal(null);
    dispatch({ type: 'reservations/holding' });
    const askedAt = Date.now();
    const answer = await createReservation(site.provider, {
      booking_id: slot.booking_id,
      start: slot.start,
      end: slot.end,
    });
    running.current = false;
    setPendingId(null);
    release(previous);
    if (!answer.ok || !isReservation(answer.data)) {
      if (!answer.ok && answer.status === 429) setRefusal(answer.message);
      dispatch({ type: 'reservations/failed' });
      onLost();
      return;
    }
    // The countdown runs on this device's clock. The server's expires_at is on its own clock, and
    // a visitor's clock can be minutes out; the hold's length, counted from when it was asked
    // for, is right on any clock and ends no later than the server's.
    const expiresAt =
      site.holdSeconds > 0
        ? new Date(askedAt + site.holdSeconds * 1000).toISOString()
        : answer.data.expires_at;
    dispatch({
      type: 'reservations/held',
      reservation: { ...answer.data, expires_at: expiresAt },
      slot: {
        booking_id: slot.booking_id,
        start: slot.start,
        end: slot.end,
        formattedAddress: address.formatted_address,
      },
    });
  }

  return { hold, pendingId, release, refusal };
}
