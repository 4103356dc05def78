import type { ProviderCatalogue } from '@fibre/domain/catalogue';
import type { StateCalendar } from '../scheduling/index.ts';
import { dayClosures } from '../scheduling/index.ts';
import type { State } from '../scheduling/index.ts';
import { closureRows, crewRows } from './rows.ts';

/**
 * Each state's working crews and closures from the served catalogue, as listCalendar reads them
 * from the rows the import stored (catalogue/rows.ts): the bookings list computes its windows
 * from these without a query (docs/decisions/020-reads-from-memory.md). A hold still reads the
 * stored rows. Worked out once per state and version.
 */
export function calendarsOf(catalogue: ProviderCatalogue): (state: State) => StateCalendar {
  const crews = crewRows(catalogue);
  const closures = closureRows(catalogue);
  const byState = new Map<State, StateCalendar>();
  return (state) => {
    let calendar = byState.get(state);
    if (!calendar) {
      calendar = {
        crews: crews
          .filter((c) => c.state === state)
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .map(({ id, working_days, shift_start_minute, shift_end_minute, window_minutes }) => ({
            id,
            working_days,
            shift_start_minute,
            shift_end_minute,
            window_minutes,
          })),
        closures: dayClosures(closures.filter((c) => c.state === state)),
      };
      byState.set(state, calendar);
    }
    return calendar;
  };
}
