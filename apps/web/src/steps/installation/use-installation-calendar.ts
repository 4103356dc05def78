import type { Address } from '@fibre/domain/address';
import { firstIssues, installationSchema } from '@fibre/domain/contact';
import {
  dayKeyLabel,
  dayKeyOf,
  dedupeSlotsByStart,
  firstBookableDay,
  monthKeyOf,
  slotsOnDay,
  stateTimeZone,
  type DayKey,
  type MonthKey,
} from '@fibre/domain/scheduling';
import { BOOKING_WINDOW_MONTHS } from '@fibre/domain/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useDispatch, useStepNavigation, useWizard } from '../../shared/store/store-context.tsx';
import { bookingsKey, bookingsQuery } from '../../shared/booking-calendar/bookings-query.ts';
import { addMonths } from '../../shared/booking-calendar/month-keys.ts';
import { text } from './text.ts';
import type { WindowSlot } from '../../shared/booking-calendar/time-windows.tsx';
import { useHold } from './use-hold.ts';

// Windows are offered up to a year ahead (docs/rules/installation-and-holds.md).
const MONTHS_AHEAD = 12;

const monthOf = (day: DayKey): MonthKey => day.slice(0, 7);

/**
 * The installation calendar's one owner (docs/rules/installation-and-holds.md): the month on show,
 * the day chosen, that day's windows, the hold, and the loading, failed and lost states. The step
 * and its parts only render what this returns.
 *
 * Where each part lives: the free windows are server data, in the page's query cache by (provider,
 * state, month), the next month fetched ahead; the day chosen and the hold are the visitor's
 * choices, in the store (they survive going back and a reload; the hold's countdown goes on); the
 * month on show and the Continue presses are this screen's own.
 */
