import { type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ProviderCatalogue } from '@fibre/domain/catalogue';
import type { Schema } from '../../db/schema.ts';
import { takeAdvisoryLock } from '../../db/advisory-lock.ts';
import { LOCK_KEYS } from '../../db/lock-keys.ts';
import type { CatalogueSource } from '../../db/tables/catalogue-versions.ts';

type Db = Kysely<Schema> | Transaction<Schema>;

// Not the migrations' key: an import may run while another process migrates.
const CATALOGUE_LOCK = LOCK_KEYS.catalogueImport;

/**
 * Takes the catalogue import's transaction-scoped advisory lock
 * (docs/decisions/011-catalogue-as-data.md): instances starting at once and a CLI import queue
 * rather than interleave. Released when the transaction ends. Tried rather than waited for inside
 * PostgreSQL, as every lock taken at start-up is (db/advisory-lock.ts says why).
 */
export async function lockCatalogueImports(trx: Transaction<Schema>): Promise<void> {
  await takeAdvisoryLock(trx, CATALOGUE_LOCK, 'transaction');
}

export type CatalogueVersion = Selectable<Schema['catalogue_versions']>;
/** The newest version without its document: what the boot rule and the import compare. */
export type VersionHead = Pick<CatalogueVersion, 'version' | 'sha256' | 'source' | 'provider_code'>;

/** The catalogue being served: the newest version, document included. */
export async function latestVersion(db: Db): Promise<CatalogueVersion | undefined> {
  return db
    .selectFrom('catalogue_versions')
    .selectAll()
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** What every instance's cache polls: a cheap look at whether an import happened. */
export async function latestVersionNumber(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('catalogue_versions')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  return row?.version ?? null;
}

export async function insertVersion(
  trx: Transaction<Schema>,
  row: {
    catalogue: ProviderCatalogue;
    sha256: string;
    source: CatalogueSource;
    summary: string;
    importedAt: Date;
  },
): Promise<number> {
  const { version } = await trx
    .insertInto('catalogue_versions')
    .values({
      provider_code: row.catalogue.provider.code,
      sha256: row.sha256,
      source: row.source,
      summary: row.summary,
      document: JSON.stringify(row.catalogue),
      imported_at: row.importedAt,
    })
    .returning('version')
    .executeTakeFirstOrThrow();
  return version;
}
