import type { Config } from '../../config.ts';
import type { Database } from '../database.ts';
import { insertCrews, type NewCrew } from '../../repositories/reservations.ts';
import type { State } from '../../scheduling/windows.ts';

// PRODUCT.md 5: Monday to Saturday, two-hour windows 8 am to 4 pm local time. NSW has two crews
// so that duplicate starts occur; a window's capacity is the number of crews working it.
const crewsPerState: Record<State, number> = {
  NSW: 2,
  VIC: 2,
  QLD: 2,
  WA: 2,
  SA: 1,
  TAS: 1,
  NT: 1,
  ACT: 1,
};

export const demoCrews: NewCrew[] = Object.entries(crewsPerState).flatMap(([state, count]) =>
  Array.from({ length: count }, (_, i) => ({
    id: `crew-${state.toLowerCase()}-${i + 1}`,
    state: state as State,
    name: `${state} crew ${i + 1}`,
    working_days: [1, 2, 3, 4, 5, 6],
    shift_start_minute: 8 * 60,
    shift_end_minute: 16 * 60,
    window_minutes: 120,
  })),
);

export async function seedScheduling(database: Database, _config: Config): Promise<void> {
  await insertCrews(database.db, demoCrews);
}
