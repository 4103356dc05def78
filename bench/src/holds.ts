import type { BookingSlot } from '@fibre/domain/api';
import { bookingMonthWindow, monthKeyOf, stateTimeZone } from '@fibre/domain/scheduling';
import { addMonths } from 'date-fns/addMonths';
import type { Options } from './support/options.ts';
import { withClient } from './support/postgres.ts';
import { ms, section, type Section } from './support/report.ts';
import { startServer } from './support/servers.ts';
import { freshStore } from './support/stores.ts';

const HOLDS = 500;
const WINDOWS = 20;

/**
 * 500 holds at once over 20 windows, sent alternately to two server instances on one PostgreSQL
 * database. Afterwards the database itself is asked whether any window gave more places than it
 * has, or any crew twice.
 */
export async function holdsBenchmark(_options: Options): Promise<Section> {
  const s = section('Holds under contention (two instances, one PostgreSQL)', [
    'holds sent',
    'windows',
    'capacity',
    'held (201)',
    'taken (409)',
    'other answers',
    'time to settle',
    'over-bookings (database)',
  ]);
  const store = await freshStore('postgres', 'holds');
  const url = store.env.DATABASE_URL!;
  // The first instance migrates and seeds; the second finds it done. No address index is needed.
  const env = { ...store.env, ADDRESS_INDEX_SIZE: '0' };
  const a = await startServer('real', env);
  const b = await startServer('real', env);
  try {
    const windows = await firstWindows(a.base, 'NSW', WINDOWS);
    const capacity = windows.reduce((sum, w) => sum + w.capacity, 0);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: HOLDS }, async (_, i) => {
        const w = windows[i % windows.length]!;
        const res = await fetch(`${(i % 2 ? b : a).base}/api/v1/demo/reservations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            booking_id: w.slot.booking_id,
            start: w.slot.start,
            end: w.slot.end,
          }),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const settle = performance.now() - started;
    const count = (status: number) => answers.filter((x) => x === status).length;
    const over = await overBookings(
      url,
      windows.map((w) => w.slot.booking_id),
    );
    s.rows.push([
      String(HOLDS),
      String(windows.length),
      String(capacity),
      String(count(201)),
      String(count(409)),
      String(HOLDS - count(201) - count(409)),
      ms(settle),
      String(over),
    ]);
    s.notes.push(
      'Windows: the first 20 bookable NSW windows (two crews each). Holds go out all at once through fetch (one connection each), even-numbered to instance A, odd to B; time to settle is from the first send to the last answer.',
      'Over-bookings are counted from the database: for each window, live holds plus bookings beyond its capacity, plus any crew holding two places in one window.',
    );
    s.budgets.push({
      name: 'Over-bookings under contention',
      target: '0',
      measured: String(over),
      met: over === 0,
      gap: over === 0 ? 'none' : `${over} too many`,
      whenMissed:
        'A hold was granted past capacity: holdWindow in apps/server/src/scheduling/repository/reservations.ts no longer serialises holders on the window row. This is a correctness bug, not a speed one.',
    });
    if (count(201) !== capacity) {
      s.notes.push(`Expected exactly ${capacity} holds to succeed; ${count(201)} did.`);
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await store.remove();
  }
  return s;
}

interface OpenWindow {
  slot: BookingSlot;
  capacity: number;
}

/** The first `n` windows with free places, and how many places each has (its listed slots). */
async function firstWindows(base: string, state: string, n: number): Promise<OpenWindow[]> {
  const zone = stateTimeZone(state);
  const { from } = bookingMonthWindow(monthKeyOf(new Date(), zone), zone);
  const { from: to } = bookingMonthWindow(monthKeyOf(addMonths(new Date(from), 3), zone), zone);
  const res = await fetch(
    `${base}/api/v1/demo/bookings/${state}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );
  const { booking_slots } = (await res.json()) as { booking_slots: BookingSlot[] };
  const byWindow = new Map<string, OpenWindow>();
  for (const slot of booking_slots) {
    const w = byWindow.get(slot.booking_id) ?? { slot, capacity: 0 };
    w.capacity += 1;
    byWindow.set(slot.booking_id, w);
  }
  const windows = [...byWindow.values()].slice(0, n);
  if (windows.length < n) throw new Error(`only ${windows.length} open windows in ${state}`);
  return windows;
}

async function overBookings(url: string, windowIds: string[]): Promise<number> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ over: number }>(
      `WITH live AS (
         SELECT window_id, crew_id FROM reservations
         WHERE window_id = ANY($1) AND (status = 'consumed' OR (status = 'held' AND expires_at > now()))
       ),
       per_window AS (
         SELECT w.id, GREATEST(count(live.crew_id) - w.capacity, 0) AS beyond,
                count(live.crew_id) - count(DISTINCT live.crew_id) AS doubled
         FROM slot_windows w LEFT JOIN live ON live.window_id = w.id
         WHERE w.id = ANY($1) GROUP BY w.id, w.capacity
       )
       SELECT COALESCE(sum(beyond + doubled), 0)::int AS over FROM per_window`,
      [windowIds],
    );
    return rows[0]?.over ?? 0;
  });
}
