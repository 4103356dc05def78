import { monthKeyOf, type DayKey } from '@fibre/domain/scheduling';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { bookingsQuery } from '../../../shared/booking-calendar/bookings-query.ts';
import { addMonths } from '../../../shared/booking-calendar/month-keys.ts';

// Windows are offered up to a year ahead (docs/rules/installation-and-holds.md).
const MONTHS_AHEAD = 12;

/**
 * The months on show and their free windows, from the page's query cache by (provider, state,
 * month); the month after the one on show is fetched before the visitor moves on to it. The month
 * on show is this screen's own: it opens on `opening`'s month, else this one.
 */
export function useShownMonths(
  provider: string,
  region: string,
  timeZone: string,
  opening: DayKey | null,
) {
  const queryClient = useQueryClient();
  const [thisMonth] = useState(() => monthKeyOf(Date.now(), timeZone));
  const lastMonth = addMonths(thisMonth, MONTHS_AHEAD);
  const [month, setMonth] = useState(() => opening?.slice(0, 7) ?? thisMonth);
  const shown = useQuery(bookingsQuery(provider, region, timeZone, month));

  const following = addMonths(month, 1);
  useEffect(() => {
    if (following > lastMonth) return;
    void queryClient.prefetchQuery(bookingsQuery(provider, region, timeZone, following));
  }, [queryClient, provider, region, timeZone, following, lastMonth]);

  const available = useMemo(() => new Set<DayKey>(shown.data?.keys()), [shown.data]);
  // Nothing is known yet of the months on show (their first answer has not arrived): their days
  // can be chosen, and a choice waits for the answer. A refresh keeps the old answer on show.
  const datesUnknown = shown.data === undefined && !shown.isError;
  const loading = shown.isFetching;

  return {
    thisMonth,
    lastMonth,
    month,
    setMonth,
    available,
    datesUnknown,
    loading,
    /** The windows could not be loaded: an alert with Try again. */
    failed: shown.isError && !loading,
  };
}
