import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Database } from './database.ts';

const dir = new URL('./migrations/', import.meta.url);

/**
 * Applies the numbered SQL migrations in order, each once, each in its own transaction. On
 * PostgreSQL an advisory lock lets several instances start at once without racing.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f)).sort();
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
  for (const file of files) {
    const text = await readFile(new URL(file, dir), 'utf8');
    const done = await database.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(4711)`.execute(trx);
      const seen = await sql<{
        version: string;
      }>`SELECT version FROM schema_migrations WHERE version = ${file}`.execute(trx);
      if (seen.rows.length > 0) return false;
      await sql.raw(text).execute(trx);
      await sql`INSERT INTO schema_migrations (version) VALUES (${file})`.execute(trx);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}
