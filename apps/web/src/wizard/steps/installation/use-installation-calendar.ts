import type { Address } from '@fibre/domain/address';
import {
  dayKeyOf,
  dedupeSlotsByStart,
  firstBookableDay,
  slotsOnDay,
  stateTimeZone,
  type DayKey,
} from '@fibre/domain/scheduling';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { useDispatch, useWizard } from '../../store/store-context.tsx';
import { bookingsKey, type SlotsByDay } from '../../../shared/booking-calendar/bookings-query.ts';
import type { WindowSlot } from '../../../shared/booking-calendar/time-windows.tsx';
import { useContinueErrors } from './use-continue-errors.ts';
import { useDayChoice } from './use-day-choice.ts';
import { useHold } from './use-hold.ts';
import { useShownMonths } from './use-shown-months.ts';

/**
 * The day's windows. The held window stays listed even once no other crew is free. Worked out when
 * the day or the windows change, not on every render (the countdown renders every second).
 */
function useDayWindows(
  day: DayKey | null,
  byDay: SlotsByDay | undefined,
  held: WindowSlot | null,
  timeZone: string,
): WindowSlot[] {
  return useMemo(() => {
    if (!day) return [];
    const listed: WindowSlot[] = [...(byDay?.get(day) ?? []), ...(held ? [held] : [])];
    return slotsOnDay(dedupeSlotsByStart(listed), day, timeZone);
  }, [day, byDay, held, timeZone]);
}

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
  const queryClient = useQueryClient();
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

  const months = useShownMonths(provider, region, timeZone, day ?? heldDay);
  const { month, available, datesUnknown, loading } = months;
  const { errors, dateErrorId, timeErrorId, onContinue } = useContinueErrors({
    day,
    bookingId: held?.booking_id ?? null,
    calendarRef,
    windowsRef,
  });
  const { ofDay, waiting, refused, chooseDay, status } = useDayChoice({
    provider,
    region,
    timeZone,
    month,
    day,
    datesUnknown,
    available,
    loading,
    windowsRef,
  });

  const windows = useDayWindows(day, ofDay.data, held, timeZone);
  const shownDay = waiting ?? refused ?? day;

  return {
    timeZone,
    /** The zone's city, as the step names it: 'Sydney'. */
    city: timeZone.split('/')[1]?.replace(/_/g, ' ') ?? timeZone,
    calendar: {
      ref: calendarRef,
      month,
      onMonthChange: months.setMonth,
      firstMonth: months.thisMonth,
      lastMonth: months.lastMonth,
      selected: waiting ?? day,
      onSelect: chooseDay,
      held: heldDay,
      available,
      // Worked out on each render, not once: a tab left open past midnight moves it on.
      firstDay: firstBookableDay(Date.now(), timeZone),
      loading,
      datesUnknown,
      refused,
      status,
      errorId: dateErrorId,
    },
    /** The windows could not be loaded: an alert with Try again (`refresh`). */
    failed: months.failed,
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
    onContinue,
    /** 'Select new time' after the hold timed out: the booking is cleared, the alert shows. */
    selectNewTime() {
      dispatch({ type: 'reservations/changed', change: { to: 'lost' } });
      refresh();
    },
  };
}
