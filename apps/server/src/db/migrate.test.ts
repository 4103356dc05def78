import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../http/paths.ts';
import { openPostgres } from './database.ts';
import { migrate } from './migrate.ts';
import { createTestExtensions } from '../test-support/app.ts';

const files = readdirSync(migrationsDir)
  .filter((f) => f.endsWith('.sql'))
  .sort();

// Before, each file had a lock of its own but the bookkeeping table was created outside any, and
// instances racing on a fresh database failed with 'duplicate key value violates unique
// constraint "pg_type_typname_nsp_index"'.
describe.runIf(!!process.env.TEST_DATABASE_URL)(
  'migrations from instances starting together',
  () => {
    it('apply each file once, on a fresh schema, while four instances race', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const schema = `m_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      const admin = await openPostgres(url, { max: 1 });
      await createTestExtensions(admin);
      await admin.exec(`CREATE SCHEMA ${schema}`);
      const instances = await Promise.all(
        [1, 2, 3, 4].map(() => openPostgres(url, { schema: `${schema},public` })),
      );
      try {
        const runs = await Promise.all(instances.map((instance) => migrate(instance)));
        expect(runs.flat().sort()).toEqual(files);
        const rows = await sql<{
          version: string;
        }>`SELECT version FROM schema_migrations ORDER BY version`.execute(instances[0]!.db);
        expect(rows.rows.map((r) => r.version)).toEqual(files);
        expect(await migrate(instances[1]!)).toEqual([]);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
        await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
        await admin.close();
      }
    });
  },
);
