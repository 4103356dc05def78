import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { recordAudit, type AuditEntry } from '../../operators/index.ts';
import { inTransaction } from '../../db/transactions.ts';

/**
 * The only SQL of the console's holds (docs/rules/operators.md#operations): live holds and
 * releasing one.
 */

type Db = Kysely<Schema>;
type Operator = Pick<AuditEntry, 'operatorEmail' | 'at'>;

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
 * counts it no more at once, as when its holder releases it (scheduling/repository/reservations.ts). False
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
