import { TZDate } from '@date-fns/tz';
import { stateTimeZone } from '@fibre/domain/scheduling';
import { FIRST_BOOKABLE_DAYS_AHEAD } from '@fibre/domain/shared';
import { formatISO } from 'date-fns/formatISO';
import { noClosures, openWindows, type DayClosures } from './closures.ts';

/**
 * The windows crews work, computed from their shifts in the state's own zone
 * (docs/rules/installation-and-holds.md). Pure: the clock comes in as `now`, so tests pick any day,
 * DST changes included.
 */

export const STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'] as const;
export type State = (typeof STATES)[number];

const fullNames: Record<string, State> = {
  'NEW SOUTH WALES': 'NSW',
  VICTORIA: 'VIC',
  QUEENSLAND: 'QLD',
  'SOUTH AUSTRALIA': 'SA',
  'WESTERN AUSTRALIA': 'WA',
  TASMANIA: 'TAS',
  'NORTHERN TERRITORY': 'NT',
  'AUSTRALIAN CAPITAL TERRITORY': 'ACT',
};

/** The maps service and the prefill parameters disagree on 'NSW' or 'New South Wales'. */
export function parseState(input: string): State | undefined {
  const upper = input.trim().toUpperCase();
  return (STATES as readonly string[]).includes(upper) ? (upper as State) : fullNames[upper];
}

/** The state's zone: the domain's rule (dates.ts, docs/rules/installation-and-holds.md). */
export const stateZone = (state: State): string => stateTimeZone(state);

/**
 * docs/rules/installation-and-holds.md: the first bookable day is two days ahead in the state's
 * zone (the domain's constant: the console's schedule opens on it too).
 */
export { FIRST_BOOKABLE_DAYS_AHEAD };
/** Nobody books a year out; the limit keeps junk holds from materialising far-future rows. */
export const LAST_BOOKABLE_DAYS_AHEAD = 365;

export interface CrewShift {
  id: string;
  /** ISO weekdays, 1 = Monday. */
  working_days: number[];
  shift_start_minute: number;
  shift_end_minute: number;
  window_minutes: number;
}

export interface Window {
  /** State plus local start: 'NSW-2026-12-03T08:00'. */
  id: string;
  state: State;
  startsAt: Date;
  endsAt: Date;
  /** The crews working it, in a stable order; its capacity is their number. */
  crewIds: string[];
}

/** A calendar day in the state's zone; months are 0-based like Date's. */
interface Day {
  year: number;
  month: number;
  date: number;
}

// Calendar arithmetic on UTC dates: a day is a day whatever the zone does with its clocks.
const dayNumber = (d: Day) => Date.UTC(d.year, d.month, d.date) / 86_400_000;
const dayFromNumber = (n: number): Day => {
  const u = new Date(n * 86_400_000);
  return { year: u.getUTCFullYear(), month: u.getUTCMonth(), date: u.getUTCDate() };
};
const isoWeekday = (n: number) => new Date(n * 86_400_000).getUTCDay() || 7;
const pad = (n: number) => String(n).padStart(2, '0');

function localDayNumber(instant: Date, zone: string): number {
  const z = new TZDate(instant.getTime(), zone);
  return dayNumber({ year: z.getFullYear(), month: z.getMonth(), date: z.getDate() });
}

/*
 * Every instant placed in or written for a zone asks Intl for the zone's offset, tens of
 * microseconds each, and a three-month bookings call places and writes some 300 windows: measured
 * (bench/README.md), that was most of the call's time. Both are pure functions of their inputs, so
 * their answers are remembered, a bounded number of them. A day's windows are keyed by the state,
 * the day and every crew's shift, so a changed shift is a new key; they are frozen, so no caller can
 * change a remembered window.
 */
const REMEMBER_AT_MOST = 20_000;
const rememberedIso = new Map<string, string>();
const rememberedDays = new Map<string, readonly Window[]>();

function remember<V>(memory: Map<string, V>, key: string, make: () => V): V {
  let value = memory.get(key);
  if (value === undefined) {
    if (memory.size >= REMEMBER_AT_MOST) memory.clear();
    value = make();
    memory.set(key, value);
  }
  return value;
}

/** An ISO date-time with the zone's offset at that instant: '2026-10-05T08:00:00+11:00'. */
export const zonedIso = (instant: Date, zone: string): string =>
  remember(rememberedIso, `${zone}|${instant.getTime()}`, () =>
    formatISO(new TZDate(instant.getTime(), zone)),
  );

const shiftKey = (c: CrewShift) =>
  `${c.id}:${c.working_days.join(',')}:${c.shift_start_minute}-${c.shift_end_minute}/${c.window_minutes}`;

