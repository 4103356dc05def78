import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { engines, freshPostgres } from '../test-support/app.ts';
import { openPglite, type Database } from './database.ts';
import { migrate, splitStatements } from './migrate.ts';

/*
 * docs/migrations.md, "Indexes on large tables": a migration whose first line is
 * '-- migrate: no-transaction' runs statement by statement outside any transaction, so it may
 * build an index CONCURRENTLY; run again after a failure, it finishes the job.
 */

const home = mkdtempSync(join(tmpdir(), 'migrate-no-transaction-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
let dirs = 0;

/** A folder of migrations: name -> text. */
function migrations(files: Record<string, string>): string {
  const dir = join(home, `m-${++dirs}`);
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

// A lock of the tests' own: other test files take MIGRATION_LOCK while they start, and a
// concurrent build waits for their statements.
const lock = 4712;

async function open(engine: 'pglite' | 'postgres'): Promise<Database> {
  return engine === 'postgres' ? freshPostgres() : openPglite(undefined);
}

async function index(database: Database, name: string): Promise<{ valid: boolean } | undefined> {
  const found = await sql<{
    valid: boolean;
  }>`SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass(${name})`.execute(
    database.db,
  );
  return found.rows[0];
}

async function versions(database: Database): Promise<string[]> {
  const rows = await sql<{
    version: string;
  }>`SELECT version FROM schema_migrations ORDER BY version`.execute(database.db);
  return rows.rows.map((r) => r.version);
}

const table = `CREATE TABLE things (id text PRIMARY KEY, code text NOT NULL);
INSERT INTO things VALUES ('a', 'one'), ('b', 'two'), ('c', 'two');`;

const concurrent = `-- migrate: no-transaction
-- One code per thing, and a lookup by id and code.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS things_code ON things (code);
CREATE INDEX CONCURRENTLY IF NOT EXISTS things_id_code ON things (id, code);
`;

describe.each(engines())('a no-transaction migration (%s)', (engine) => {
  it('builds its indexes concurrently, once', async () => {
    const dir = migrations({
      '001-things.sql': table.replace("('c', 'two')", "('c', 'three')"),
      '002-things-code.sql': concurrent,
    });
    const database = await open(engine);
    try {
      expect(await migrate(database, { dir, lock })).toEqual([
        '001-things.sql',
        '002-things-code.sql',
      ]);
      expect(await index(database, 'things_code')).toEqual({ valid: true });
      expect(await index(database, 'things_id_code')).toEqual({ valid: true });
      expect(await versions(database)).toEqual(['001-things.sql', '002-things-code.sql']);
      expect(await migrate(database, { dir, lock })).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('drops the INVALID index a failed concurrent build left, and builds it again', async () => {
    const dir = migrations({ '001-things.sql': table, '002-things-code.sql': concurrent });
    const database = await open(engine);
    try {
      // Two things share 'two': the unique build fails and leaves its index behind, INVALID.
      await expect(migrate(database, { dir, lock })).rejects.toThrow(/things_code/);
      expect(await index(database, 'things_code')).toEqual({ valid: false });
      expect(await versions(database)).toEqual(['001-things.sql']);

      await sql`UPDATE things SET code = 'three' WHERE id = 'c'`.execute(database.db);
      expect(await migrate(database, { dir, lock })).toEqual(['002-things-code.sql']);
      expect(await index(database, 'things_code')).toEqual({ valid: true });
      expect(await index(database, 'things_id_code')).toEqual({ valid: true });
    } finally {
      await database.close();
    }
  });
});

// Waiting inside PostgreSQL for the lock (pg_advisory_lock) held a snapshot the first instance's
// concurrent build waited for, while it waited for the lock: a deadlock, and one start failed.
describe.runIf(!!process.env.TEST_DATABASE_URL)('instances starting together', () => {
  it('wait for the one building an index concurrently, and find it built', async () => {
    const dir = migrations({ '001-things.sql': table.replace("('c', 'two')", "('c', 'three')") });
    const first = await freshPostgres();
    const [path] = (
      await sql<{
        path: string;
      }>`SELECT current_setting('search_path') AS path`.execute(first.db)
    ).rows;
    const schema = path!.path.split(',')[0]!.trim();
    const second = await freshPostgres(schema);
    try {
      await migrate(first, { dir, lock });
      await sql`INSERT INTO things SELECT 'x' || n, 'code ' || n FROM generate_series(1, 200000) n`.execute(
        first.db,
      );
      writeFileSync(join(dir, '002-things-code.sql'), concurrent);
      const runs = await Promise.all([
        migrate(first, { dir, lock }),
        new Promise((r) => setTimeout(r, 50)).then(() => migrate(second, { dir, lock })),
      ]);
      expect(runs.flat()).toEqual(['002-things-code.sql']);
      expect(await index(first, 'things_code')).toEqual({ valid: true });
    } finally {
      await first.close();
      await second.close();
    }
  }, 60_000);
});

describe('splitStatements', () => {
  it('takes the comments out and splits at each semicolon', () => {
    expect(splitStatements(concurrent)).toEqual([
      'CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS things_code ON things (code)',
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS things_id_code ON things (id, code)',
    ]);
  });
});
