import { visitorAnswer } from '../http/errors.ts';
import type { Scheduler } from './scheduler.ts';
import type { Metrics } from '../metrics/metrics.ts';

/** The answers that mean a hold was asked for and not given (scheduling/availability.ts). */
const refused = new Set(['reservation_taken', 'window_closed', 'too_many_holds']);

/**
 * Holds made, refused and released, counted at the scheduler whichever one configuration picked
 * (app/adapters.ts). A session's earlier hold released by its next one is counted where that
 * happens (scheduling/availability.ts); expired holds are counted from the database at each
 * scrape (database-gauges.ts).
 */
export function countHolds(metrics: Metrics, scheduler: Scheduler): Scheduler {
  return {
    ...scheduler,
    async hold(input) {
      try {
        const answer = await scheduler.hold(input);
        metrics.hold('made');
        return answer;
      } catch (error) {
        const code = visitorAnswer(error)?.code;
        if (code && refused.has(code)) metrics.hold('refused');
        // HOLDS_PER_CLIENT is a limit like the per-minute ones (docs/decisions/010-limits.md).
        if (code === 'too_many_holds') metrics.rateLimited('holds_per_client');
        throw error;
      }
    },
    async release(reservationId, session) {
      const outcome = await scheduler.release(reservationId, session);
      if (outcome === 'released') metrics.hold('released');
      return outcome;
    },
    async extend(reservationId, session) {
      const outcome = await scheduler.extend(reservationId, session);
      if (outcome.kind === 'extended') metrics.hold('extended');
      return outcome;
    },
  };
}
