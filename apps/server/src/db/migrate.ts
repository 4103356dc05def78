import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { migrationsDir } from '../http/paths.ts';
import { takeAdvisoryLock } from './advisory-lock.ts';
import { LOCK_KEYS } from './lock-keys.ts';
import type { Database } from './database.ts';
import type { Schema } from './schema.ts';

// Any fixed number: instances that start together queue on it (docs/decisions/002-database-modes.md).
export const MIGRATION_LOCK = LOCK_KEYS.migration;

/** The first line of a migration that runs outside a transaction (docs/migrations.md). */
export const NO_TRANSACTION = '-- migrate: no-transaction';

export interface MigrateOptions {
  /** The folder of numbered SQL files: the server's own unless a test names another. */
  dir?: string;
  /** The advisory lock's key: MIGRATION_LOCK unless a test needs one of its own. */
  lock?: number;
}

/** The numbered SQL files in `dir`, in the order they apply. */
export async function migrationFiles(dir = migrationsDir): Promise<string[]> {
  return (await readdir(dir)).filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f)).sort();
}

/**
 * Applies the numbered SQL migrations in order, each once, each in its own transaction, or
 * statement by statement when its first line is NO_TRANSACTION (docs/migrations.md). The whole
 * run holds one advisory lock on one connection, so instances that start together on a fresh
 * database wait for the first: before, each file had its own lock but the bookkeeping table was
 * created outside any, and racing `CREATE TABLE IF NOT EXISTS` fails in PostgreSQL.
 */
export async function migrate(
  database: Database,
  { dir = migrationsDir, lock = MIGRATION_LOCK }: MigrateOptions = {},
): Promise<string[]> {
  const files = await migrationFiles(dir);
  return database.db.connection().execute(async (session) => {
    await takeAdvisoryLock(session, lock, 'session');
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
        const text = await readFile(join(dir, file), 'utf8');
        if (text.startsWith(NO_TRANSACTION)) {
          await runOutsideTransaction(session, text);
          await sql`INSERT INTO schema_migrations (version) VALUES (${file})`.execute(session);
        } else {
          await session.transaction().execute(async (trx) => {
            await sql.raw(text).execute(trx);
            await sql`INSERT INTO schema_migrations (version) VALUES (${file})`.execute(trx);
          });
        }
        applied.push(file);
      }
      return applied;
    } finally {
      await sql`SELECT pg_advisory_unlock(${lock})`.execute(session);
    }
  });
}

/** The migrations in `dir` the database has not applied, in order (MIGRATE_ON_START=0). */
export async function pendingMigrations(
  database: Database,
  { dir = migrationsDir }: Pick<MigrateOptions, 'dir'> = {},
): Promise<string[]> {
  const files = await migrationFiles(dir);
  const table = await sql<{
    found: string | null;
  }>`SELECT to_regclass('schema_migrations')::text AS found`.execute(database.db);
  if (!table.rows[0]?.found) return files;
  const done = await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(
    database.db,
  );
  const applied = new Set(done.rows.map((r) => r.version));
  return files.filter((f) => !applied.has(f));
}

// A concurrent build that failed leaves its index behind, INVALID: IF NOT EXISTS would then keep
// it as it is, unused by the planner and still slowing writes.
const CONCURRENT_INDEX =
  /^CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+("[^"]+"|[\w$]+)/i;

/**
 * A no-transaction migration, one statement at a time on this session outside any transaction
 * (a multi-statement query is one implicit transaction, where CONCURRENTLY is refused). Its
 * statements are idempotent, so a run that stopped halfway is run again whole: an index a failed
 * concurrent build left INVALID is dropped first and built again. PGlite takes the same
 * statements: it is one session, so a concurrent build there has nobody to wait for.
 */
async function runOutsideTransaction(session: Kysely<Schema>, text: string): Promise<void> {
  for (const statement of splitStatements(text)) {
    const index = CONCURRENT_INDEX.exec(statement)?.[1];
    if (index) {
      const found = await sql<{
        valid: boolean;
      }>`SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass(${index})`.execute(
        session,
      );
      if (found.rows[0]?.valid === false) {
        await sql.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${index}`).execute(session);
      }
    }
    await sql.raw(statement).execute(session);
  }
}

/**
 * The statements of a no-transaction migration: its `--` comments removed, split at each `;`.
 * Such a file holds plain statements only: no function bodies, no `--` or `;` inside a string
 * (docs/migrations.md).
 */
export function splitStatements(text: string): string[] {
  return text
    .replace(/--.*$/gm, '')
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
