import type { AdapterContext } from '../context.ts';
import { localCalendar, type CalendarAdapter } from './calendar.ts';
import {
  extendReservation,
  releaseReservation,
  type ExtendOutcome,
  type ReleaseOutcome,
} from './repository/reservations.ts';
import type { PreparedAnswer } from '../http/prepared.ts';
import { holdSlot, type ReservationAnswer } from './availability.ts';
import { slotsAnswers } from './slots-answers.ts';
import type { State } from './windows.ts';

export interface HoldInput {
  booking_id: string;
  start: Date;
  end: Date;
  /** The client address and the wizard's session token (docs/decisions/010-limits.md). */
  client?: string;
  session?: string | undefined;
}

/**
 * Installation scheduling behind one interface: the built-in crew calendar (embedded default) and
 * Arrivy implement it, and configuration alone picks one (app/adapters.ts). It answers the free
 * slots (GET /bookings sends its answer as it is), holds a slot's window (409 `reservation taken` when
 * it is full), releases or extends a hold, and makes the installer's task for an order.
 */
export interface Scheduler {
  /** The free slots starting in [from, to), serialised as `{ booking_slots }` with their tag. */
  slotsAnswer(state: State, from: Date, to: Date): Promise<PreparedAnswer>;
  hold(input: HoldInput): Promise<ReservationAnswer>;
  /** A hold taken under a session is released only with that session. */
  release(reservationId: string, session?: string): Promise<ReleaseOutcome>;
  /**
   * Renews a live hold once for another RESERVATION_HOLD_SECONDS from now, under the same session
   * rule as release (docs/rules/installation-and-holds.md#extending-a-hold).
   */
  extend(reservationId: string, session?: string): Promise<ExtendOutcome>;
  calendar: CalendarAdapter;
}

declare module '../context.ts' {
  interface AppContext {
    /** Scheduling as configuration picks it, made once by the composition (app/adapters.ts). */
    scheduler: Scheduler;
  }
}

/** Today's crew calendar, unchanged: windows from the crews' shifts, holds in the database. */
export function embeddedScheduler(ctx: AdapterContext): Scheduler {
  const answers = slotsAnswers(ctx);
  return {
    slotsAnswer: (state, from, to) => answers.answer(state, from, to),
    hold: (input) => holdSlot(ctx, input),
    release: (reservationId, session) =>
      releaseReservation(ctx.database.db, reservationId, ctx.now(), session),
    extend: (reservationId, session) => {
      const now = ctx.now();
      return extendReservation(ctx.database.db, reservationId, {
        now,
        expiresAt: new Date(now.getTime() + ctx.config.holdSeconds * 1000),
        session,
      });
    },
    calendar: localCalendar(ctx.newId),
  };
}
