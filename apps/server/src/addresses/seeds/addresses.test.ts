import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { addressSearchKey } from '../address-text.ts';
import { countAddresses, searchAddresses } from '../repository/addresses.ts';
import { searchTerms } from '../address-text.ts';
import { engines, startTestApp, type TestApp } from '../../test-support/app.ts';
import { openPglite } from '../../db/database.ts';
import { prepare } from '../../app/open-database.ts';
import { seedAddresses } from './addresses.ts';
import { demoBuildings } from '../../test-support/demo-catalogue.ts';
import { loadLocalities, streetNames, titleCase } from './localities.ts';

// The demo buildings plus 10 Smith Street, Darwin City.
const fixedRows = demoBuildings.length + 1;

describe.each(engines())('address seed on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('holds the demo addresses and ADDRESS_INDEX_SIZE generated ones, all distinct', async () => {
    const { rows } = await sql<{
      n: number;
      distinct: number;
      buildings: number;
    }>`SELECT count(*)::int AS n, count(DISTINCT lower(formatted_address))::int AS distinct,
        count(building_code)::int AS buildings FROM addresses`.execute(t.database.db);
    expect(rows[0]).toEqual({
      n: fixedRows + 2000,
      distinct: fixedRows + 2000,
      buildings: demoBuildings.length,
    });
  });

  it('writes the same search key for generated rows as for inserted ones', async () => {
    const rows = await t.database.db.selectFrom('addresses').selectAll().execute();
    const wrong = rows.filter((r) => r.search_key !== addressSearchKey(r));
    expect(wrong).toEqual([]);
  });

  it('adds nothing when it runs again', async () => {
    const before = await countAddresses(t.database.db);
    await seedAddresses(t.database, t.config);
    expect(await countAddresses(t.database.db)).toBe(before);
  });

  it('tops up to a larger size, rebuilding the search index, and never shrinks', async () => {
    const before = await countAddresses(t.database.db);
    await seedAddresses(t.database, { ...t.config, addressIndexSize: 12_500 });
    expect(await countAddresses(t.database.db)).toBe(before + 10_500);
    const { rows } = await sql<{
      indexname: string;
    }>`SELECT indexname FROM pg_indexes WHERE tablename = 'addresses' AND schemaname = current_schema()`.execute(
      t.database.db,
    );
    expect(rows.map((r) => r.indexname)).toContain('addresses_search_key_trgm');
    await seedAddresses(t.database, t.config);
    expect(await countAddresses(t.database.db)).toBe(before + 10_500);
    const [first] = await searchAddresses(t.database.db, searchTerms('100 harr'), 5);
    expect(first?.formatted_address).toBe('100 Harris Street, Pyrmont NSW 2009');
  });
});

describe('the full-size address index', () => {
  it('is at least 100,000 addresses by default', () => {
    expect(loadConfig({}).addressIndexSize).toBeGreaterThanOrEqual(100_000);
  });

  // The first start of a fresh install on PGlite: what a visitor waits for once.
  it('seeds 100,000 addresses on PGlite and answers autocomplete from the index', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const database = await openPglite(undefined);
    try {
      const started = performance.now();
      await prepare(database, config);
      const seconds = (performance.now() - started) / 1000;
      console.info(
        `migrated and seeded ${config.addressIndexSize} addresses in ${seconds.toFixed(1)} s`,
      );
      expect(await countAddresses(database.db)).toBe(config.addressIndexSize + fixedRows);
      const { rows } = await sql<{
        'QUERY PLAN': string;
      }>`EXPLAIN SELECT id FROM addresses WHERE search_key LIKE '% 100 %' AND search_key LIKE '% harr%'`.execute(
        database.db,
      );
      expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('addresses_search_key_trgm');
      const [first] = await searchAddresses(database.db, searchTerms('100 harr'), 5);
      expect(first?.formatted_address).toBe('100 Harris Street, Pyrmont NSW 2009');
    } finally {
      await database.close();
    }
  });
});

describe('localities and streets', () => {
  it('are real localities, the same on every load, without postal-only places', async () => {
    const localities = await loadLocalities();
    expect(localities.length).toBeGreaterThan(15_000);
    expect(await loadLocalities()).toEqual(localities);
    const has = (suburb: string, state: string, postcode: string) =>
      localities.some((l) => l.suburb === suburb && l.state === state && l.postcode === postcode);
    expect(has('Pyrmont', 'NSW', '2009')).toBe(true);
    expect(has('Darwin City', 'NT', '0800')).toBe(true);
    expect(has('Southbank', 'VIC', '3006')).toBe(true);
    expect(has('Darwin Mc', 'NT', '0822')).toBe(false);
    expect(new Set(localities.map((l) => l.state))).toEqual(
      new Set(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT']),
    );
    // The shuffle spreads a small index over the country.
    expect(new Set(localities.slice(0, 200).map((l) => l.state)).size).toBeGreaterThanOrEqual(6);
  });

  it.each([
    ['PYRMONT', 'Pyrmont'],
    ['DARWIN CITY', 'Darwin City'],
    ['MCMAHONS POINT', 'McMahons Point'],
    ['O’CONNOR', "O'Connor"],
    ['D’AGUILAR', "D'Aguilar"],
    ['STUN’SAIL BOOM', "Stun'sail Boom"],
    ['KALGOORLIE-BOULDER', 'Kalgoorlie-Boulder'],
  ])('title-cases %s as %s', (upper, expected) => {
    expect(titleCase(upper)).toBe(expected);
  });

  it('has distinct streets, none of them a demo street', () => {
    expect(new Set(streetNames).size).toBe(streetNames.length);
    const demoStreets = new Set([...demoBuildings.map((b) => b.street), 'Smith Street']);
    expect(streetNames.filter((s) => demoStreets.has(s))).toEqual([]);
  });
});
