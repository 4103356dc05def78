import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { State } from '../windows.ts';

/**
 * The only SQL of the console's schedule (docs/rules/operators.md#operations): a state's crews and
 * the holds and bookings of a day.
 */

type Db = Kysely<Schema>;

/** The names of a state's working crews, by id. */
export async function crewNames(db: Db, state: State): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('crews')
    .select(['id', 'name'])
    .where('state', '=', state)
    .where('active', '=', true)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface ScheduleReservation {
  window_id: string;
  crew_id: string;
  reservation_id: string;
  status: 'held' | 'consumed';
  expires_at: Date;
  /** The order that consumed it; null for a hold. */
  order_id: string | null;
}

/**
 * The bookings (consumed, with the order that consumed them) and live holds (held, not expired at
 * `now`) of a state's windows starting in [from, to).
 */
export async function takenPlaces(
  db: Db,
  state: State,
  from: Date,
  to: Date,
  now: Date,
): Promise<ScheduleReservation[]> {
  const rows = await db
    .selectFrom('reservations as r')
    .innerJoin('slot_windows as w', 'w.id', 'r.window_id')
    .leftJoin('orders as o', 'o.reservation_id', 'r.reservation_id')
    .select([
      'r.window_id',
      'r.crew_id',
      'r.reservation_id',
      'r.status',
      'r.expires_at',
      'o.id as order_id',
    ])
    .where('w.state', '=', state)
    .where('w.starts_at', '>=', from)
    .where('w.starts_at', '<', to)
    .where((eb) =>
      eb.or([
        eb('r.status', '=', 'consumed'),
        eb.and([eb('r.status', '=', 'held'), eb('r.expires_at', '>', now)]),
      ]),
    )
    .orderBy('r.created_at')
    .execute();
  return rows.map((r) => ({
    ...r,
    status: r.status === 'consumed' ? 'consumed' : 'held',
    order_id: r.status === 'consumed' ? r.order_id : null,
  }));
}
