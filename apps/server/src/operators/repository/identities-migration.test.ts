import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { engines, freshPostgres } from '../../test-support/app.ts';
import { openPglite } from '../../db/database.ts';
import { migrate, migrationFiles } from '../../db/migrate.ts';
import { migrationsDir } from '../../http/paths.ts';
import { NO_PASSWORD } from '../passwords.ts';

// Migration 036 (docs/rules/operators.md#signing-in-through-the-providers-identity-service): on a
// database with accounts, those the identity service made before it are marked as its, and the
// identity's unique index is built, valid.

const home = mkdtempSync(join(tmpdir(), 'operator-identities-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe.each(engines())('migration 036 on %s', (engine) => {
  it('marks the accounts the identity service made, and builds the unique index', async () => {
    const database = engine === 'postgres' ? await freshPostgres() : await openPglite(undefined);
    try {
      const dir = mkdtempSync(join(home, `${engine}-`));
      const files = await migrationFiles();
      const upTo = (last: string) => {
        for (const file of files.filter((f) => f <= last)) {
          copyFileSync(join(migrationsDir, file), join(dir, file));
        }
      };
      upTo('035-webhook-endpoint-failures.sql');
      // A lock of the test's own, as the other migration tests take.
      await migrate(database, { dir, lock: 4713 });
      const now = new Date();
      await sql`INSERT INTO operators (id, email, role, password_hash, created_at, updated_at) VALUES
        ('by-service', 'idp@example.com', 'viewer', ${NO_PASSWORD}, ${now}, ${now}),
        ('by-cli', 'cli@example.com', 'manager', 'scrypt$17$8$1$salt$hash', ${now}, ${now})`.execute(
        database.db,
      );
      upTo('036-operator-identities.sql');
      expect(await migrate(database, { dir, lock: 4713 })).toEqual(['036-operator-identities.sql']);
      const rows = await database.db
        .selectFrom('operators')
        .select(['id', 'identity_made', 'identity_issuer', 'identity_subject'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 'by-cli', identity_made: false, identity_issuer: null, identity_subject: null },
        { id: 'by-service', identity_made: true, identity_issuer: null, identity_subject: null },
      ]);
      const index = await sql<{ valid: boolean; unique: boolean }>`
        SELECT indisvalid AS valid, indisunique AS unique FROM pg_index
        WHERE indexrelid = to_regclass('operators_identity')`.execute(database.db);
      expect(index.rows).toEqual([{ valid: true, unique: true }]);
    } finally {
      await database.close();
    }
  });
});
