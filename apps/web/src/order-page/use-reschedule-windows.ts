import type { BookingSlot, OrderPageAnswer } from '@fibre/domain/api';
import { monthKeyOf, slotsOnDay, type DayKey, type MonthKey } from '@fibre/domain/scheduling';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useConfig } from '../shared/config/config-context.tsx';
import {
  bookingsKey,
  bookingsQuery,
  type SlotsByDay,
} from '../shared/booking-calendar/bookings-query.ts';
import { addMonths } from '../shared/booking-calendar/month-keys.ts';

// As the wizard: windows up to a year ahead (docs/rules/installation-and-holds.md).
const MONTHS_AHEAD = 12;
const DAY_MS = 24 * 3600_000;

/**
 * The free windows of the order's state, as the wizard offers them, less the current one and any
 * within 24 hours (the server refuses those): the month shown (opening on the current window's),
 * the following month fetched ahead, the day picked and its windows.
 */
export function useRescheduleWindows(order: OrderPageAnswer) {
  const { site } = useConfig();
  const queryClient = useQueryClient();
  const { state, time_zone: timeZone } = order.window;
  const currentStart = Date.parse(order.window.start);

  const [thisMonth] = useState(() => monthKeyOf(Date.now(), timeZone));
  const lastMonth = addMonths(thisMonth, MONTHS_AHEAD);
  const [month, setMonth] = useState<MonthKey>(() => {
    const current = monthKeyOf(currentStart, timeZone);
    return current < thisMonth ? thisMonth : current;
  });
  const [day, setDay] = useState<DayKey | null>(null);

  const shown = useQuery(bookingsQuery(site.provider, state, timeZone, month));
  const ofDay = useQuery(
    bookingsQuery(site.provider, state, timeZone, day ? (day.slice(0, 7) as MonthKey) : month),
  );
  const following = addMonths(month, 1);
  useEffect(() => {
    if (following > lastMonth) return;
    void queryClient.prefetchQuery(bookingsQuery(site.provider, state, timeZone, following));
  }, [queryClient, site.provider, state, timeZone, following, lastMonth]);

  // What can be offered: not the current window, nothing within 24 hours.
  const [earliest] = useState(() => Date.now() + DAY_MS);
  const offer = useMemo(() => {
    const keep = (slot: BookingSlot) => {
      const start = Date.parse(slot.start);
      return start !== currentStart && start > earliest;
    };
    return (byDay: SlotsByDay | undefined) => {
      const kept = new Map<DayKey, readonly BookingSlot[]>();
      for (const [key, slots] of byDay ?? []) {
        const free = slots.filter(keep);
        if (free.length > 0) kept.set(key, free);
      }
      return kept;
    };
  }, [currentStart, earliest]);
  const shownDays = useMemo(() => offer(shown.data), [offer, shown.data]);
  const available = useMemo(() => new Set<DayKey>(shownDays.keys()), [shownDays]);
  const windows = useMemo(
    () => (day ? slotsOnDay([...(offer(ofDay.data).get(day) ?? [])], day, timeZone) : []),
    [day, offer, ofDay.data, timeZone],
  );

  /** The windows loaded again: after a failed load, a change, or a refusal that changed them. */
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: bookingsKey(site.provider, state) });

  return {
    thisMonth,
    lastMonth,
    month,
    setMonth,
    day,
    setDay,
    shown,
    ofDay,
    available,
    windows,
    refresh,
  };
}
