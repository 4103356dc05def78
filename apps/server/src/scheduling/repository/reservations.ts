import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { checkHolder, releaseOthers, type HoldLimits } from './hold-limits.ts';
import { inTransaction } from '../../db/transactions.ts';
import type { State, Window } from '../windows.ts';

/**
 * The only SQL for crews, slot windows and reservations. Capacity lives in the database: whoever
 * adds to a window's count first locks its row (SELECT ... FOR UPDATE), so holders on any number
 * of processes queue on that row and each counts what the one before it committed.
 */

type Db = Kysely<Schema>;

/** The crews a window has given away at `now`: bookings, and holds that have not expired. */
async function takenCrews(
  db: Db | Transaction<Schema>,
  windowId: string,
  now: Date,
  except?: string,
): Promise<string[]> {
  let query = db
    .selectFrom('reservations')
    .select('crew_id')
    .where('window_id', '=', windowId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'consumed'),
        eb.and([eb('status', '=', 'held'), eb('expires_at', '>', now)]),
      ]),
    );
  if (except) query = query.where('reservation_id', '<>', except);
  return (await query.execute()).map((r) => r.crew_id);
}

export interface WindowUsage {
  capacity: number;
  taken: string[];
}

export interface RangeUsage {
  /** Usage of the held-at-least-once windows, by window id. */
  windows: Map<string, WindowUsage>;
  /** When the first of the range's live holds lapses, giving its place back; null without one. */
  nextLapse: Date | null;
}

/** Usage of the held-at-least-once windows of a state starting in [from, to). */
export async function windowUsage(
  db: Db,
  state: State,
  from: Date,
  to: Date,
  now: Date,
): Promise<RangeUsage> {
  const rows = await db
    .selectFrom('slot_windows as w')
    .leftJoin('reservations as r', (join) =>
      join
        .onRef('r.window_id', '=', 'w.id')
        .on((eb) =>
          eb.or([
            eb('r.status', '=', 'consumed'),
            eb.and([eb('r.status', '=', 'held'), eb('r.expires_at', '>', now)]),
          ]),
        ),
    )
    .select(['w.id', 'w.capacity', 'r.crew_id', 'r.status', 'r.expires_at'])
    .where('w.state', '=', state)
    .where('w.starts_at', '>=', from)
    .where('w.starts_at', '<', to)
    .execute();
  const windows = new Map<string, WindowUsage>();
  let nextLapse: Date | null = null;
  for (const row of rows) {
    const entry = windows.get(row.id) ?? { capacity: row.capacity, taken: [] };
    if (row.crew_id !== null) entry.taken.push(row.crew_id);
    if (row.status === 'held' && row.expires_at && (!nextLapse || row.expires_at < nextLapse)) {
      nextLapse = row.expires_at;
    }
    windows.set(row.id, entry);
  }
  return { windows, nextLapse };
}

/**
 * A mark of everything written to a state's windows starting in [from, to) and their
 * reservations (migration 018): the count and the sum of the rows' revisions. Any committed
 * change moves it, so an answer computed after reading a mark is current while the mark is the
 * same (docs/decisions/022-kept-answers.md).
 */
export async function rangeMark(db: Db, state: State, from: Date, to: Date): Promise<string> {
  const { rows } = await sql<{ mark: string }>`
    SELECT range_mark(${state}, ${from}, ${to}) AS mark`.execute(db);
  return rows[0]?.mark ?? '';
}

export interface Hold {
  reservation_id: string;
  event_id: string;
  crew_id: string;
  expires_at: Date;
  /** The session's earlier holds this one released (releaseOthers). */
  released: number;
}

/**
 * Holds a place in the window for one of its free crews, or answers null when it is full. The
 * window row is created on first use and then locked: the count and the insert happen while no
 * other holder of this window can count. With `limits`, the holder's limits are checked first
 * (checkHolder) and the session's earlier hold is released with this one's insert.
 */
