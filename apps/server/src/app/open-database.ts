import { loadCatalogueOfRecord } from '../catalogue/index.ts';
import { ConfigError, type Config } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { migrate, pendingMigrations } from '../db/migrate.ts';
import { seedAddresses } from '../addresses/index.ts';

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR; migrated, catalogued, indexed.
 * `owner` names this process in the data directory's claim (db/data-dir-lock.ts).
 */
export async function openDatabase(config: Config, owner?: string): Promise<Database> {
  const database = await connectDatabase(config, owner);
  await prepare(database, config);
  return database;
}

/**
 * Migrations, then the catalogue of record (catalogue/boot.ts), then the address index, which
 * holds the stored buildings' addresses. Every step is idempotent: a restart or a second instance
 * changes nothing. With MIGRATE_ON_START=0 the migrations are a step of their own (`npm run
 * migrate`, docs/migrations.md): here they are only checked.
 */
export async function prepare(database: Database, config: Config): Promise<void> {
  if (config.migrateOnStart) await migrate(database);
  else await refuseUnapplied(database);
  await loadCatalogueOfRecord(database, config);
  await seedAddresses(database, config);
}

/** One line naming the migrations not applied yet, and the command that applies them. */
async function refuseUnapplied(database: Database): Promise<void> {
  const pending = await pendingMigrations(database);
  if (pending.length === 0) return;
  await database.close().catch(() => undefined);
  throw new ConfigError(
    `MIGRATE_ON_START=0: ${pending.length} migration${pending.length === 1 ? ' is' : 's are'} not applied (${pending.join(', ')}): run npm run migrate first`,
  );
}
