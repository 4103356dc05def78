import { sql, type Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { PAIR_LOCK_KEYS } from '../../db/lock-keys.ts';
import { Refusal } from '../../http/errors.ts';

/**
 * The holder's side of a hold, in the hold's transaction (holdWindow in reservations.ts): slot
 * hoarding, OWASP OAT-021 (docs/decisions/010-limits.md).
 */

/** Advisory-lock key spaces (the two-integer form) for one session's and one address's holds. */
const SESSION_LOCK = PAIR_LOCK_KEYS.holdSession;
const CLIENT_LOCK = PAIR_LOCK_KEYS.holdClient;

export interface HoldLimits {
  /** The wizard's session token: its other live hold is released when this one is taken. */
  session?: string | undefined;
  /** The client address, with the most live holds it may have (HOLDS_PER_CLIENT). */
  client?: { address: string; maxLive: number } | undefined;
}

export const tooManyHolds = (max: number) =>
  new Refusal(
    'rate_limited',
    'too_many_holds',
    `This address already holds ${max} installation ${max === 1 ? 'time' : 'times'}, the most we keep for one connection. Please finish or cancel an order, or try again in a few minutes.`,
  );

/**
 * Slot hoarding (docs/decisions/010-limits.md): one session holds one window, one address at
 * most `maxLive`. The session's and then the address's advisory lock queue that holder's holds on
 * every instance, so the count below is of committed holds; 429 when the address is at its limit.
 * The session's own live holds do not count: they are released when this hold is taken.
 */
export async function checkHolder(trx: Transaction<Schema>, limits: HoldLimits, now: Date) {
  const { session, client } = limits;
  if (session) {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(SESSION_LOCK)}, hashtext(${session}))`.execute(
      trx,
    );
  }
  if (!client) return;
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(CLIENT_LOCK)}, hashtext(${client.address}))`.execute(
    trx,
  );
  let live = trx
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('client_address', '=', client.address)
    .where('status', '=', 'held')
    .where('expires_at', '>', now);
  if (session) {
    live = live.where((eb) =>
      eb.or([eb('hold_session', 'is', null), eb('hold_session', '<>', session)]),
    );
  }
  const { n } = await live.executeTakeFirstOrThrow();
  if (Number(n) >= client.maxLive) throw tooManyHolds(client.maxLive);
}

/**
 * A visitor holds one window at a time: the session's other live holds go when a new one comes.
 * Answers how many went (counted as released holds, README's Metrics).
 */
export async function releaseOthers(
  trx: Transaction<Schema>,
  limits: HoldLimits,
  keep: string,
  now: Date,
): Promise<number> {
  if (!limits.session) return 0;
  const result = await trx
    .updateTable('reservations')
    .set({ status: 'released', ended_at: now })
    .where('hold_session', '=', limits.session)
    .where('status', '=', 'held')
    .where('reservation_id', '<>', keep)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
