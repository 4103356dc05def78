import {
  bookingDayWindow,
  bookingMonthWindow,
  type DayKey,
  type MonthKey,
} from '@fibre/domain/scheduling';

/*
 * The calendar speaks in Dates, the domain in 'YYYY-MM' / 'YYYY-MM-DD' keys of the address's zone.
 * A key becomes the instant its day or month starts in that zone (the domain's booking windows
 * start there), which react-day-picker, given the same zone, shows as that day or month.
 */

export function addMonths(month: MonthKey, count: number): MonthKey {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (index - 1) + count;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

export const monthStart = (month: MonthKey, timeZone: string): Date =>
  new Date(bookingMonthWindow(month, timeZone).from);

export const dayStart = (day: DayKey, timeZone: string): Date =>
  new Date(bookingDayWindow(day, timeZone).from);
