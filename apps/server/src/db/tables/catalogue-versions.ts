import type { Generated, JSONColumnType } from 'kysely';
import type { ProviderCatalogue } from '@fibre/domain/catalogue';

export type CatalogueSource = 'demo' | 'file';

export interface CatalogueVersionTables {
  /** Migration 008: one row per import of a catalogue file; the newest is the one served. */
  catalogue_versions: {
    version: Generated<number>;
    provider_code: string;
    sha256: string;
    source: CatalogueSource;
    summary: string;
    document: JSONColumnType<ProviderCatalogue, string, string>;
    imported_at: Date;
  };
}
