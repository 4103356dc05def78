import type { Generated } from 'kysely';

export type ReservationStatus = 'held' | 'released' | 'consumed';

export interface SchedulingTables {
  crews: {
    id: string;
    state: string;
    name: string;
    /** ISO weekdays, 1 = Monday. */
    working_days: number[];
    /** Wall-clock minutes after midnight in the state's zone. */
    shift_start_minute: number;
    shift_end_minute: number;
    window_minutes: number;
    active: Generated<boolean>;
  };
  slot_windows: {
    id: string;
    state: string;
    starts_at: Date;
    ends_at: Date;
    capacity: number;
    created_at: Date;
    /** Migration 018: drawn afresh whenever the row is written (a range's mark). */
    revision: Generated<string>;
  };
  reservations: {
    reservation_id: string;
    window_id: string;
    crew_id: string;
    event_id: string;
    status: ReservationStatus;
    expires_at: Date;
    created_at: Date;
    ended_at: Date | null;
    /** Where the hold came from, and the wizard's session token (docs/decisions/010-limits.md). */
    client_address: string | null;
    hold_session: string | null;
    /** Migration 014: when the visitor renewed the hold (once per hold). */
    extended_at: Date | null;
    /** Migration 018: drawn afresh whenever the row is written (a range's mark). */
    revision: Generated<string>;
  };
  /** Migration 008: public holidays (crews_off null: the day is closed) and crew days off. */
  closures: {
    id: Generated<number>;
    state: string;
    /** 'YYYY-MM-DD' in the state's zone. */
    day: string;
    crews_off: number | null;
    name: string;
  };
}
