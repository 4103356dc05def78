import { ConfigError, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { importCatalogue, type ImportResult } from './import.ts';
import { demoCatalogueFile } from '../http/paths.ts';
import { loadCatalogueFile } from './load-file.ts';

/**
 * The catalogue of record at start (docs/decisions/011-catalogue-as-data.md):
 * - CATALOGUE_FILE, when set, is imported when its text differs from the newest version's;
 * - else the bundled demo, imported when the database has no catalogue or serves an older demo.
 *   A provider's imported catalogue is never replaced by the demo.
 * A file with errors stops the start, naming file, line and field. PROVIDER_CODE, when set, must
 * be CATALOGUE_FILE's provider code (the served catalogue is checked again in app.ts).
 */
export async function loadCatalogueOfRecord(
  database: Database,
  config: Config,
  now = new Date(),
): Promise<ImportResult> {
  if (config.catalogueFile) {
    const { path, name } = config.catalogueFile;
    const file = await loadCatalogueFile(path, name);
    checkPin(config, file.catalogue.provider.code, `CATALOGUE_FILE (${name})`);
    return importCatalogue(database, file.catalogue, { sha: file.sha, source: file.source, now });
  }
  const demo = await loadCatalogueFile(demoCatalogueFile, 'catalogue/demo.yaml');
  return importCatalogue(database, demo.catalogue, {
    sha: demo.sha,
    source: 'demo',
    now,
    replaces: (latest) => latest.source === 'demo',
  });
}

/** PROVIDER_CODE pins the provider: a catalogue of another provider is refused. */
export function checkPin(config: Config, code: string, where: string): void {
  const pin = config.provider.code;
  if (pin !== undefined && pin !== code) {
    throw new ConfigError(
      `PROVIDER_CODE is ${pin} but ${where} is the catalogue of provider ${code}: they must agree`,
    );
  }
}
