import { resolve } from 'node:path';
import { runCli } from '../cli-run.ts';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { checkPin } from './boot.ts';
import { importCatalogue } from './import.ts';
import { readCatalogueFile } from './load-file.ts';
import { summariseCatalogue } from '@fibre/domain/catalogue';

/**
 * `npm run catalogue -- check FILE`: the file's problems as 'file:line field: message' (exit 1),
 * or its summary (exit 0).
 * `npm run catalogue -- import FILE`: the same checks, then, on the database the server's own
 * environment names (DATABASE_URL or DATA_DIR), migrations, the difference in words and the new
 * version (docs/decisions/011-catalogue-as-data.md). Running instances serve it within a second.
 */

const usage = 'usage: npm run catalogue -- check FILE | npm run catalogue -- import FILE';

async function main(args: string[]): Promise<number> {
  const [command, file, ...rest] = args;
  if ((command !== 'check' && command !== 'import') || file === undefined || rest.length > 0) {
    console.error(usage);
    return 2;
  }
  // npm runs this in apps/server; FILE is where the person typed it (npm's INIT_CWD).
  const read = await readCatalogueFile(resolve(process.env.INIT_CWD ?? process.cwd(), file), file);
  if (!read.ok) {
    for (const line of read.lines) console.error(line);
    return 1;
  }
  const { catalogue, sha, source } = read.file;
  if (command === 'check') {
    console.log(`${file}: no problems`);
    for (const line of summariseCatalogue(catalogue)) console.log(`  ${line}`);
    return 0;
  }

  const config = loadConfig(process.env);
  checkPin(config, catalogue.provider.code, file);
  const database = await connectDatabase(config, 'npm run catalogue');
  try {
    await migrate(database);
    const result = await importCatalogue(database, catalogue, { sha, source, now: new Date() });
    if (!result.imported) {
      console.log(`${file}: no changes (catalogue version ${result.version} is this file)`);
      return 0;
    }
    for (const line of result.changes) console.log(line);
    console.log(`${file}: imported as catalogue version ${result.version}`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli('catalogue', main);
