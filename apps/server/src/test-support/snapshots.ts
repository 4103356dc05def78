import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { dumpPglite, openPglite, type Database } from '../db/database.ts';
import { prepare } from '../app/open-database.ts';

/*
 * A PGlite database starts as an empty cluster (initdb, some 4 s), then migrates and seeds (some
 * 1.5 s); most test apps need exactly the same result. Within one test run, the first app of each
 * kind saves its freshly prepared data directory here and every later one starts from that copy
 * (about 1 s). The directory lives for one run (vitest's global setup below), so a change to a
 * migration or a seed is always seen by the next run.
 */
const SNAPSHOTS = 'FIBRE_TEST_SNAPSHOTS';

/** An in-memory PGlite database, migrated and seeded as `prepare` does for `config`. */
export async function preparedPglite(config: Config): Promise<Database> {
  const dir = process.env[SNAPSHOTS];
  if (!dir) {
    const database = await openPglite(undefined);
    await prepare(database, config);
    return database;
  }
  const file = join(dir, `${await snapshotKey(config)}.tar`);
  const saved = await readFile(file).catch(() => undefined);
  if (saved) return openPglite(undefined, { from: new Blob([saved]) });
  const database = await openPglite(undefined);
  await prepare(database, config);
  const dump = await dumpPglite(database);
  // Written whole, then renamed: a worker reading at the same time sees all of it or nothing.
  const partial = `${file}.${randomUUID()}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return database;
}

/** What `prepare` reads of the configuration: the catalogue file's text, the pin, the index size. */
async function snapshotKey(config: Config): Promise<string> {
  const catalogue = config.catalogueFile
    ? { ...config.catalogueFile, text: await readFile(config.catalogueFile.path, 'utf8') }
    : null;
  return createHash('sha256')
    .update(
      JSON.stringify({
        catalogue,
        provider: config.provider.code ?? null,
        addresses: config.addressIndexSize,
      }),
    )
    .digest('hex');
}

/** vitest's global setup for the server's tests: one snapshot directory for the run. */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'fibre-pglite-'));
  process.env[SNAPSHOTS] = dir;
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
