import { sql, type Kysely, type Transaction } from 'kysely';
import { PAIR_LOCK_KEYS } from '../db/lock-keys.ts';
import type { Schema } from '../db/schema.ts';

/**
 * Whether a building's unit has an active order (docs/rules/contact-and-connection.md#the-buildings-units):
 * one for the same building code and unit key that is not cancelled, nor its service. On the
 * index of migration 030; the answer is a yes or a no, never the order.
 */
export async function unitHasActiveOrder(
  db: Kysely<Schema>,
  buildingCode: string,
  unitKey: string,
): Promise<boolean> {
  const found = await db
    .selectFrom('orders')
    .select('id')
    .where('building_code', '=', buildingCode)
    .where('unit_key', '=', unitKey)
    .where('status', '<>', 'cancelled')
    .where((eb) =>
      eb.or([eb('service_status', 'is', null), eb('service_status', '<>', 'cancelled')]),
    )
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** Advisory-lock key space (the two-integer form) for one building's unit. */
const UNIT_LOCK = PAIR_LOCK_KEYS.buildingUnit;

/**
 * Queues the orders for one building's unit, in the order's transaction, on every instance: the
 * second of two orders placed at once reads the first, committed, and is the move-in.
 */
export async function lockUnit(trx: Transaction<Schema>, buildingCode: string, unitKey: string) {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(UNIT_LOCK)}, hashtext(${`${buildingCode}/${unitKey}`}))`.execute(
    trx,
  );
}
