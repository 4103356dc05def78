import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openPglite } from '../db/database.ts';
import { prepare } from '../app/open-database.ts';
import { addressSearchKey, searchTerms } from './address-text.ts';
import { searchAddresses } from './repository/addresses.ts';
import { engines, freshPostgres, testConfig } from '../test-support/app.ts';
import { importGnaf, type ImportSummary } from './import.ts';
import { findRelease } from './release.ts';

// docs/addresses-import.md, on the sample release (gnaf-sample/: NSW and VIC, written in G-NAF's
// own layout) over the demo catalogue, whose building at 100 Harris Street, Pyrmont is linked.
const sample = fileURLToPath(new URL('./gnaf-sample', import.meta.url));
const standard = 'G-NAF/G-NAF NOVEMBER 2026/Standard';
const work = mkdtempSync(join(tmpdir(), 'gnaf-import-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of the sample with `change` applied to one of its Standard files. */
function changedSample(name: string, file: string, change: (text: string) => string): string {
  const dir = join(work, name);
  cpSync(sample, dir, { recursive: true });
  const path = join(dir, standard, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
  return dir;
}

const expected = [
  [
    'gnaf-GANSW710000001',
    '12 Harris Street, Pyrmont NSW 2009',
    ' 12 harris street st pyrmont nsw 2009 ',
  ],
  [
    'gnaf-GANSW710000002',
    '5A/100 Harris Street, Pyrmont NSW 2009',
    ' 5a 100 harris street st pyrmont nsw 2009 ',
  ],
  [
    'gnaf-GANSW710000007',
    "Shop 3, 1-5 O'Connor Road North, St Leonards NSW 2065",
    ' 3 1 5 oconnor road north st leonards nsw 2065 ',
  ],
  [
    'gnaf-GAVIC420000001',
    '7 Acland Street, St Kilda VIC 3182',
    ' 7 acland street st st kilda vic 3182 ',
  ],
  [
    'gnaf-GAVIC420000002',
    '12/7 Acland Street, St Kilda VIC 3182',
    ' 12 7 acland street st st kilda vic 3182 ',
  ],
  [
    'gnaf-GAVIC420000003',
    'Lot 4 The Esplanade, St Kilda VIC 3182',
    ' lot 4 the esplanade esp st kilda vic 3182 ',
  ],
];

describe.each(engines())('G-NAF import on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = engine === 'postgres' ? await freshPostgres() : await openPglite(undefined);
    await prepare(database, testConfig({ ADDRESS_INDEX_SIZE: '0' }));
  });
  afterAll(() => database.close());

  const db = () => database.db;
  const run = async (dir: string): Promise<{ summary: ImportSummary; log: string[] }> => {
    const found = await findRelease(dir);
    if (!found.ok) throw new Error(found.problems.join('\n'));
    const log: string[] = [];
    const summary = await importGnaf(db(), found.release, {
      log: (l) => log.push(l),
      batchSize: 2,
    });
    return { summary, log };
  };
  const imported = () =>
    db().selectFrom('addresses').selectAll().where('id', 'like', 'gnaf-%').orderBy('id').execute();

  it('writes every principal, current address with its formatted text and search key', async () => {
    const { summary, log } = await run(sample);
    const rows = await imported();
    expect(rows.map((r) => [r.id, r.formatted_address, r.search_key])).toEqual(expected);
    for (const row of rows) expect(row.search_key).toBe(addressSearchKey(row));
    expect(rows.find((r) => r.id === 'gnaf-GANSW710000007')).toMatchObject({
      street_number: '3/1-5',
      street: "O'Connor Road North",
      suburb: 'St Leonards',
      state: 'NSW',
      postcode: '2065',
      building_code: null,
    });
    expect(summary).toMatchObject({
      read: 11,
      written: 6,
      unchanged: 0,
      skipped: { retired: 1, alias: 1, 'no street number': 0, 'building address': 1 },
      bad: 2,
    });
    expect(log).toContain(
      'NSW_ADDRESS_DETAIL_psv.psv: 8 records read, 3 written (new or changed), 0 unchanged; skipped 1 retired, 1 alias, 1 building address; 2 bad',
    );
  });

  it('leaves out the retired address, the alias and the street address of a building', async () => {
    const ids = (await imported()).map((r) => r.id);
    expect(ids).not.toContain('gnaf-GANSW710000004'); // retired
    expect(ids).not.toContain('gnaf-GANSW710000005'); // alias
    expect(ids).not.toContain('gnaf-GANSW710000003'); // 100 Harris Street: the building's own row
  });

  it('reports each bad record by file and line', async () => {
    const { summary } = await run(sample);
    expect(summary.badRecords).toEqual([
      {
        file: `${standard}/NSW_ADDRESS_DETAIL_psv.psv`,
        line: 7,
        problem: "street locality 'NSW9999999' not found",
      },
      {
        file: `${standard}/NSW_ADDRESS_DETAIL_psv.psv`,
        line: 9,
        problem: '4 fields where the header has 35',
      },
    ]);
  });

  it('changes nothing when the same release is imported again', async () => {
    const before = await imported();
    const { summary } = await run(sample);
    expect(summary).toMatchObject({ read: 11, written: 0, unchanged: 6 });
    expect(await imported()).toEqual(before);
  });

  it('updates the text in place from a newer release, and never a row linked to a building', async () => {
    await db()
      .updateTable('addresses')
      .set({ building_code: 'G1A2B3' })
      .where('id', '=', 'gnaf-GAVIC420000001')
      .execute();
    const renamed = changedSample('renamed', 'VIC_LOCALITY_psv.psv', (t) =>
      t.replace('|ST KILDA|', '|ST KILDA WEST|'),
    );
    const { summary } = await run(renamed);
    expect(summary).toMatchObject({ written: 2, unchanged: 4 });
    const rows = await imported();
    expect(rows).toHaveLength(expected.length);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get('gnaf-GAVIC420000002')).toMatchObject({
      formatted_address: '12/7 Acland Street, St Kilda West VIC 3182',
      suburb: 'St Kilda West',
      search_key: ' 12 7 acland street st st kilda west vic 3182 ',
    });
    expect(byId.get('gnaf-GAVIC420000001')).toMatchObject({
      formatted_address: '7 Acland Street, St Kilda VIC 3182',
      building_code: 'G1A2B3',
    });
  });

  it('serves the imported addresses to the autocomplete', async () => {
    const found = async (q: string) =>
      (await searchAddresses(db(), searchTerms(q), 5)).map((r) => r.formatted_address);
    expect(await found('12 harris st pyr')).toEqual(['12 Harris Street, Pyrmont NSW 2009']);
    expect(await found('5a 100 harris')).toEqual(['5A/100 Harris Street, Pyrmont NSW 2009']);
    expect(await found("shop 3 1-5 o'connor")).toEqual([]);
    // A suffix after the type ('Road North') keeps the type's abbreviation out of the key.
    expect(await found("3 1-5 o'connor rd")).toEqual([]);
    expect(await found("3 1-5 o'connor road")).toEqual([
      "Shop 3, 1-5 O'Connor Road North, St Leonards NSW 2065",
    ]);
    expect(await found('lot 4 the esplanade')).toEqual([
      'Lot 4 The Esplanade, St Kilda West VIC 3182',
    ]);
  });
});
