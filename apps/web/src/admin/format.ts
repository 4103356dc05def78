import { TZDate } from '@date-fns/tz';
import { firstBookableDay as firstBookableDayIn, stateTimeZone } from '@fibre/domain/scheduling';
import { format } from 'date-fns/format';
import { formatISO } from 'date-fns/formatISO';

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
// Own keys only, so a status named like an inherited property (`constructor`) shows as itself.
export const statusLabel = (status: string) =>
  Object.hasOwn(statusLabels, status) ? (statusLabels[status] ?? status) : status;

const serviceLabels: Record<string, string> = {
  installed: 'Installed',
  active: 'Active',
  cancelled: 'Cancelled',
};
/** Where the service is after installation (docs/rules/orders.md#service-status); null: none yet. */
export const serviceLabel = (status: string | null) =>
  status === null
    ? 'Not yet installed'
    : Object.hasOwn(serviceLabels, status)
      ? (serviceLabels[status] ?? status)
      : status;

const inZone = (iso: string, zone: string) => new TZDate(new Date(iso).getTime(), zone);

/**
 * The zone's short name at that moment, as Australians write it: 'AEDT', 'AEST', 'AWST'. Every
 * time the console shows names its zone, so a WA hold beside NSW ones is not misread.
 */
export function zoneLabel(iso: string, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-AU', { timeZone: zone, timeZoneName: 'short' });
  return parts.formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/** 'Thursday 3 December 2026, 8:00 am – 10:00 am AEDT', in the window's state's zone. */
export function windowText(window: { start: string; end: string; state: string } | null): string {
  if (!window) return 'None';
  const zone = stateTimeZone(window.state);
  return `${format(inZone(window.start, zone), 'EEEE d MMMM yyyy, h:mm aaa')} – ${timeText(
    window.end,
    zone,
  )}`;
}

/** '8:00 am' in a zone, its zone named elsewhere (the end of a span). */
export const clockText = (iso: string, zone: string) => format(inZone(iso, zone), 'h:mm aaa');

/** '8:00 am AEDT' in a zone. */
export const timeText = (iso: string, zone: string) =>
  `${format(inZone(iso, zone), 'h:mm aaa')} ${zoneLabel(iso, zone)}`;

/** '3 Dec 2026, 8:00 am – 12:00 pm AWST': a span within one day, its zone named once. */
export const spanText = (start: string, end: string, zone: string) =>
  `${format(inZone(start, zone), 'd MMM yyyy, h:mm aaa')} – ${timeText(end, zone)}`;

/** '8:00:30 am' in a zone: a moment within the next hour. */
export const secondText = (iso: string, zone = CONSOLE_ZONE) =>
  format(inZone(iso, zone), 'h:mm:ss aaa');

/** '3 Dec 2026, 8:00 am AEDT' in a zone: when something happened. */
export const whenText = (iso: string, zone = CONSOLE_ZONE) =>
  `${format(inZone(iso, zone), 'd MMM yyyy, h:mm aaa')} ${zoneLabel(iso, zone)}`;

/**
 * The first day anything can be installed in a state: the domain's firstBookableDay in its
 * zone (docs/rules/installation-and-holds.md); the schedule opens on it.
 */
export const firstBookableDay = (state: string, now = Date.now()) =>
  firstBookableDayIn(now, stateTimeZone(state));

/** A calendar day's start in a zone, with its offset: '2026-12-03T00:00:00+11:00'. */
export function dayStart(day: string, zone = CONSOLE_ZONE, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return formatISO(new TZDate(year, month - 1, date + plusDays, zone));
}
