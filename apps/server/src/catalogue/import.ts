import { type ProviderCatalogue, summariseCatalogue } from '@fibre/domain/catalogue';
import type { Database } from '../db/database.ts';
import type { CatalogueSource } from '../db/tables/catalogue-versions.ts';
import { writeCatalogueRows, type Retired } from './repository/catalogue-import.ts';
import { syncBuildingAddresses } from '../addresses/index.ts';
import {
  insertVersion,
  latestVersion,
  lockCatalogueImports,
  type VersionHead,
} from './repository/catalogue-versions.ts';
import { inTransaction } from '../db/transactions.ts';
import { catalogueChanges } from './diff.ts';

/**
 * Imports a catalogue as a new version (docs/decisions/011-catalogue-as-data.md): under a
 * transaction-scoped advisory lock, so several instances starting at once and a CLI import queue
 * rather than interleave; the difference from the stored catalogue in words, then the rows
 * (upserted, or retired when the file dropped them), the address index's building addresses and
 * the version row, all in one transaction. The same file twice (same sha256) changes nothing.
 */

export interface ImportOptions {
  /** sha256 of the file's text: the same text is the same version. */
  sha: string;
  source: CatalogueSource;
  now: Date;
  /**
   * Whether this catalogue may replace the stored one, decided under the lock (the boot rule:
   * the demo never replaces a provider's file). By default any may, when its sha differs.
   */
  replaces?: (latest: VersionHead) => boolean;
}

export interface ImportResult {
  /** The version now served: the new one, or the stored one when nothing was imported. */
  version: number;
  changes: string[];
  imported: boolean;
}

export async function importCatalogue(
  database: Database,
  catalogue: ProviderCatalogue,
  options: ImportOptions,
): Promise<ImportResult> {
  const result = await inTransaction(database.db, async (trx) => {
    await lockCatalogueImports(trx);
    const latest = await latestVersion(trx);
    const replaces = options.replaces ?? (() => true);
    if (latest && (latest.sha256 === options.sha || !replaces(latest))) {
      return { version: latest.version, changes: [], imported: false };
    }
    const changes = catalogueChanges(latest?.document, catalogue);
    const retired = await writeCatalogueRows(trx, catalogue, options.now);
    await syncBuildingAddresses(trx);
    const version = await insertVersion(trx, {
      catalogue,
      sha256: options.sha,
      source: options.source,
      summary: summariseCatalogue(catalogue).join('\n'),
      importedAt: options.now,
    });
    return { version, changes: [...changes, ...unmentioned(retired, changes)], imported: true };
  });
  if (result.imported) await announceImport(database);
  return result;
}

/**
 * Rows retired although the stored document did not list them (a database seeded before
 * catalogue files existed): said too, so the lines cover everything the import changed.
 */
function unmentioned(retired: Retired, changes: string[]): string[] {
  const said = new Set(changes);
  const kinds: Array<[keyof Retired, string, string]> = [
    ['plans', 'plan', 'retired'],
    ['routers', 'router', 'retired'],
    ['coupons', 'coupon', 'retired'],
    ['campaigns', 'campaign', 'retired'],
    ['buildings', 'building', 'retired'],
    ['crews', 'crew', 'inactive'],
  ];
  return kinds.flatMap(([key, kind, word]) =>
    retired[key].map((id) => `${kind} ${id}: ${word}`).filter((line) => !said.has(line)),
  );
}

// In-process caches on this Database reload before importCatalogue returns (catalogue/cache.ts);
// caches in other processes poll the version (PostgreSQL only: PGlite has one process).
const listeners = new WeakMap<Database, Set<() => Promise<void>>>();

export function onImport(database: Database, reload: () => Promise<void>): () => void {
  const set = listeners.get(database) ?? new Set();
  set.add(reload);
  listeners.set(database, set);
  return () => set.delete(reload);
}

async function announceImport(database: Database): Promise<void> {
  await Promise.all([...(listeners.get(database) ?? [])].map((reload) => reload()));
}
