import type { BookingSlot, OrderPageAnswer } from '@fibre/domain/api';
import {
  dayKeyLabel,
  dayKeyOf,
  firstBookableDay,
  formatWindow,
  monthKeyOf,
  slotsOnDay,
  type DayKey,
  type MonthKey,
} from '@fibre/domain/scheduling';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useConfig } from '../shared/config/config-context.tsx';
import { Alert } from '../shared/ui/alert.tsx';
import { Button } from '../shared/ui/button.tsx';
import { BookingCalendar } from '../shared/booking-calendar/booking-calendar.tsx';
import {
  bookingsKey,
  bookingsQuery,
  type SlotsByDay,
} from '../shared/booking-calendar/bookings-query.ts';
import { addMonths } from '../shared/booking-calendar/month-keys.ts';
import { TimeWindows, type WindowSlot } from '../shared/booking-calendar/time-windows.tsx';
import { text } from './text.ts';
import { orderKey, useOrderChange, type ChangeRefusal } from './use-order.ts';

// As the wizard: windows up to a year ahead (docs/rules/installation-and-holds.md).
const MONTHS_AHEAD = 12;
const DAY_MS = 24 * 3600_000;

/** Refusals after which the free windows have changed: they are loaded again. */
const slotsChanged = new Set(['reservation_taken', 'window_closed', 'too_soon', 'same_window']);

interface Props {
  token: string;
  order: OrderPageAnswer;
  /** The panel closes: with the changed order, or null when the customer kept their time. */
  onDone: (changed: OrderPageAnswer | null) => void;
}

/**
 * Another window for the installation (docs/rules/order-page.md, Reschedule): the free windows of
 * the order's state, as the wizard offers them, less the current one and any within 24 hours
 * (the server refuses those). Choosing a window selects it; "Confirm new time" asks the server.
 */
export function ReschedulePanel({ token, order, onDone }: Props) {
  const { site } = useConfig();
  const ids = useId();
  const queryClient = useQueryClient();
  const { reschedule } = useOrderChange(token);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const { state, time_zone: timeZone } = order.window;
  const currentStart = Date.parse(order.window.start);

  const [thisMonth] = useState(() => monthKeyOf(Date.now(), timeZone));
  const lastMonth = addMonths(thisMonth, MONTHS_AHEAD);
  const [month, setMonth] = useState<MonthKey>(() => {
    const current = monthKeyOf(currentStart, timeZone);
    return current < thisMonth ? thisMonth : current;
  });
  const [day, setDay] = useState<DayKey | null>(null);
  const [chosen, setChosen] = useState<WindowSlot | null>(null);
  const [refusal, setRefusal] = useState<ChangeRefusal | null>(null);
  const [missing, setMissing] = useState(false);
  // A double click sends one request: the second press comes before the busy state renders.
  const sent = useRef(false);

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (refusal) errorRef.current?.focus();
  }, [refusal]);

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

  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: bookingsKey(site.provider, state) });
  const busy = reschedule.isPending;

  const confirm = () => {
    if (busy || sent.current) return;
    if (!chosen) {
      setMissing(true);
      return;
    }
    setRefusal(null);
    sent.current = true;
    reschedule.mutate(
      { booking_id: chosen.booking_id, start: chosen.start, end: chosen.end },
      {
        onSuccess: (changed) => {
          refresh();
          onDone(changed);
        },
        onError: (error) => {
          setRefusal(error);
          if (slotsChanged.has(error.reason)) {
            setChosen(null);
            refresh();
          } else if (error.reason !== 'order_in_progress' && error.reason !== 'failed') {
            // Too late, passed, cancelled...: the order's own answer now says why.
            void queryClient.invalidateQueries({ queryKey: orderKey(token) });
          }
        },
        onSettled: () => {
          sent.current = false;
        },
      },
    );
  };

  const missingId = missing && !chosen ? `${ids}-missing` : undefined;
  return (
    <section
      className="card step-section order-page__card installation"
      aria-labelledby={`${ids}-title`}
    >
      <h2 id={`${ids}-title`} ref={headingRef} tabIndex={-1} className="section-title">
        {text.rescheduleTitle}
      </h2>
      <p className="section-intro">{text.rescheduleIntro}</p>
      {shown.isError && !shown.isFetching && (
        <Alert tone="danger" className="order-page__alert">
          <div>
            <p>{text.loadSlotsFailed}</p>
            <Button variant="secondary" onClick={refresh}>
              {text.tryAgain}
            </Button>
          </div>
        </Alert>
      )}
      <div className="installation__grid">
        <div className="installation__dates">
          <BookingCalendar
            timeZone={timeZone}
            month={month}
            onMonthChange={setMonth}
            firstMonth={thisMonth}
            lastMonth={lastMonth}
            selected={day}
            onSelect={(picked) => {
              setDay(picked);
              setChosen(null);
            }}
            held={dayKeyOf(order.window.start, timeZone)}
            available={available}
            firstDay={firstBookableDay(Date.now(), timeZone)}
            loading={shown.isFetching}
            errorId={undefined}
          />
        </div>
        <div className="installation__times">
          <TimeWindows
            dayLabel={day ? dayKeyLabel(day) : null}
            slots={windows}
            timeZone={timeZone}
            heldId={chosen?.booking_id ?? null}
            pendingId={null}
            busy={busy || ofDay.isFetching}
            errorId={missingId}
            onChoose={(slot) => {
              setChosen(slot);
              setMissing(false);
              setRefusal(null);
            }}
          />
        </div>
      </div>
      {chosen && (
        <p className="order-page__chosen" role="status">
          {text.chosen(formatWindow(new Date(chosen.start), new Date(chosen.end), state))}
        </p>
      )}
      {missingId && (
        <p className="field__error" id={missingId}>
          {text.chooseWindowFirst}
        </p>
      )}
      {refusal && (
        <div ref={errorRef} tabIndex={-1} className="order-page__notice">
          <Alert tone="danger" className="order-page__alert">
            <p>{refusal.message}</p>
          </Alert>
        </div>
      )}
      <div className="order-page__actions">
        <Button variant="secondary" onClick={() => onDone(null)} disabled={busy}>
          {text.keepCurrent}
        </Button>
        <Button onClick={confirm} busy={busy}>
          {text.confirmNew}
        </Button>
      </div>
    </section>
  );
}
