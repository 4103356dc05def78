import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { migrationsDir } from '../http/paths.ts';
import type { Database } from './database.ts';

// Any fixed number: instances that start together queue on it (docs/decisions/002-database-modes.md).
export const MIGRATION_LOCK = 4711;

/**
 * Applies the numbered SQL migrations in order, each once, each in its own transaction. The whole
 * run holds one advisory lock on one connection, so instances that start together on a fresh
 * database wait for the first: before, each file had its own lock but the bookkeeping table was
 * created outside any, and racing `CREATE TABLE IF NOT EXISTS` fails in PostgreSQL.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir))
    .filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f))
    .sort();
  return database.db.connection().execute(async (session) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(session);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
        session,
      );
      const applied: string[] = [];
      for (const file of files) {
        const seen = await sql<{
          version: string;
        }>`SELECT version FROM schema_migrations WHERE version = ${file}`.execute(session);
        if (seen.rows.length > 0) continue;
        const text = await readFile(join(migrationsDir, file), 'utf8');
        await session.transaction().execute(async (trx) => {
          await sql.raw(text).execute(trx);
          await sql`INSERT INTO schema_migrations (version) VALUES (${file})`.execute(trx);
        });
        applied.push(file);
      }
      return applied;
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(session);
    }
  });
}
