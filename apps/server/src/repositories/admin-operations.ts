import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { State } from '../scheduling/windows.ts';
import { recordAudit, type AuditEntry } from './operators.ts';
import { inTransaction } from './transactions.ts';

/**
 * The only SQL of the console's operations (docs/rules/operators.md#operations): a state's crews
 * and the holds and bookings of a day, live holds and releasing one, a lead's contacted mark, and
 * how often each coupon and campaign was used.
 */

type Db = Kysely<Schema>;
type Operator = Pick<AuditEntry, 'operatorEmail' | 'at'>;

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

/** Every live hold (held, expiring after `now`), soonest expiry first, with its crew and window. */
export async function liveHolds(db: Db, now: Date) {
  return db
    .selectFrom('reservations as r')
    .innerJoin('slot_windows as w', 'w.id', 'r.window_id')
    .innerJoin('crews as c', 'c.id', 'r.crew_id')
    .select([
      'r.reservation_id',
      'r.crew_id',
      'c.name as crew_name',
      'w.state',
      'w.starts_at',
      'w.ends_at',
      'r.created_at',
      'r.expires_at',
    ])
    .where('r.status', '=', 'held')
    .where('r.expires_at', '>', now)
    .orderBy('r.expires_at')
    .orderBy('r.reservation_id')
    .execute();
}

/**
 * Releases a live hold whoever took it, with its audit record in the same transaction: the window
 * counts it no more at once, as when its holder releases it (repositories/reservations.ts). False
 * when no live hold has this id: unknown, expired, released or booked.
 */
export async function releaseLiveHold(
  db: Db,
  reservationId: string,
  operator: Operator,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    // The status and clock test in the WHERE keep release and consumption exclusive, as the
    // holder's own release does: the row lock queues them and the second re-reads the row.
    const released = await trx
      .updateTable('reservations')
      .set({ status: 'released', ended_at: operator.at })
      .where('reservation_id', '=', reservationId)
      .where('status', '=', 'held')
      .where('expires_at', '>', operator.at)
      .returning(['window_id', 'crew_id', 'expires_at'])
      .executeTakeFirst();
    if (!released) return false;
    const place = {
      windowId: released.window_id,
      crewId: released.crew_id,
      expiresAt: released.expires_at.toISOString(),
    };
    await recordAudit(trx, {
      ...operator,
      action: 'hold_released',
      subjectType: 'reservation',
      subjectId: reservationId,
      before: { status: 'held', ...place },
      after: { status: 'released', ...place },
    });
    return true;
  });
}

export type LeadRow = Selectable<Schema['leads']>;

const contactOf = (lead: Pick<LeadRow, 'contacted_at' | 'contacted_by'>) => ({
  contactedAt: lead.contacted_at?.toISOString() ?? null,
  contactedBy: lead.contacted_by,
});

/**
 * Marks a lead contacted by the operator (`contacted` true) or clears the mark (false), with its
 * audit record in the same transaction; the lead as it is afterwards, or undefined when no lead has
 * this id.
 */
export async function markLeadContacted(
  db: Db,
  leadId: string,
  contacted: boolean,
  operator: Operator,
): Promise<LeadRow | undefined> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', leadId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const after = await trx
      .updateTable('leads')
      .set(
        contacted
          ? { contacted_at: operator.at, contacted_by: operator.operatorEmail }
          : { contacted_at: null, contacted_by: null },
      )
      .where('id', '=', leadId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...operator,
      action: contacted ? 'lead_contacted' : 'lead_uncontacted',
      subjectType: 'lead',
      subjectId: leadId,
      before: contactOf(before),
      after: contactOf(after),
    });
    return after;
  });
}

/**
 * The provider's coupons and campaigns, each with how many orders carry its code: every order but
 * a cancelled one, codes compared ignoring case. A campaign's buildings are those that name it and
 * are not retired.
 */
export async function offerUsage(db: Db, rsp: string) {
  const [coupons, campaigns] = await Promise.all([
    db
      .selectFrom('coupons as c')
      .select((eb) => [
        'c.coupon_id',
        'c.period',
        'c.period_unit',
        'c.dollar_amount',
        'c.percentage',
        'c.retired_at',
        eb
          .selectFrom('orders as o')
          .select((o) => o.fn.countAll<number>().as('n'))
          .where('o.status', '<>', 'cancelled')
          .where((o) => o(o.fn('upper', ['o.coupon_id']), '=', o.fn('upper', ['c.coupon_id'])))
          .as('orders'),
      ])
      .where('c.rsp', '=', rsp)
      .orderBy('c.coupon_id')
      .execute(),
    db
      .selectFrom('campaigns as k')
      .select((eb) => [
        'k.id',
        'k.name',
        'k.coupon_code',
        'k.starts',
        'k.ends',
        'k.retired_at',
        eb
          .selectFrom('buildings as b')
          .select((b) => b.fn.countAll<number>().as('n'))
          .whereRef('b.campaign_id', '=', 'k.id')
          .where('b.retired_at', 'is', null)
          .as('buildings'),
        eb
          .selectFrom('orders as o')
          .select((o) => o.fn.countAll<number>().as('n'))
          .where('o.status', '<>', 'cancelled')
          .where((o) => o(o.fn('upper', ['o.coupon_id']), '=', o.fn('upper', ['k.coupon_code'])))
          .as('orders'),
      ])
      .where('k.rsp', '=', rsp)
      .orderBy('k.starts', 'desc')
      .orderBy('k.id')
      .execute(),
  ]);
  return { coupons, campaigns };
}
