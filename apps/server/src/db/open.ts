import { mkdir } from 'node:fs/promises';
import type { Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from './database.ts';
import { migrate } from './migrate.ts';
import { seed } from './seed.ts';

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR; migrated and seeded. */
export async function openDatabase(config: Config): Promise<Database> {
  let database: Database;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
  } else {
    await mkdir(config.dataDir, { recursive: true });
    database = await openPglite(config.dataDir);
  }
  await prepare(database, config);
  return database;
}

export async function prepare(database: Database, config: Config): Promise<void> {
  await migrate(database);
  await seed(database, config);
}
