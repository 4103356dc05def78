import type { Address } from '@fibre/domain/address';
import type { Reservation } from '@fibre/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { serverSentence } from '../../../shared/api/messages.ts';
import { createReservation, releaseReservation } from '../../../shared/api/scheduling.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import type { HeldSlot } from '../../store/state.ts';
import { useDispatch, useWizard } from '../../store/store-context.tsx';
import type { WindowSlot } from '../../../shared/booking-calendar/time-windows.tsx';

/** A hold that was not granted; after a 429, with the server's own message to show. */
class HoldRefused extends Error {
  constructor(readonly refusal: string | null) {
    super(refusal ?? 'hold refused');
  }
}

interface HoldAsked {
  slot: WindowSlot;
  /** The hold the visitor had when they chose: let go once this one is answered. */
  previous: Reservation | null;
  formattedAddress: string;
}

// One scope: a second choice waits until the first is answered, so the server sees the visitor's
// holds in the order they were chosen (a new hold releases the session's previous one).
const HOLD = { mutationKey: ['hold'], scope: { id: 'hold' } };

/**
 * The visitor's hold (docs/rules/installation-and-holds.md): choosing a window holds it (POST
 * reservations, a mutation) and releases the hold the visitor had before. A failed hold (409
 * 'reservation taken', or any other failure) clears the reservation and `onLost` loads the windows
 * again; after a 429 the alert says the server's message (docs/decisions/010-limits.md).
 *
 * Late answers: holds run one after another (one mutation scope). An answer that arrives once a
 * newer choice is waiting behind it is not kept: that hold is released and the newer one decides.
 * An answer that arrives after the visitor left the step is kept here; if they went back past
 * Installation, the shell lets it go (shell/step-history.tsx). A hold for another address is let go.
 */
export function useHold(address: Address, onLost: () => void) {
  const { site } = useConfig();
  const { reservations } = useWizard();
  const dispatch = useDispatch();
  const queryClient = useQueryClient();

  const release = useMutation({
    mutationKey: ['hold', 'release'],
    mutationFn: (reservation: Reservation) =>
      releaseReservation(site.provider, reservation.reservation_id),
  });
  const releaseHold = release.mutate;

  // Whether a newer choice waits behind the answer being read (still pending itself).
  const superseded = () =>
    queryClient.isMutating({ mutationKey: HOLD.mutationKey, exact: true }) > 1;

  const hold = useMutation({
    ...HOLD,
    mutationFn: async ({ slot }: HoldAsked) => {
      const askedAt = Date.now();
      const answer = await createReservation(site.provider, {
        booking_id: slot.booking_id,
        start: slot.start,
        end: slot.end,
      });
      if (!answer.ok) throw new HoldRefused(serverSentence(answer));
      const { reservation_id, event_id, expires_at } = answer.data;
      if (typeof reservation_id !== 'string' || typeof event_id !== 'string') {
        throw new HoldRefused(null);
      }
      // The countdown runs on this device's clock. The server's expires_at is on its own clock,
      // and a visitor's clock can be minutes out; the hold's length, counted from when it was
      // asked for, is right on any clock and ends no later than the server's.
      const expiresAt =
        site.holdSeconds > 0
          ? new Date(askedAt + site.holdSeconds * 1000).toISOString()
          : expires_at;
      return { reservation_id, event_id, expires_at: expiresAt };
    },
    onSuccess: (reservation, { slot, previous, formattedAddress }) => {
      if (superseded()) {
        releaseHold(reservation);
        return;
      }
      if (previous) releaseHold(previous);
      const held: HeldSlot = {
        booking_id: slot.booking_id,
        start: slot.start,
        end: slot.end,
        formattedAddress,
      };
      dispatch({ type: 'reservations/changed', change: { to: 'held', reservation, slot: held } });
    },
    onError: (_error, { previous }) => {
      if (superseded()) return;
      if (previous) releaseHold(previous);
      dispatch({ type: 'reservations/changed', change: { to: 'lost' } });
      onLost();
    },
  });

  // A hold made for another address (the visitor went back and checked a new one) is let go.
  const heldElsewhere =
    reservations.slot !== null && reservations.slot.formattedAddress !== address.formatted_address;
  const stale = heldElsewhere ? reservations.reservation : null;
  useEffect(() => {
    if (!heldElsewhere) return;
    if (stale) releaseHold(stale);
    dispatch({ type: 'reservations/changed', change: { to: 'released' } });
  }, [heldElsewhere, stale, releaseHold, dispatch]);

  const reservation = heldElsewhere ? null : reservations.reservation;
  const slot = reservation ? reservations.slot : null;
  const pending = hold.isPending ? hold.variables.slot : null;

  /** Holds a window; choosing the held window, or the one being held, does nothing. */
  function choose(chosen: WindowSlot) {
    if (slot?.booking_id === chosen.booking_id && !pending) return;
    if (pending?.booking_id === chosen.booking_id) return;
    hold.mutate({
      slot: chosen,
      previous: reservation,
      formattedAddress: address.formatted_address,
    });
  }

  return {
    reservation,
    /** The held window, while a hold exists. */
    slot,
    pendingId: pending?.booking_id ?? null,
    /** The danger alert's text after a 429 (otherwise the alert says the window is gone). */
    refusal: hold.error instanceof HoldRefused ? hold.error.refusal : null,
    lost: reservations.lost,
    choose,
  };
}
