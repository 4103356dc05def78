import type { BookingSlot } from '@fibre/domain/api';
import {
  bookingMonthWindow,
  dayKeyOf,
  dedupeSlotsByStart,
  type DayKey,
  type MonthKey,
} from '@fibre/domain/scheduling';
import { queryOptions } from '@tanstack/react-query';
import { fetchBookingSlots } from '../api/scheduling.ts';

/** A month's free windows by day, 'YYYY-MM-DD' in the address's zone, earliest first. */
export type SlotsByDay = ReadonlyMap<DayKey, readonly BookingSlot[]>;

/** Every month's bookings of a state: what a refresh (a window taken meanwhile) loads again. */
export const bookingsKey = (provider: string, state: string) => ['bookings', provider, state];

/**
 * One month of free installation windows in the page's query cache, keyed by (provider, state,
 * month): an answer only ever fills its own month, so a late answer for a month the visitor has
 * left is never shown for another. The call covers the month and the two after it
 * (docs/rules/installation-and-holds.md, `bookingMonthWindow`), so the two months on show come from
 * one entry. Several crews can offer the same window: slots are de-duplicated by start, and each
 * slot's day is worked out once per answer (a zoned date is dear: hundreds of slots took a busy
 * machine seconds when every click sorted them all again). The zone follows from the state.
 */
export function bookingsQuery(provider: string, state: string, timeZone: string, month: MonthKey) {
  return queryOptions({
    queryKey: [...bookingsKey(provider, state), month],
    queryFn: async ({ signal }): Promise<SlotsByDay> => {
      const window = bookingMonthWindow(month, timeZone);
      const answer = await fetchBookingSlots(provider, state, window, { signal });
      if (!answer.ok || !Array.isArray(answer.data.booking_slots)) {
        throw new Error(answer.ok ? 'bookings: no booking_slots' : answer.message);
      }
      const byDay = new Map<DayKey, BookingSlot[]>();
      for (const slot of dedupeSlotsByStart(answer.data.booking_slots)) {
        const day = dayKeyOf(slot.start, timeZone);
        byDay.set(day, [...(byDay.get(day) ?? []), slot]);
      }
      return byDay;
    },
  });
}
