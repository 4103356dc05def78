import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Schema } from './schema.ts';

/**
 * Takes an advisory lock that instances starting together queue on, by trying it every 100 ms
 * rather than waiting inside PostgreSQL: a session blocked in pg_advisory_lock holds a snapshot,
 * and CREATE INDEX CONCURRENTLY in the session that holds the lock waits for every older snapshot
 * to end, so the two would deadlock. Between tries this session holds none. `transaction`: the
 * lock ends with the transaction `db` is (pg_try_advisory_xact_lock); `session`: it is held until
 * pg_advisory_unlock on the same session.
 */
export async function takeAdvisoryLock(
  db: Kysely<Schema>,
  lock: number,
  scope: 'session' | 'transaction',
): Promise<void> {
  const attempt =
    scope === 'session'
      ? sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${lock}) AS locked`
      : sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${lock}) AS locked`;
  for (;;) {
    if ((await attempt.execute(db)).rows[0]?.locked) return;
    await sleep(100);
  }
}
