import {
  availableDays,
  bookingMonthWindow,
  dedupeSlotsByStart,
  type BookingSlot,
  type DayKey,
  type MonthKey,
} from '@fibre/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchBookingSlots } from '../../app/api/endpoints.ts';
import { useDispatch } from '../../app/store/store-context.tsx';
import { addMonths } from './month-keys.ts';

/** One bookings call; while it runs again (a refresh) it keeps the slots it had. */
interface Load {
  status: 'loading' | 'loaded' | 'failed';
  slots: BookingSlot[];
}

// docs/rules/installation-and-holds.md: one bookings call runs from the first of a month to the
// first of the month three months later, so it covers that month and the two after it.
const COVERED_MONTHS = 3;

function covering(loads: Record<MonthKey, Load>, month: MonthKey): Load | undefined {
  const found = Array.from(
    { length: COVERED_MONTHS },
    (_, back) => loads[addMonths(month, -back)],
  ).filter((load): load is Load => load !== undefined);
  return (
    found.find((l) => l.status === 'loaded') ??
    found.find((l) => l.status === 'loading') ??
    found[0]
  );
}

function isSlotList(data: unknown): data is { booking_slots: BookingSlot[] } {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as { booking_slots?: unknown }).booking_slots)
  );
}

/**
 * The free installation windows of the two months on show, loaded as the visitor moves between
 * months (docs/rules/installation-and-holds.md: month windows load as the user navigates). Several
 * crews can offer the same window, so slots are de-duplicated by start with the domain's rule.
 */
export function useBookingSlots(
  provider: string,
  state: string,
  timeZone: string,
  shownMonth: MonthKey,
) {
  const dispatch = useDispatch();
  const [loads, setLoads] = useState<Record<MonthKey, Load>>({});
  const loadsRef = useRef(loads);
  useEffect(() => {
    loadsRef.current = loads;
  }, [loads]);
  // A refresh starts a new generation; answers to older requests are dropped.
  const generation = useRef(0);
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const open = controllers.current;
    return () => open.forEach((controller) => controller.abort());
  }, []);

  const load = useCallback(
    (start: MonthKey) => {
      const mine = generation.current;
      const controller = new AbortController();
      controllers.current.add(controller);
      setLoads((now) => ({
        ...now,
        [start]: { status: 'loading', slots: now[start]?.slots ?? [] },
      }));
      void fetchBookingSlots(provider, state, bookingMonthWindow(start, timeZone), {
        signal: controller.signal,
      }).then((answer) => {
        controllers.current.delete(controller);
        if (answer.ok === false && answer.aborted) return;
        if (mine !== generation.current) return;
        const next: Load =
          answer.ok && isSlotList(answer.data)
            ? { status: 'loaded', slots: answer.data.booking_slots }
            : { status: 'failed', slots: [] };
        setLoads((now) => ({ ...now, [start]: next }));
      });
    },
    [provider, state, timeZone],
  );

  // The months on show that no call covers yet: one call from the first of them covers both.
  const needed = [shownMonth, addMonths(shownMonth, 1)];
  const missing = needed.find((month) => covering(loads, month) === undefined);
  useEffect(() => {
    if (missing) load(missing);
  }, [missing, load]);

  const shown = needed.map((month) => covering(loads, month));
  const loading = shown.some((l) => l === undefined || l.status === 'loading');
  const failed = !loading && shown.some((l) => l?.status === 'failed');

  useEffect(() => {
    dispatch({ type: 'bookings/status', status: loading ? 'loading' : failed ? 'failed' : 'idle' });
  }, [dispatch, loading, failed]);

  const slots = useMemo(
    () => dedupeSlotsByStart(Object.values(loads).flatMap((l) => l.slots)),
    [loads],
  );
  // Each slot's day is worked out once per answer (a zoned date is dear: hundreds of slots took a
  // busy machine seconds when every click sorted them all again).
  const byDay = useMemo(() => {
    const map = new Map<DayKey, BookingSlot[]>();
    for (const slot of slots) {
      const [day] = availableDays([slot], timeZone);
      if (day === undefined) continue;
      map.set(day, [...(map.get(day) ?? []), slot]);
    }
    return map;
  }, [slots, timeZone]);
  const days = useMemo(() => new Set(byDay.keys()), [byDay]);

  /**
   * Loads every loaded window again (a window was taken meanwhile), keeping the old slots on show
   * until the new ones arrive; a failed load is simply forgotten, so it is asked for again.
   */
  const refresh = useCallback(() => {
    generation.current += 1;
    const starts = Object.entries(loadsRef.current)
      .filter(([, l]) => l.status !== 'failed')
      .map(([start]) => start);
    setLoads((now) =>
      Object.fromEntries(Object.entries(now).filter(([, l]) => l.status !== 'failed')),
    );
    starts.forEach(load);
  }, [load]);

  return { slots, byDay, days, loading, failed, refresh };
}
