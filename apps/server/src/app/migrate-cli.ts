import { runCli } from '../cli-run.ts';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrate, migrationFiles } from '../db/migrate.ts';

/**
 * `npm run migrate`: the migrations as a step of their own, before instances start with
 * MIGRATE_ON_START=0 (docs/migrations.md, docs/deploy.md "Upgrades"), on the database the
 * server's own environment names (DATABASE_URL or DATA_DIR). Prints each file it applied. Safe
 * beside running instances on PostgreSQL: it takes the migrations' lock as a starting server does.
 */
async function main(args: string[]): Promise<number> {
  if (args.length > 0) {
    console.error('usage: npm run migrate');
    return 2;
  }
  const config = loadConfig(process.env);
  const database = await connectDatabase(config, 'npm run migrate');
  try {
    const applied = await migrate(database);
    for (const file of applied) console.log(`applied ${file}`);
    const known = (await migrationFiles()).length;
    console.log(
      applied.length === 0
        ? `nothing to apply: all ${known} migrations are applied`
        : `${applied.length} applied; all ${known} migrations are applied`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCli('migrate', main);
