import { TZDate, tz } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { endOfDay } from 'date-fns/endOfDay';
import { format } from 'date-fns/format';
import { formatISO } from 'date-fns/formatISO';
import { BOOKING_WINDOW_MONTHS, FIRST_BOOKABLE_DAYS_AHEAD } from '../shared/constants.ts';
import { toInstant, type Instant } from '../shared/instant.ts';

/**
 * Dates the visitor reads, and the windows the bookings call asks for, all in the zone of the
 * address's state (docs/rules/installation-and-holds.md). Nothing here reads the process's own zone
 * or the clock: instants and `now` come in as arguments, so results are the same on a server in UTC
 * and a browser in Los Angeles.
 */

export { toInstant, type Instant };

/** A calendar day in a zone, 'YYYY-MM-DD'. */
export type DayKey = string;

/** A calendar month in a zone, 'YYYY-MM'. */
export type MonthKey = string;

/** A bookings-call window; both ends are ISO date-times with the zone's offset. */
export interface BookingWindow {
  from: string;
  to: string;
}

export type AustralianTimeZone =
  | 'Australia/Sydney'
  | 'Australia/Brisbane'
  | 'Australia/Adelaide'
  | 'Australia/Perth'
  | 'Australia/Darwin'
  | 'Australia/Melbourne';

const zoneByState: Readonly<Record<string, AustralianTimeZone>> = {
  nsw: 'Australia/Sydney',
  'new south wales': 'Australia/Sydney',
  qld: 'Australia/Brisbane',
  queensland: 'Australia/Brisbane',
  sa: 'Australia/Adelaide',
  'south australia': 'Australia/Adelaide',
  wa: 'Australia/Perth',
  'western australia': 'Australia/Perth',
  nt: 'Australia/Darwin',
  'northern territory': 'Australia/Darwin',
};

/**
 * docs/rules/installation-and-holds.md: NSW Sydney, QLD Brisbane, SA Adelaide, WA Perth, NT
 * Darwin, any other state Melbourne. ACT and TAS therefore read Melbourne time; their clocks agree
 * with Melbourne's anyway. Abbreviations and full names are both accepted, in any case, because
 * the maps service and the prefill query parameters do not agree on which they send.
 */
export function stateTimeZone(state: string): AustralianTimeZone {
  return zoneByState[state.trim().toLowerCase()] ?? 'Australia/Melbourne';
}

function inZone(value: Instant, timeZone: string): TZDate {
  return new TZDate(toInstant(value).getTime(), timeZone);
}

/** '2026-12-01T00:00:00+11:00': the offset is the zone's at that instant, DST included. */
export function toZonedIso(value: Instant, timeZone: string): string {
  return formatISO(inZone(value, timeZone));
}

/** The calendar day of an instant in the zone; slots are grouped into days by it. */
export function dayKeyOf(value: Instant, timeZone: string): DayKey {
  return format(inZone(value, timeZone), 'yyyy-MM-dd');
}

/**
 * The first day a window can be booked: FIRST_BOOKABLE_DAYS_AHEAD (two) days after `now`'s day in
 * the zone (docs/rules/installation-and-holds.md, crews and windows). The server lists no window
 * before it, and the calendar never offers a day before it, not even while its dates load.
 */
export function firstBookableDay(now: Instant, timeZone: string): DayKey {
  return format(addDays(inZone(now, timeZone), FIRST_BOOKABLE_DAYS_AHEAD), 'yyyy-MM-dd');
}

/** The calendar month of an instant in the zone, for the first bookings window. */
export function monthKeyOf(value: Instant, timeZone: string): MonthKey {
  return format(inZone(value, timeZone), 'yyyy-MM');
}

function parseKey(key: string, withDay: boolean): [number, number, number] {
  const match = (withDay ? /^(\d{4})-(\d{2})-(\d{2})$/ : /^(\d{4})-(\d{2})$/).exec(key);
  const [year, month, day] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3] ?? 1)];
  // Date.UTC rolls 2026-02-30 over to March; a key that does not round-trip is not a real day.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (!match || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new RangeError(`Not a ${withDay ? 'YYYY-MM-DD' : 'YYYY-MM'} key: '${key}'`);
  }
  return [year, month - 1, day];
}

/**
 * docs/rules/installation-and-holds.md: the multi-month fetch runs from the first of the month to
 * the first of the month three months later, both at midnight in the zone.
 */
export function bookingMonthWindow(month: MonthKey, timeZone: string): BookingWindow {
  const [year, monthIndex] = parseKey(month, false);
  return {
    from: formatISO(new TZDate(year, monthIndex, 1, timeZone)),
    to: formatISO(new TZDate(year, monthIndex + BOOKING_WINDOW_MONTHS, 1, timeZone)),
  };
}

