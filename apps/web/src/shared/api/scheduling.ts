import { bookingSlotsAnswer, reservationAnswer, type ReservationBody } from '@fibre/domain/api';
import type { BookingWindow } from '@fibre/domain/scheduling';
import { holdSessionHeader } from './hold-session.ts';
import { del, get, noBody, post, type Options } from './client.ts';

/*
 * The installation's calls (docs/rules/api.md, docs/rules/installation-and-holds.md): free slots,
 * and holding, extending and releasing a window under the tab's hold session.
 */

const enc = encodeURIComponent;

export type { ReservationBody };

/** Free installation slots of a state, one per free crew (the wizard de-duplicates by start). */
export const fetchBookingSlots = (
  provider: string,
  state: string,
  { from, to }: BookingWindow,
  o?: Options,
) =>
  get(
    `/api/v1/${enc(provider)}/bookings/${enc(state)}?from=${enc(from)}&to=${enc(to)}`,
    bookingSlotsAnswer,
    o,
  );

/**
 * Holds a slot's window; 409 'reservation taken' when it is full, 429 with a message to show when
 * this address holds or asks too much. Under the tab's hold session, so it releases the one before.
 */
export const createReservation = (provider: string, body: ReservationBody, o?: Options) =>
  post(`/api/v1/${enc(provider)}/reservations`, body, reservationAnswer, {
    ...o,
    headers: { ...o?.headers, ...holdSessionHeader() },
  });

/**
 * Renews the held window once for another hold period (docs/rules/installation-and-holds.md,
 * Extending a hold); a second try, or a hold no longer held, answers 409. Only the hold's session
 * may.
 */
export const extendReservation = (provider: string, reservationId: string) =>
  post(
    `/api/v1/${enc(provider)}/reservations/${enc(reservationId)}/extend`,
    {},
    reservationAnswer,
    { headers: holdSessionHeader() },
  );

/** Releases a held window; releasing twice is harmless. Only the hold's session may. */
export const releaseReservation = (provider: string, reservationId: string, o?: Options) =>
  del(`/api/v1/${enc(provider)}/reservations/${enc(reservationId)}`, noBody, {
    ...o,
    headers: { ...o?.headers, ...holdSessionHeader() },
  });
