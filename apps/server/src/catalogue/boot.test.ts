import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openPglite, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { prepare } from '../app/open-database.ts';
import { demoCatalogue, demoCatalogueOf } from '../test-support/demo-catalogue.ts';
import { loadCatalogueOfRecord } from './boot.ts';
import { importCatalogue } from './import.ts';
import { demoCatalogueFile } from '../http/paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'catalogue-boot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const acmeFile = join(dir, 'acme.yaml');
writeFileSync(acmeFile, stringify(demoCatalogueOf('acme')));
// Streamer 250 (plans[2]) at a negative price.
const demoText = readFileSync(demoCatalogueFile, 'utf8');
const brokenFile = join(dir, 'broken.yaml');
writeFileSync(brokenFile, demoText.replace('monthly: 89\n', 'monthly: -89\n'));
// A provider's own file without its terms and privacy policy (docs/rules/documents-and-consent.md).
const undocumentedFile = join(dir, 'undocumented.yaml');
writeFileSync(undocumentedFile, stringify({ ...demoCatalogueOf('acme'), documents: undefined }));
const brokenLine = demoText.split('\n').indexOf('    monthly: 89') + 1;

const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', ADDRESS_INDEX_SIZE: '0', ...env });
const sha = (label: string) => createHash('sha256').update(label).digest('hex');

describe('the catalogue of record at start', () => {
  let database: Database;
  beforeEach(async () => {
    database = await openPglite(undefined);
    await migrate(database);
  });
  afterEach(() => database.close());

  const versions = () =>
    database.db
      .selectFrom('catalogue_versions')
      .select(['version', 'source', 'provider_code'])
      .orderBy('version')
      .execute();

  it('imports the bundled demo into an empty database, once', async () => {
    await loadCatalogueOfRecord(database, config());
    await loadCatalogueOfRecord(database, config());
    expect(await versions()).toEqual([{ version: 1, source: 'demo', provider_code: 'demo' }]);
  });

  it('replaces a demo catalogue whose file has changed since', async () => {
    const older = structuredClone(demoCatalogue());
    older.plans[0]!.monthly = 55;
    await importCatalogue(database, older, {
      sha: sha('old demo'),
      source: 'demo',
      now: new Date(),
    });
    const result = await loadCatalogueOfRecord(database, config());
    expect(result.changes).toEqual(['plan starter-25: monthly 55.00 -> 59.00']);
    expect(await versions()).toMatchObject([{ version: 1 }, { version: 2, source: 'demo' }]);
  });

  it('never replaces an imported provider catalogue with the demo', async () => {
    const acme = demoCatalogueOf('acme');
    await importCatalogue(database, acme, { sha: sha('acme'), source: 'file', now: new Date() });
    const result = await loadCatalogueOfRecord(database, config());
    expect(result.imported).toBe(false);
    expect(await versions()).toEqual([{ version: 1, source: 'file', provider_code: 'acme' }]);
  });

  it('imports CATALOGUE_FILE when its text differs from the newest version, else nothing', async () => {
    await loadCatalogueOfRecord(database, config());
    const env = { CATALOGUE_FILE: acmeFile };
    expect((await loadCatalogueOfRecord(database, config(env))).imported).toBe(true);
    expect((await loadCatalogueOfRecord(database, config(env))).imported).toBe(false);
    expect(await versions()).toMatchObject([
      { version: 1, source: 'demo' },
      { version: 2, source: 'file', provider_code: 'acme' },
    ]);
  });

  it('takes the demo file named in CATALOGUE_FILE for the demo', async () => {
    await loadCatalogueOfRecord(database, config({ CATALOGUE_FILE: demoCatalogueFile }));
    expect(await versions()).toEqual([{ version: 1, source: 'demo', provider_code: 'demo' }]);
  });

  it('stops the start on a file with problems, naming file, line and field', async () => {
    const start = loadCatalogueOfRecord(database, config({ CATALOGUE_FILE: brokenFile }));
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(
      `The catalogue ${brokenFile} cannot be served:\n  ${brokenFile}:${brokenLine} plans[2].monthly: `,
    );
    expect(await versions()).toEqual([]);
  });

  it("stops the start on a provider's file that names no terms or privacy policy", async () => {
    expect(readFileSync(undocumentedFile, 'utf8')).not.toContain('documents:');
    const start = loadCatalogueOfRecord(database, config({ CATALOGUE_FILE: undocumentedFile }));
    await expect(start).rejects.toThrow(
      `The catalogue ${undocumentedFile} cannot be served:\n  ${undocumentedFile} documents.terms: is required`,
    );
    expect(await versions()).toEqual([]);
  });

  it('refuses a CATALOGUE_FILE of another provider than PROVIDER_CODE, naming both', async () => {
    const start = loadCatalogueOfRecord(
      database,
      config({ CATALOGUE_FILE: acmeFile, PROVIDER_CODE: 'demo' }),
    );
    await expect(start).rejects.toThrow(
      `PROVIDER_CODE is demo but CATALOGUE_FILE (${acmeFile}) is the catalogue of provider acme`,
    );
    expect(await versions()).toEqual([]);
  });

  it('refuses to serve a stored catalogue of another provider than PROVIDER_CODE', async () => {
    const pinned = config({ PROVIDER_CODE: 'acme' });
    await prepare(database, pinned);
    await expect(buildApp({ config: pinned, database, logger: false })).rejects.toThrow(
      'PROVIDER_CODE is acme but the catalogue in the database is the catalogue of provider demo',
    );
  });
});

describe('CATALOGUE_FILE', () => {
  it('must name a readable file at start', () => {
    expect(() => config({ CATALOGUE_FILE: join(dir, 'missing.yaml') })).toThrow(
      /CATALOGUE_FILE: cannot read .*missing\.yaml \(no such file\)/,
    );
    expect(() => config({ CATALOGUE_FILE: dir })).toThrow(/CATALOGUE_FILE: .* is not a file/);
  });

  it('is read from where the command was typed (INIT_CWD)', () => {
    const loaded = config({ CATALOGUE_FILE: 'acme.yaml', INIT_CWD: dir });
    expect(loaded.catalogueFile).toEqual({ path: acmeFile, name: 'acme.yaml' });
    expect(readFileSync(loaded.catalogueFile!.path, 'utf8')).toContain('code: acme');
  });
});
