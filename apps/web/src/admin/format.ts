import { TZDate } from '@date-fns/tz';
import { stateTimeZone } from '@fibre/domain/scheduling';
import { format, formatISO } from 'date-fns';

/** How the console writes money, times and statuses (docs/rules/operator-console.md). */

/** The provider's home zone: the console's calendar days (search dates, the schedule's default). */
export const CONSOLE_ZONE = 'Australia/Sydney';

export const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

const statusLabels: Record<string, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  needs_attention: 'Needs attention',
  cancelled: 'Cancelled',
};
export const statusLabel = (status: string) => statusLabels[status] ?? status;

const inZone = (iso: string, zone: string) => new TZDate(new Date(iso).getTime(), zone);

/** 'Thursday 3 December 2026, 8:00 am – 10:00 am', in the window's state's zone. */
export function windowText(window: { start: string; end: string; state: string } | null): string {
  if (!window) return 'None';
  const zone = stateTimeZone(window.state);
  return `${format(inZone(window.start, zone), 'EEEE d MMMM yyyy, h:mm aaa')} – ${format(
    inZone(window.end, zone),
    'h:mm aaa',
  )}`;
}

/** '8:00 am' in a zone. */
export const timeText = (iso: string, zone: string) => format(inZone(iso, zone), 'h:mm aaa');

/** '8:00:30 am' in a zone: a moment within the next hour. */
export const secondText = (iso: string, zone = CONSOLE_ZONE) =>
  format(inZone(iso, zone), 'h:mm:ss aaa');

/** '3 Dec 2026, 8:00 am' in a zone: when something happened. */
export const whenText = (iso: string, zone = CONSOLE_ZONE) =>
  format(inZone(iso, zone), 'd MMM yyyy, h:mm aaa');

/** Today's calendar day in a zone, YYYY-MM-DD. */
export const todayIn = (zone: string, now = Date.now()) =>
  format(new TZDate(now, zone), 'yyyy-MM-dd');

/** A calendar day's start in a zone, with its offset: '2026-12-03T00:00:00+11:00'. */
export function dayStart(day: string, zone = CONSOLE_ZONE, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return formatISO(new TZDate(year, month - 1, date + plusDays, zone));
}
