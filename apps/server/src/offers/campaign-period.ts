import { TZDate } from '@date-fns/tz';
import { parseState, stateZone } from '../scheduling/index.ts';

/**
 * A campaign's calendar days (catalogue file: 'starts' to 'ends', both included) as instants in
 * the zone of the building's state: from midnight of the first day to midnight after the last.
 */
export function campaignPeriod(
  starts: string,
  ends: string,
  state: string,
): { start: Date; end: Date } {
  const zone = stateZone(parseState(state) ?? 'NSW');
  const midnight = (day: string, plusDays: number) => {
    const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
    return new Date(new TZDate(y, m - 1, d + plusDays, zone).getTime());
  };
  return { start: midnight(starts, 0), end: midnight(ends, 1) };
}
