import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { dayClosures, type DayClosures } from '../scheduling/closures.ts';
import type { CrewShift, State } from '../scheduling/windows.ts';

type Db = Kysely<Schema>;

/** A state's working crews and its closures: what its windows are computed from. */
export interface StateCalendar {
  crews: CrewShift[];
  closures: DayClosures;
}

export async function listCalendar(db: Db, state: State): Promise<StateCalendar> {
  const [crews, closures] = await Promise.all([
    db
      .selectFrom('crews')
      .select(['id', 'working_days', 'shift_start_minute', 'shift_end_minute', 'window_minutes'])
      .where('state', '=', state)
      .where('active', '=', true)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('closures')
      .select(['day', 'crews_off'])
      .where('state', '=', state)
      .orderBy('day')
      .execute(),
  ]);
  return { crews, closures: dayClosures(closures) };
}
