import { mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  loadConfig,
  openPglite,
  openPostgres,
  type Database,
  prepare,
  generatedAddressId,
} from '@fibre/server/testing';
import { dropDatabase, freshDatabase } from './postgres.ts';
import { Random } from './random.ts';

export type Engine = 'pglite' | 'postgres';
export const engines: Engine[] = ['pglite', 'postgres'];
export const engineName = (e: Engine) => (e === 'pglite' ? 'PGlite' : 'PostgreSQL');

/** Where a benchmark's data lives: a fresh PGlite directory or a fresh PostgreSQL database. */
export interface Store {
  engine: Engine;
  /** What a server needs to use it: DATA_DIR or DATABASE_URL. */
  env: Record<string, string>;
  open(): Promise<Database>;
  /** Deletes it: a million addresses take most of a gigabyte. */
  remove(): Promise<void>;
}

const tmp = fileURLToPath(new URL('../../.tmp/', import.meta.url));

export async function freshStore(engine: Engine, name: string): Promise<Store> {
  if (engine === 'postgres') {
    const database = `fibre_bench_${name}`;
    const url = await freshDatabase(database);
    return {
      engine,
      env: { DATABASE_URL: url },
      open: () => openPostgres(url),
      remove: () => dropDatabase(database),
    };
  }
  const dir = `${tmp}${name}`;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return {
    engine,
    env: { DATA_DIR: dir },
    open: () => openPglite(dir),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

export interface IndexedAddress {
  formatted_address: string;
  street_number: string;
  street: string;
  suburb: string;
}

/**
 * Migrates and seeds the store as a server's first start would, with `indexSize` generated
 * addresses, in this process (so the server started on it afterwards finds it ready), and draws
 * `sample` generated addresses from it at random (seeded: the same ones every run).
 */
export async function seedStore(
  store: Store,
  indexSize: number,
  sample: number,
): Promise<{ seedMs: number; addresses: IndexedAddress[]; database: Database }> {
  const database = await store.open();
  const started = performance.now();
  await prepare(database, loadConfig({ ADDRESS_INDEX_SIZE: String(indexSize) }));
  const seedMs = performance.now() - started;
  const random = new Random(20260101);
  const ids = Array.from({ length: sample }, () => generatedAddressId(random.int(1, indexSize)));
  const rows = await database.db
    .selectFrom('addresses')
    .select(['id', 'formatted_address', 'street_number', 'street', 'suburb'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const addresses = ids.flatMap((id) => byId.get(id) ?? []);
  return { seedMs, addresses, database };
}
