import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { npmScript, repoRoot } from '../test-support/process.ts';

// docs/addresses-import.md: the command as an operator runs it, from the repository's root.
const sample = 'apps/server/src/addresses/gnaf-sample';
const standard = 'G-NAF/G-NAF NOVEMBER 2026/Standard';
const dir = mkdtempSync(join(tmpdir(), 'addresses-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const addresses = (args: string[], env: Record<string, string> = {}) =>
  npmScript('addresses', args, env);

describe('npm run addresses -- import', () => {
  const env = { DATA_DIR: join(dir, 'data') };

  it('imports the sample release, with progress per file, a summary and the bad records', async () => {
    const { code, out } = await addresses(['import', sample], env);
    expect(code).toBe(0);
    expect(out).toContain(`${sample}: G-NAF files of NSW, VIC`);
    expect(out).toContain(
      'VIC_ADDRESS_DETAIL_psv.psv: 3 records read, 3 written (new or changed), 0 unchanged; skipped none; 0 bad',
    );
    // No catalogue on this database: 100 Harris Street has no building, so it is written too.
    expect(out).toMatch(
      new RegExp(
        `${sample}: imported in [\\d.]+ s: 11 records read, 7 written \\(new or changed\\), 0 unchanged; skipped 1 retired, 1 alias; 2 bad`,
      ),
    );
    expect(out).toContain(
      `  ${standard}/NSW_ADDRESS_DETAIL_psv.psv:7 street locality 'NSW9999999' not found`,
    );
    expect(out).toContain(
      `  ${standard}/NSW_ADDRESS_DETAIL_psv.psv:9 4 fields where the header has 35`,
    );
  });

  it('refuses, exit 1, a release missing a file it needs, before touching the database', async () => {
    const partial = join(dir, 'partial');
    cpSync(join(repoRoot, sample), partial, { recursive: true });
    rmSync(join(partial, standard, 'VIC_LOCALITY_psv.psv'));
    rmSync(join(partial, 'G-NAF/G-NAF NOVEMBER 2026/Authority Code'), { recursive: true });
    const { code, out, err } = await addresses(['import', partial], env);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toContain(`${partial}: missing VIC_LOCALITY_psv.psv`);
    expect(err).toContain(`${partial}: missing Authority_Code_STREET_TYPE_AUT_psv.psv`);
    expect(err).toContain('not a G-NAF release the importer can read');
  });

  it('says how to use it when the command is wrong', async () => {
    const { code, err } = await addresses(['load', sample]);
    expect(code).toBe(2);
    expect(err.trim()).toBe('usage: npm run addresses -- import DIR');
  });
});