function windowsOnDay(state: State, crews: readonly CrewShift[], n: number): readonly Window[] {
  return remember(rememberedDays, `${state}|${n}|${crews.map(shiftKey).join(';')}`, () =>
    Object.freeze(
      computeWindowsOnDay(state, crews, n).map((w) => {
        Object.freeze(w.crewIds);
        return Object.freeze(w);
      }),
    ),
  );
}

// A window is named by its state and start, so a state's crews are expected to share window
// boundaries; a crew with another length would join the window that starts when its does.
function computeWindowsOnDay(state: State, crews: readonly CrewShift[], n: number): Window[] {
  const day = dayFromNumber(n);
  const zone = stateZone(state);
  const byStart = new Map<number, { endMinute: number; crewIds: string[] }>();
  for (const crew of crews) {
    if (!crew.working_days.includes(isoWeekday(n))) continue;
    const step = crew.window_minutes;
    for (let m = crew.shift_start_minute; m + step <= crew.shift_end_minute; m += step) {
      const entry = byStart.get(m) ?? { endMinute: m + step, crewIds: [] };
      entry.crewIds.push(crew.id);
      byStart.set(m, entry);
    }
  }
  const at = (minute: number) =>
    new Date(
      new TZDate(
        day.year,
        day.month,
        day.date,
        Math.floor(minute / 60),
        minute % 60,
        zone,
      ).getTime(),
    );
  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([m, { endMinute, crewIds }]) => ({
      id: `${state}-${day.year}-${pad(day.month + 1)}-${pad(day.date)}T${pad(Math.floor(m / 60))}:${pad(m % 60)}`,
      state,
      startsAt: at(m),
      endsAt: at(endMinute),
      crewIds: [...crewIds].sort(),
    }));
}

function bookableDays(state: State, now: Date): { first: number; last: number } {
  const today = localDayNumber(now, stateZone(state));
  return { first: today + FIRST_BOOKABLE_DAYS_AHEAD, last: today + LAST_BOOKABLE_DAYS_AHEAD };
}

const dayKey = (n: number) => {
  const d = dayFromNumber(n);
  return `${d.year}-${pad(d.month + 1)}-${pad(d.date)}`;
};

/** The bookable windows of a state that start in [from, to), its closures taken out. */
export function windowsBetween(
  state: State,
  crews: readonly CrewShift[],
  from: Date,
  to: Date,
  now: Date,
  closures: DayClosures = noClosures,
): Window[] {
  const zone = stateZone(state);
  const { first, last } = bookableDays(state, now);
  const start = Math.max(localDayNumber(from, zone), first);
  const end = Math.min(localDayNumber(to, zone), last);
  const windows: Window[] = [];
  for (let n = start; n <= end; n += 1) {
    for (const w of openWindows(windowsOnDay(state, crews, n), closures.get(dayKey(n)))) {
      if (w.startsAt >= from && w.startsAt < to) windows.push(w);
    }
  }
  return windows;
}

export type WindowLookup =
  | { kind: 'bookable'; window: Window }
  /** Not a window any crew works: a made-up or mistyped id. */
  | { kind: 'unknown' }
  /** A real window, but in the past, too soon or too far ahead. */
  | { kind: 'closed' }
  /** A real window with no crew that day: a public holiday, or its crews have the day off. */
  | { kind: 'full' };

const windowIdPattern = /^([A-Z]{2,3})-(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The state a booking_id names, so its crews can be loaded; undefined when it names none. */
export function windowIdState(id: string): State | undefined {
  const code = windowIdPattern.exec(id)?.[1];
  return code !== undefined && (STATES as readonly string[]).includes(code)
    ? (code as State)
    : undefined;
}

/** The window a booking_id names, recomputed from the crews: the browser's copy is not trusted. */
export function findWindow(
  id: string,
  crews: readonly CrewShift[],
  now: Date,
  closures: DayClosures = noClosures,
): WindowLookup {
  const match = windowIdPattern.exec(id);
  const state = windowIdState(id);
  if (!match || !state) return { kind: 'unknown' };
  const day = { year: Number(match[2]), month: Number(match[3]) - 1, date: Number(match[4]) };
  const n = dayNumber(day);
  // Ids are compared whole, so '2026-02-30' or '08:00' on a crew-less day find nothing.
  const window = windowsOnDay(state, crews, n).find((w) => w.id === id);
  if (!window) return { kind: 'unknown' };
  const { first, last } = bookableDays(state, now);
  if (n < first || n > last) return { kind: 'closed' };
  const open = openWindows([window], closures.get(dayKey(n)))[0];
  return open ? { kind: 'bookable', window: open } : { kind: 'full' };
}
