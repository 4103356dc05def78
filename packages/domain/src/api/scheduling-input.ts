import { z } from 'zod';
import { text } from '../shared/text.ts';

/** Inputs of the bookings and reservations calls (docs/rules/installation-and-holds.md). */

export const MAX_RANGE_DAYS = 100;

const isoMessage = 'Must be an ISO date-time with an offset, e.g. 2026-12-01T00:00:00+11:00';
const isoPattern =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/;

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A real calendar date and time: Date.parse rolls February 30 over to March 2 and 24:00 to the
 * next day, so each part is checked against the calendar instead.
 */
function isCalendarDateTime(value: string): boolean {
  const m = isoPattern.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = m
    .slice(1)
    .map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 14 &&
    offsetMinutes <= 59
  );
}

/**
 * A date-time that names one instant: without an offset it would mean different instants on the
 * server and in the browser, so it is refused rather than guessed.
 */
export const isoWithOffset = z
  .string({ error: isoMessage })
  .max(40, isoMessage)
  .trim()
  // An unencoded '+11:00' in a query string arrives as ' 11:00'.
  .transform((v) => v.replace(/ (\d{2}:?\d{2})$/, '+$1'))
  .pipe(z.string().refine(isCalendarDateTime, isoMessage))
  .transform((v) => new Date(v));

export const bookingsParams = z.object({ provider: text(64), state: text(40) });

/**
 * How far from today a bookings call may reach (docs/decisions/008-server-input.md). The wizard
 * asks from the first of the month it shows, up to twelve months ahead, three months per call:
 * `from` lies between the start of last month and about 14 months ahead (the month after the last one shown is loaded too).
 */
export const BOOKINGS_FROM_PAST_DAYS = 62;
export const BOOKINGS_FROM_FUTURE_DAYS = 430;

const dayMs = 86_400_000;

/** The bookings query's two fields, without the clock (bookingsRangeIssue checks the range). */
export const bookingsRange = z.object({ from: isoWithOffset, to: isoWithOffset });

export interface BookingsRangeIssue {
  path: 'from' | 'to';
  message: string;
}

/** What is wrong with a well-formed range at `now`: too far from today, reversed or too long. */
export function bookingsRangeIssue(
  from: Date,
  to: Date,
  now: Date,
): BookingsRangeIssue | undefined {
  if (from.getTime() < now.getTime() - BOOKINGS_FROM_PAST_DAYS * dayMs) {
    return { path: 'from', message: `Must be at most ${BOOKINGS_FROM_PAST_DAYS} days ago` };
  }
  if (from.getTime() > now.getTime() + BOOKINGS_FROM_FUTURE_DAYS * dayMs) {
    return { path: 'from', message: `Must be at most ${BOOKINGS_FROM_FUTURE_DAYS} days ahead` };
  }
  if (to <= from) return { path: 'to', message: 'Must be after from' };
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * dayMs) {
    return { path: 'to', message: `Must be at most ${MAX_RANGE_DAYS} days after from` };
  }
  return undefined;
}

/**
 * The bookings query as one schema, checked against the server's clock. It is a new schema per
 * `now`, which zod compiles on first use (some 60 µs): the route parses `bookingsRange` and calls
 * bookingsRangeIssue instead.
 */
export function bookingsQueryAt(now: Date) {
  return bookingsRange.superRefine(({ from, to }, issue) => {
    // Zod still runs this when a field has failed; the field's own message is enough then.
    if (!(from instanceof Date) || !(to instanceof Date)) return;
    const found = bookingsRangeIssue(from, to, now);
    if (found) issue.addIssue({ code: 'custom', path: [found.path], message: found.message });
  });
}

/** The query's shape for the OpenAPI document (the range is checked against the clock). */
export const bookingsQuery = bookingsQueryAt(new Date(0));

export const reservationBody = z.object({
  booking_id: z.string({ error: 'Required' }).trim().min(1, 'Required').max(64, 'Too long'),
  start: isoWithOffset,
  end: isoWithOffset,
});

export const reservationParams = z.object({
  provider: text(64),
  reservation_id: text(100),
});

/** POST /api/v1/{provider}/reservations */
export type ReservationBody = z.input<typeof reservationBody>;

/**
 * The wizard's hold session (X-Hold-Session, a random id it keeps in sessionStorage): a visitor
 * holds one window at a time, and only their session releases it (docs/decisions/010-limits.md).
 */
export const holdSessionPattern = /^[A-Za-z0-9_-]{16,64}$/;
export const holdSessionHeader = z.string().regex(holdSessionPattern);