export function useInstallationCalendar(address: Address) {
  const { site } = useConfig();
  const { provider } = site;
  const { bookings } = useWizard();
  const dispatch = useDispatch();
  const { next } = useStepNavigation();
  const queryClient = useQueryClient();
  const ids = useId();
  const calendarRef = useRef<HTMLDivElement>(null);
  const windowsRef = useRef<HTMLDivElement>(null);
  const region = address.state;
  const timeZone = stateTimeZone(region);

  /** Loads every month again, keeping the old windows on show until the new ones arrive. */
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: bookingsKey(provider, region) }),
    [queryClient, provider, region],
  );
  const hold = useHold(address, refresh);
  const held = hold.slot;
  const heldDay = held ? dayKeyOf(held.start, timeZone) : null;
  const day = bookings.date;

  const [thisMonth] = useState(() => monthKeyOf(Date.now(), timeZone));
  const lastMonth = addMonths(thisMonth, MONTHS_AHEAD);
  const [month, setMonth] = useState(() => (day ?? heldDay)?.slice(0, 7) ?? thisMonth);
  const shown = useQuery(bookingsQuery(provider, region, timeZone, month));
  // Worked out on each render, not once: a tab left open past midnight moves it on.
  const firstDay = firstBookableDay(Date.now(), timeZone);
  // A day pressed while the dates on show are still loading: kept, and chosen or refused once its
  // month's answer arrives (docs/rules/installation-and-holds.md, the calendar: while the dates
  // load).
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
  // Nothing is known yet of the months on show (their first answer has not arrived): their days
  // can be chosen, and a choice waits for the answer. A refresh keeps the old answer on show.
  const datesUnknown = shown.data === undefined && !shown.isError;

  // The month after the one on show is fetched before the visitor moves on to it.
  const following = addMonths(month, 1);
  useEffect(() => {
    if (following > lastMonth) return;
    void queryClient.prefetchQuery(bookingsQuery(provider, region, timeZone, following));
  }, [queryClient, provider, region, timeZone, following, lastMonth]);

  const available = useMemo(() => new Set<DayKey>(shown.data?.keys()), [shown.data]);
  // The held window stays listed even once no other crew is free. Worked out when the day or the
  // windows change, not on every render (the countdown renders every second).
  const windows: WindowSlot[] = useMemo(() => {
    if (!day) return [];
    const listed: WindowSlot[] = [...(ofDay.data?.get(day) ?? []), ...(held ? [held] : [])];
    return slotsOnDay(dedupeSlotsByStart(listed), day, timeZone);
  }, [day, ofDay.data, held, timeZone]);

  const loading = shown.isFetching;
  const failed = shown.isError && !loading;

  // Continue: 'Please select an installation date', then '... time.' (errors show once pressed).
  const [presses, setPresses] = useState(0);
  const choices = { date: day, bookingId: held?.booking_id ?? null };
  const errors = presses > 0 ? firstIssues(installationSchema.safeParse(choices)) : {};
  const dateErrorId = errors.date ? `${ids}-date-error` : undefined;
  const timeErrorId = errors.bookingId ? `${ids}-time-error` : undefined;
  useEffect(() => {
    if (presses === 0) return;
    const scope = errors.date ? calendarRef.current : windowsRef.current;
    const messageId = errors.date ? dateErrorId : timeErrorId;
    // The first choice the message is about; while there is none to make (the dates are still
    // loading), the message itself: never a control that does nothing, like a month arrow that is
    // only aria-disabled.
    const target =
      scope?.querySelector<HTMLElement>(
        'button[aria-describedby]:not(:disabled):not([aria-disabled="true"])',
      ) ?? (messageId ? document.getElementById(messageId) : null);
    target?.focus();
    // Keyed on the presses of Continue only: the errors changing as the visitor chooses must not
    // move their focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a press of Continue only, as above
  }, [presses]);

  // Whether the months on show are known, and which days they offer, read by the (stable)
  // chooseDay below.
  const unknownRef = useRef(datesUnknown);
  unknownRef.current = datesUnknown;
  const availableRef = useRef(available);
  availableRef.current = available;

  // Each day taken: once it is drawn, its windows are brought into view (the effect below).
  const [reveals, setReveals] = useState(0);
  /** Takes the day into the store and brings its windows into view. */
  const takeDay = useCallback(
    (date: DayKey) => {
      // A transition (bench/README.md, INP on the calendar): drawing two months again for the new
      // day is React's dearest work on the step, and done at once it held the click's next frame
      // (some 280 ms on a phone's CPU) and any click after it. As a transition React draws it in
      // slices between frames and puts a later click (a window) before it.
      startTransition(() => {
        dispatch({ type: 'bookings/date', date });
        setReveals((n) => n + 1);
      });
    },
    [dispatch],
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

  // On a phone the windows are below two months of calendar: once the day taken is drawn (the
  // transition above has committed, however long a busy CPU took), they are scrolled into view.
  useEffect(() => {
    if (reveals === 0) return;
    const list = windowsRef.current;
    if (!list) return;
    const { top, bottom } = list.getBoundingClientRect();
    if (top > window.innerHeight - 120 || bottom < 0) {
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      list.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    }
  }, [reveals]);

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
  const shownDay = waiting ?? refused ?? day;

  return {
    timeZone,
    /** The zone's city, as the step names it: 'Sydney'. */
    city: timeZone.split('/')[1]?.replace(/_/g, ' ') ?? timeZone,
    calendar: {
      ref: calendarRef,
      month,
      onMonthChange: setMonth,
      firstMonth: thisMonth,
      lastMonth,
      selected: waiting ?? day,
      onSelect: chooseDay,
      held: heldDay,
      available,
      firstDay,
      loading,
      datesUnknown,
      refused,
      status,
      errorId: dateErrorId,
    },
    /** The windows could not be loaded: an alert with Try again (`refresh`). */
    failed,
    refresh,
    windows: {
      ref: windowsRef,
      day: shownDay,
      slots: shownDay === day ? windows : [],
      heldId: held?.booking_id ?? null,
      pendingId: hold.pendingId,
      busy: waiting !== null || loading || ofDay.isFetching || hold.pendingId !== null,
      errorId: timeErrorId,
      onChoose: hold.choose,
    },
    held,
    /**
     * When the hold ends (null without one). Its countdown ticks in the step's timer and dialog
     * only, not here: a tick would draw the whole step every second (bench/README.md, INP on the
     * installation step).
     */
    expiresAt: hold.reservation?.expires_at ?? null,
    /** The hold was lost: the danger alert, with the 429's message when there was one. */
    lost: hold.lost,
    refusal: hold.refusal,
    errors,
    /** Continue is blocked while the alert shows and while a hold is asked for. */
    canContinue: !hold.lost && hold.pendingId === null,
    onContinue() {
      setPresses((n) => n + 1);
      if (installationSchema.safeParse(choices).success) next();
    },
    /** 'Select new time' after the hold timed out: the booking is cleared, the alert shows. */
    selectNewTime() {
      dispatch({ type: 'reservations/changed', change: { to: 'lost' } });
      refresh();
    },
  };
}
