import { dayKeyLabel, type DayKey, type MonthKey } from '@fibre/domain/scheduling';
import { BOOKING_WINDOW_MONTHS } from '@fibre/domain/shared';
import { useQuery } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { bookingsQuery } from '../../../shared/booking-calendar/bookings-query.ts';
import { addMonths } from '../../../shared/booking-calendar/month-keys.ts';
import { useDispatch } from '../../store/store-context.tsx';
import { text } from './text.ts';

const monthOf = (day: DayKey): MonthKey => day.slice(0, 7);

interface DayChoiceOptions {
  provider: string;
  region: string;
  timeZone: string;
  /** The first month on show. */
  month: MonthKey;
  /** The day in the store. */
  day: DayKey | null;
  datesUnknown: boolean;
  available: ReadonlySet<DayKey>;
  loading: boolean;
  windowsRef: RefObject<HTMLDivElement | null>;
}

/**
 * Each day taken: once it is drawn, its windows are brought into view. On a phone the windows are
 * below two months of calendar: once the day taken is drawn (the transition that takes it has
 * committed, however long a busy CPU took), they are scrolled into view.
 */
function useRevealWindows(windowsRef: RefObject<HTMLDivElement | null>) {
  const [reveals, setReveals] = useState(0);
  useEffect(() => {
    if (reveals === 0) return;
    const list = windowsRef.current;
    if (!list) return;
    const { top, bottom } = list.getBoundingClientRect();
    if (top > window.innerHeight - 120 || bottom < 0) {
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      list.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    }
  }, [reveals, windowsRef]);
  return useCallback(() => setReveals((n) => n + 1), []);
}

/**
 * A day pressed (docs/rules/installation-and-holds.md, the calendar): taken into the store with
 * its windows brought into view, refused when it has no free window, or, pressed while the dates
 * on show are still loading, kept, and chosen or refused once its month's answer arrives.
 */
export function useDayChoice({
  provider,
  region,
  timeZone,
  month,
  day,
  datesUnknown,
  available,
  loading,
  windowsRef,
}: DayChoiceOptions) {
  const dispatch = useDispatch();
  // A day pressed while the dates on show are still loading (docs/rules/installation-and-holds.md,
  // the calendar: while the dates load).
  const [waiting, setWaiting] = useState<DayKey | null>(null);
  // A day kept that way which turned out to have no free window: the step says so.
  const [refused, setRefused] = useState<DayKey | null>(null);
  // The chosen (or kept) day's windows come from the answer that offered the day: the months on
  // show's, which covers them and the month after (one bookings call covers three months), or,
  // once the visitor has moved away from the day, its own month's. Read from another month's entry
  // (the next month's prefetch), an enabled day's windows came from a second answer, still on its
  // way or refused on a busy machine, and the day showed no window while the calendar offered it.
  const wanted = waiting ?? day;
  const covered = (date: DayKey) =>
    monthOf(date) >= month && monthOf(date) < addMonths(month, BOOKING_WINDOW_MONTHS);
  const ofDay = useQuery(
    bookingsQuery(provider, region, timeZone, wanted && !covered(wanted) ? monthOf(wanted) : month),
  );

  // Whether the months on show are known, and which days they offer, read by the (stable)
  // chooseDay below.
  const unknownRef = useRef(datesUnknown);
  unknownRef.current = datesUnknown;
  const availableRef = useRef(available);
  availableRef.current = available;

  const reveal = useRevealWindows(windowsRef);
  /** Takes the day into the store and brings its windows into view. */
  const takeDay = useCallback(
    (date: DayKey) => {
      // A transition (bench/README.md, INP on the calendar): drawing two months again for the new
      // day is React's dearest work on the step, and done at once it held the click's next frame
      // (some 280 ms on a phone's CPU) and any click after it. As a transition React draws it in
      // slices between frames and puts a later click (a window) before it.
      startTransition(() => {
        dispatch({ type: 'bookings/date', date });
        reveal();
      });
    },
    [dispatch, reveal],
  );

  // Stable, so the memoised calendar is not drawn again on every render.
  const chooseDay = useCallback(
    (date: DayKey) => {
      if (unknownRef.current) {
        setRefused(null);
        setWaiting(date);
        return;
      }
      setWaiting(null);
      // The refused day is still a button (its focus kept): pressed again, it says so again.
      if (!availableRef.current.has(date)) {
        setRefused(date);
        return;
      }
      setRefused(null);
      takeDay(date);
    },
    [takeDay],
  );

  // The kept day's month answered: the day is chosen when it has a free window, else refused (and
  // the step says so). A failed answer shows the failure's alert instead.
  useEffect(() => {
    if (!waiting) return;
    if (ofDay.data) {
      setWaiting(null);
      if (ofDay.data.get(waiting)?.length) takeDay(waiting);
      else setRefused(waiting);
    } else if (ofDay.isError) {
      setWaiting(null);
    }
  }, [waiting, ofDay.data, ofDay.isError, takeDay]);

  // The calendar's status line, read out as it changes.
  const status = refused
    ? text.noWindowsOn(dayKeyLabel(refused))
    : loading
      ? text.loadingDates
      : '';

  return { ofDay, waiting, refused, chooseDay, status };
}
