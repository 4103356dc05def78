import { resolve } from 'node:path';
import { runCli } from '../cli-run.ts';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { describeSummary, importGnaf } from './import.ts';
import { findRelease } from './release.ts';

/**
 * `npm run addresses -- import DIR`: the G-NAF release under DIR into the address index, on the
 * database of DATABASE_URL or DATA_DIR (docs/addresses-import.md). Progress per file, then the
 * summary and the bad records by file:line (exit 0); a release missing a file the import needs
 * exits 1 before touching the database.
 */

const usage = 'usage: npm run addresses -- import DIR';

async function main(args: string[]): Promise<number> {
  const [command, dir, ...rest] = args;
  if (command !== 'import' || dir === undefined || rest.length > 0) {
    console.error(usage);
    return 2;
  }
  // npm runs this in apps/server; DIR is where the person typed it (npm's INIT_CWD).
  const found = await findRelease(resolve(process.env.INIT_CWD ?? process.cwd(), dir));
  if (!found.ok) {
    for (const problem of found.problems) console.error(`${dir}: ${problem}`);
    console.error(`${dir}: not a G-NAF release the importer can read (docs/addresses-import.md)`);
    return 1;
  }
  const { release } = found;
  console.log(`${dir}: G-NAF files of ${release.states.map((s) => s.state).join(', ')}`);

  const config = loadConfig(process.env);
  const database = await connectDatabase(config, 'npm run addresses');
  try {
    await migrate(database);
    const started = Date.now();
    const summary = await importGnaf(database.db, release, { log: (line) => console.log(line) });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${dir}: imported in ${seconds} s: ${describeSummary(summary)}`);
    if (summary.bad > 0) {
      console.log(`bad records${summary.bad > summary.badRecords.length ? ' (the first)' : ''}:`);
      for (const b of summary.badRecords) console.log(`  ${b.file}:${b.line} ${b.problem}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCli('addresses', main);
