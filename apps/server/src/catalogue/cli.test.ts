import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { npmScript, repoRoot } from '../test-support/process.ts';

const dir = mkdtempSync(join(tmpdir(), 'catalogue-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const demoText = readFileSync(join(repoRoot, 'catalogue/demo.yaml'), 'utf8');
const acme = join(dir, 'acme.yaml');
writeFileSync(
  acme,
  demoText.replace('code: demo', 'code: acme').replace('    monthly: 79\n', '    monthly: 84\n'),
);
// A misspelt key (plans[1]) and a negative price (plans[2]).
const broken = join(dir, 'broken.yaml');
writeFileSync(
  broken,
  demoText
    .replace('    monthly: 79\n', '    montly: 79\n')
    .replace('monthly: 89\n', 'monthly: -89\n'),
);

// A provider's own file without its terms and privacy policy (the documents block cut out).
const undocumented = join(dir, 'undocumented.yaml');
writeFileSync(
  undocumented,
  demoText.replace('code: demo', 'code: acme').replace(/\ndocuments:\n( {2}.*\n)+/, '\n'),
);

// A provider's own file with its terms and privacy policy but not what a telco must publish: the
// complaints process, the hardship policy, family-violence support and the other charges
// (docs/rules/documents-and-consent.md).
const withoutTelcoDocuments = join(dir, 'without-telco-documents.yaml');
writeFileSync(
  withoutTelcoDocuments,
  demoText
    .replace('code: demo', 'code: acme')
    .replace(/\n {2}# What a telco must publish[\s\S]*?(?=\n# The provider's own words)/, '\n')
    .replace(/\nother_charges:\n( {2}.*\n)+/, '\n'),
);

const catalogue = (args: string[], env: Record<string, string> = {}) =>
  npmScript('catalogue', args, env);

describe('npm run catalogue -- check', () => {
  it('passes the demo file and prints its summary', async () => {
    const { code, out } = await catalogue(['check', 'catalogue/demo.yaml']);
    expect(code).toBe(0);
    expect(out).toContain('catalogue/demo.yaml: no problems');
    expect(out).toContain('provider demo: Demo Fibre');
    expect(out).toMatch(/public holidays 2026-\d\d-\d\d to 2027-\d\d-\d\d/);
  });

  it('fails a broken file, naming line and field of every problem', async () => {
    const { code, err } = await catalogue(['check', broken]);
    expect(code).toBe(1);
    expect(err).toMatch(new RegExp(`${broken}:\\d+ plans\\[1\\]\\.montly: `));
    expect(err).toMatch(new RegExp(`${broken}:\\d+ plans\\[2\\]\\.monthly: `));
  });

  it("refuses a provider's own file that names no terms or privacy policy", async () => {
    expect(readFileSync(undocumented, 'utf8')).not.toContain('documents:');
    const { code, err } = await catalogue(['check', undocumented]);
    expect(code).toBe(1);
    expect(err).toContain(`${undocumented} documents.terms: is required`);
    expect(err).toContain(`${undocumented} documents.privacy: is required`);
  });

  it("refuses a provider's own file without its complaints process, hardship policy, family-violence support and other charges", async () => {
    const text = readFileSync(withoutTelcoDocuments, 'utf8');
    expect(text).toContain('  terms:');
    expect(text).not.toMatch(/complaints:|hardship:|family_violence:|other_charges:/);
    const { code, err } = await catalogue(['check', withoutTelcoDocuments]);
    expect(code).toBe(1);
    for (const key of [
      'documents.complaints',
      'documents.hardship',
      'documents.family_violence',
      'other_charges',
    ])
      expect(err).toContain(`${withoutTelcoDocuments} ${key}: is required`);
    expect(err).not.toContain('documents.terms');
  });

  it('prints the documents and their versions in the summary', async () => {
    const { code, out } = await catalogue(['check', acme]);
    expect(code).toBe(0);
    expect(out).toContain(
      'documents: terms 2026-07, privacy 2026-03; CIS versions for 6 of 6 plans',
    );
  });

  it('says how to use it when the command is wrong', async () => {
    const { code, err } = await catalogue(['load', acme]);
    expect(code).toBe(2);
    expect(err).toContain('usage: npm run catalogue -- check FILE');
  });
});

describe('npm run catalogue -- import', () => {
  const env = { DATA_DIR: join(dir, 'data') };

  it('migrates an empty database and imports, printing what it added', async () => {
    const { code, out } = await catalogue(['import', 'catalogue/demo.yaml'], env);
    expect(code).toBe(0);
    expect(out).toContain('provider demo: first catalogue');
    expect(out).toContain('plan boost-100: added');
    expect(out).toContain('catalogue/demo.yaml: imported as catalogue version 1');
  });

  it('prints the difference of another file, then applies it as the next version', async () => {
    const { code, out } = await catalogue(['import', acme], env);
    expect(code).toBe(0);
    expect(out).toContain('provider: code demo -> acme');
    expect(out).toContain('plan boost-100: monthly 79.00 -> 84.00');
    expect(out).toContain(`${acme}: imported as catalogue version 2`);
  });

  it('changes nothing for the same file again', async () => {
    const { code, out } = await catalogue(['import', acme], env);
    expect(code).toBe(0);
    expect(out).toContain(`${acme}: no changes (catalogue version 2 is this file)`);
  });

  it('refuses, with a line and a non-zero exit, a file of another provider than PROVIDER_CODE', async () => {
    const { code, err } = await catalogue(['import', acme], { ...env, PROVIDER_CODE: 'demo' });
    expect(code).toBe(1);
    expect(err.trim()).toBe(
      `catalogue import failed: PROVIDER_CODE is demo but ${acme} is the catalogue of provider acme: they must agree`,
    );
  });

  it('refuses a broken file before touching the database', async () => {
    const { code, err } = await catalogue(['import', broken], env);
    expect(code).toBe(1);
    expect(err).toContain(`${broken}:`);
  });
});