export async function holdWindow(
  db: Db,
  window: Window,
  hold: {
    reservationId: string;
    now: Date;
    expiresAt: Date;
    alsoTaken?: number;
    limits?: HoldLimits;
  },
): Promise<Hold | null> {
  const limits = hold.limits ?? {};
  return db.transaction().execute(async (trx) => {
    await checkHolder(trx, limits, hold.now);
    await trx
      .insertInto('slot_windows')
      .values({
        id: window.id,
        state: window.state,
        starts_at: window.startsAt,
        ends_at: window.endsAt,
        capacity: window.crewIds.length,
        created_at: hold.now,
      })
      .onConflict((c) => c.column('id').doNothing())
      .execute();
    const { capacity } = await trx
      .selectFrom('slot_windows')
      .select('capacity')
      .where('id', '=', window.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const taken = await takenCrews(trx, window.id, hold.now);
    const crewId = window.crewIds.find((id) => !taken.includes(id));
    // Crews off that day (an import since the row was made) lower the window's capacity.
    const places = Math.min(capacity, window.crewIds.length);
    if (taken.length + (hold.alsoTaken ?? 0) >= places || crewId === undefined) return null;
    const row = {
      reservation_id: hold.reservationId,
      event_id: `${window.id}~${crewId}`,
      crew_id: crewId,
      expires_at: hold.expiresAt,
    };
    await trx
      .insertInto('reservations')
      .values({
        ...row,
        window_id: window.id,
        status: 'held',
        created_at: hold.now,
        client_address: limits.client?.address ?? null,
        hold_session: limits.session ?? null,
      })
      .execute();
    return { ...row, released: await releaseOthers(trx, limits, hold.reservationId, hold.now) };
  });
}

export type ReleaseOutcome = 'released' | 'already_released' | 'consumed' | 'unknown';

/**
 * Gives a held place back; releasing twice is harmless, a booking cannot be released. A hold taken
 * under a session is released only by that session: to anyone else it is unknown.
 */
export async function releaseReservation(
  db: Db,
  reservationId: string,
  now: Date,
  session?: string,
): Promise<ReleaseOutcome> {
  const mine = (eb: ExpressionBuilder<Schema, 'reservations'>) =>
    session
      ? eb.or([eb('hold_session', 'is', null), eb('hold_session', '=', session)])
      : eb('hold_session', 'is', null);
  // The status test in the WHERE makes release and consumption exclusive: the row lock queues
  // them, and the second re-reads the row before deciding.
  const released = await db
    .updateTable('reservations')
    .set({ status: 'released', ended_at: now })
    .where('reservation_id', '=', reservationId)
    .where('status', '=', 'held')
    .where(mine)
    .returning('reservation_id')
    .executeTakeFirst();
  if (released) return 'released';
  const row = await db
    .selectFrom('reservations')
    .select('status')
    .where('reservation_id', '=', reservationId)
    .where(mine)
    .executeTakeFirst();
  if (!row) return 'unknown';
  return row.status === 'consumed' ? 'consumed' : 'already_released';
}

export type ExtendOutcome =
  | { kind: 'extended'; reservation_id: string; event_id: string; expires_at: Date }
  | { kind: 'already_extended' | 'expired' | 'released' | 'consumed' | 'unknown' };

/**
 * Renews a live hold once (docs/rules/installation-and-holds.md#extending-a-hold): its expiry
 * becomes `expiresAt`, or stays where it was if that is later. A hold taken under a session is
 * renewed only by that session: to anyone else it is unknown, as for release.
 *
 * A live hold keeps its place, so no place is looked for; but the window is locked first, as
 * holders lock it, and the place counted again, so a hold that another process (whose clock has
 * passed expires_at) already gave away is not renewed over the window's capacity.
 */
export async function extendReservation(
  db: Db,
  reservationId: string,
  hold: { now: Date; expiresAt: Date; session?: string | undefined },
): Promise<ExtendOutcome> {
  const { now, session } = hold;
  return inTransaction(db, async (trx): Promise<ExtendOutcome> => {
    const found = await trx
      .selectFrom('reservations')
      .select('window_id')
      .where('reservation_id', '=', reservationId)
      .where((eb) =>
        session
          ? eb.or([eb('hold_session', 'is', null), eb('hold_session', '=', session)])
          : eb('hold_session', 'is', null),
      )
      .executeTakeFirst();
    if (!found) return { kind: 'unknown' };
    const window = await trx
      .selectFrom('slot_windows')
      .select(['id', 'capacity'])
      .where('id', '=', found.window_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const row = await trx
      .selectFrom('reservations')
      .selectAll()
      .where('reservation_id', '=', reservationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.status === 'consumed') return { kind: 'consumed' };
    if (row.status === 'released') return { kind: 'released' };
    if (row.expires_at <= now) return { kind: 'expired' };
    if (row.extended_at !== null) return { kind: 'already_extended' };
    const others = await takenCrews(trx, window.id, now, reservationId);
    if (others.length >= window.capacity || others.includes(row.crew_id)) {
      return { kind: 'expired' };
    }
    const expiresAt = hold.expiresAt > row.expires_at ? hold.expiresAt : row.expires_at;
    await trx
      .updateTable('reservations')
      .set({ expires_at: expiresAt, extended_at: now })
      .where('reservation_id', '=', reservationId)
      .execute();
    return {
      kind: 'extended',
      reservation_id: row.reservation_id,
      event_id: row.event_id,
      expires_at: expiresAt,
    };
  });
}

export interface ConsumedReservation {
  reservation_id: string;
  event_id: string;
  window_id: string;
  state: string;
  starts_at: Date;
  ends_at: Date;
}

/**
 * Turns a live hold into a booking inside the caller's transaction (the install unit of work), so
 * the booking commits or rolls back with the order. Null when the reservation is unknown,
 * released, already consumed or expired at `now`.
 *
 * The window is locked first, as holders lock it, and the place is counted again: another process
 * whose clock has passed expires_at may already have given this place to someone else, and a
 * booking must never push the window over its capacity or give its crew a second job.
 */
export async function consumeReservation(
  trx: Transaction<Schema>,
  reservationId: string,
  now: Date,
): Promise<ConsumedReservation | null> {
  const found = await trx
    .selectFrom('reservations')
    .select('window_id')
    .where('reservation_id', '=', reservationId)
    .executeTakeFirst();
  if (!found) return null;
  const window = await trx
    .selectFrom('slot_windows')
    .selectAll()
    .where('id', '=', found.window_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const reservation = await trx
    .selectFrom('reservations')
    .selectAll()
    .where('reservation_id', '=', reservationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (reservation.status !== 'held' || reservation.expires_at <= now) return null;
  const others = await takenCrews(trx, window.id, now, reservationId);
  if (others.length >= window.capacity || others.includes(reservation.crew_id)) return null;
  await trx
    .updateTable('reservations')
    .set({ status: 'consumed', ended_at: now })
    .where('reservation_id', '=', reservationId)
    .execute();
  return {
    reservation_id: reservation.reservation_id,
    event_id: reservation.event_id,
    window_id: window.id,
    state: window.state,
    starts_at: window.starts_at,
    ends_at: window.ends_at,
  };
}

/**
 * Gives a consumed reservation back to its holder, when the order that consumed it could not be
 * completed (an external billing or scheduling call failed and was undone). It counts as a hold
 * again until its own expires_at, so the visitor can still pay with another card.
 */
export async function restoreReservation(
  trx: Transaction<Schema>,
  reservationId: string,
): Promise<void> {
  await trx
    .updateTable('reservations')
    .set({ status: 'held', ended_at: null })
    .where('reservation_id', '=', reservationId)
    .where('status', '=', 'consumed')
    .execute();
}

/** A reservation with its window's state and times, whatever its status: a resumed order's hold. */
export async function findReservationWindow(
  db: Kysely<Schema>,
  reservationId: string,
): Promise<Omit<ConsumedReservation, 'window_id'> | undefined> {
  return db
    .selectFrom('reservations as r')
    .innerJoin('slot_windows as w', 'w.id', 'r.window_id')
    .select(['r.reservation_id', 'r.event_id', 'w.state', 'w.starts_at', 'w.ends_at'])
    .where('r.reservation_id', '=', reservationId)
    .executeTakeFirst();
}
