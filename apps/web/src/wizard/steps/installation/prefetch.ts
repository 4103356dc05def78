import { dayKeyOf, monthKeyOf, stateTimeZone } from '@fibre/domain/scheduling';
import { bookingsQuery } from '../../../shared/booking-calendar/bookings-query.ts';
import type { AppConfig } from '../../../shared/config/config-context.tsx';
import { queryClient } from '../../../shared/query/query-client.ts';
import type { WizardState } from '../../store/state.ts';

/**
 * The month the calendar opens on (the day chosen's, the held window's, else this one), asked for
 * while the visitor is on Connection details: the step finds its free windows in the cache
 * (use-shown-months.ts asks the same query, and the month after it).
 */
export function prefetch(state: WizardState, config: AppConfig): void {
  const address = state.address.value;
  if (!address) return;
  const timeZone = stateTimeZone(address.state);
  const held = state.reservations.slot;
  const day = state.bookings.date ?? (held ? dayKeyOf(held.start, timeZone) : null);
  const month = day?.slice(0, 7) ?? monthKeyOf(Date.now(), timeZone);
  void queryClient.prefetchQuery(
    bookingsQuery(config.site.provider, address.state, timeZone, month),
  );
}