/**
 * The single-day fetch runs from day start to hour 23, in the zone
 * (docs/rules/installation-and-holds.md).
 */
export function bookingDayWindow(day: DayKey, timeZone: string): BookingWindow {
  const [year, monthIndex, date] = parseKey(day, true);
  return {
    from: formatISO(new TZDate(year, monthIndex, date, 0, timeZone)),
    to: formatISO(new TZDate(year, monthIndex, date, 23, timeZone)),
  };
}

/**
 * charge_bee.start_date (docs/rules/orders.md): the last millisecond (23:59:59.999) of the
 * booking's calendar day in the zone, as epoch milliseconds.
 */
export function endOfBookingDayMs(value: Instant, timeZone: string): number {
  return endOfDay(toInstant(value), { in: tz(timeZone) }).getTime();
}

/**
 * 'Monday 3rd March': weekday, ordinal day, month; the year is not shown
 * (docs/rules/installation-and-holds.md).
 */
export function dateLabel(value: Instant, timeZone: string): string {
  return format(inZone(value, timeZone), 'EEEE do MMMM');
}

/**
 * A calendar day button's name: 'Friday 4 December', the number the button shows as a word of its
 * name (WCAG 2.2 success criterion 2.5.3, label in name; docs/rules/installation-and-holds.md,
 * labels). Headings and the chosen date keep dateLabel's ordinal.
 */
export function dayButtonLabel(value: Instant, timeZone: string): string {
  return format(inZone(value, timeZone), 'EEEE d MMMM');
}

/** The day button's name of a calendar day key ('Friday 4 December'). */
export function dayKeyButtonLabel(day: DayKey): string {
  const [year, monthIndex, date] = parseKey(day, true);
  return dayButtonLabel(Date.UTC(year, monthIndex, date, 12), 'UTC');
}

/** The label of a calendar day key; a day key names the same day in every zone. */
export function dayKeyLabel(day: DayKey): string {
  const [year, monthIndex, date] = parseKey(day, true);
  return dateLabel(Date.UTC(year, monthIndex, date, 12), 'UTC');
}

/**
 * Times are 12-hour am/pm: '8:00am', '12:30pm', minutes always shown, lowercase am/pm, no space,
 * so every window in a list lines up the same way (docs/rules/installation-and-holds.md).
 */
export function timeLabel(value: Instant, timeZone: string): string {
  return format(inZone(value, timeZone), 'h:mmaaa');
}

/**
 * The installation time is shown as a window, 'Arrival between start and end'
 * (docs/rules/installation-and-holds.md).
 */
export function arrivalWindowText(start: Instant, end: Instant, timeZone: string): string {
  return `Arrival between ${timeLabel(start, timeZone)} and ${timeLabel(end, timeZone)}`;
}

/** Whole seconds until a hold expires, rounded up so '00:00' shows only once it has expired. */
export function holdSecondsLeft(expiresAt: Instant, now: Date | number): number {
  const left = toInstant(expiresAt).getTime() - toInstant(now).getTime();
  return Math.max(0, Math.ceil(left / 1000));
}

/**
 * The held reservation counts down as mm:ss, shown '09:05' (docs/rules/installation-and-holds.md).
 */
export function countdownText(secondsLeft: number): string {
  const seconds = Math.max(0, Math.floor(secondsLeft));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

// ICU puts narrow no-break spaces in times; mail clients show plain ones reliably.
const plainText = (s: string) => s.replace(/[\s\u202f]+/g, ' ').replace(/,/g, '');
const longDay = (timeZone: string) =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
const clockTime = (timeZone: string) =>
  new Intl.DateTimeFormat('en-AU', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true });
const zoneName = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-AU', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;

/**
 * 'Thursday 3 December 2026, 8:00 am – 10:00 am AEDT', in the zone of the window's state: how
 * the order mails and the order page show a window (docs/rules/mail.md).
 */
export function formatWindow(startsAt: Date, endsAt: Date, state: string): string {
  const timeZone = stateTimeZone(state);
  const time = clockTime(timeZone);
  return `${plainText(longDay(timeZone).format(startsAt))}, ${plainText(time.format(startsAt))} – ${plainText(time.format(endsAt))} ${zoneName(endsAt, timeZone)}`;
}

/** 'Friday 18 December 2026': a day, written as formatWindow writes a window's day. */
export function formatDay(at: Date, timeZone: string): string {
  return plainText(longDay(timeZone).format(at));
}

/** 'Wednesday 2 December 2026, 8:00 am AEDT': one moment, written as formatWindow writes a window. */
export function formatMoment(at: Date, timeZone: string): string {
  return `${plainText(longDay(timeZone).format(at))}, ${plainText(clockTime(timeZone).format(at))} ${zoneName(at, timeZone)}`;
}
