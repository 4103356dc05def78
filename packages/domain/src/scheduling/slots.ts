import { arrivalWindowText, dayKeyOf, toInstant } from './dates.ts';
import type { DayKey } from './dates.ts';
import type { BookingSlot } from '../api/scheduling.ts';

/** Installation slots as the calendar shows them (docs/rules/installation-and-holds.md). */

const startMs = (slot: Pick<BookingSlot, 'start'>): number => toInstant(slot.start).getTime();

/**
 * docs/rules/installation-and-holds.md: slots with the same start are de-duplicated. Several crews
 * can offer the same window; the visitor picks a time, not a crew, so the first one offered is
 * kept. Starts are compared as instants: the scheduler may write one with +11:00 and another with
 * Z.
 */
export function dedupeSlotsByStart<T extends Pick<BookingSlot, 'start'>>(slots: readonly T[]): T[] {
  const seen = new Set<number>();
  return slots.filter((slot) => {
    const key = startMs(slot);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * docs/rules/installation-and-holds.md: results attach booking_id to matching slots. A slot is
 * matched by its id, which names one crew's window; matching by start would hand one crew's booking
 * to another crew's slot. Slots without a result keep what they had. Nothing is changed in place.
 */
export function attachBookingIds<T extends Pick<BookingSlot, 'id' | 'booking_id'>>(
  slots: readonly T[],
  results: readonly Pick<BookingSlot, 'id' | 'booking_id'>[],
): T[] {
  const bookingIdBySlot = new Map(results.map((result) => [result.id, result.booking_id]));
  return slots.map((slot) => {
    const bookingId = bookingIdBySlot.get(slot.id);
    return bookingId === undefined ? slot : { ...slot, booking_id: bookingId };
  });
}

/** The calendar days (in the address's zone) that have at least one slot. */
export function availableDays(
  slots: readonly Pick<BookingSlot, 'start'>[],
  timeZone: string,
): Set<DayKey> {
  return new Set(slots.map((slot) => dayKeyOf(slot.start, timeZone)));
}

/** The time windows of one calendar day, earliest first. */
export function slotsOnDay<T extends Pick<BookingSlot, 'start'>>(
  slots: readonly T[],
  day: DayKey,
  timeZone: string,
): T[] {
  return slots
    .filter((slot) => dayKeyOf(slot.start, timeZone) === day)
    .sort((a, b) => startMs(a) - startMs(b));
}

/**
 * The installation time is shown as a window, 'Arrival between 8:00am and 10:00am'
 * (docs/rules/installation-and-holds.md).
 */
export function slotLabel(slot: Pick<BookingSlot, 'start' | 'end'>, timeZone: string): string {
  return arrivalWindowText(slot.start, slot.end, timeZone);
}

/**
 * The chosen slot, kept in state as the wanted booking id (docs/rules/installation-and-holds.md).
 */
export function findSlotByBookingId<T extends Pick<BookingSlot, 'booking_id'>>(
  slots: readonly T[],
  bookingId: string | null,
): T | undefined {
  return bookingId ? slots.find((slot) => slot.booking_id === bookingId) : undefined;
}
