import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressSearchKey,
  generatedAddressId,
  loadConfig,
  loadLocalities,
  openPglite,
  prepare,
  streetNames,
} from '@fibre/server/testing';
import { CompiledQuery } from 'kysely';
import {
  copyLines,
  copyText,
  dropIndexes,
  generatedAddress,
  type Query,
} from './national-addresses.ts';
import type { Database } from '@fibre/server/testing';

const localities = await loadLocalities();

describe('generated addresses at national scale', () => {
  it("write addressSearchKey's key for every row, across the whole range", () => {
    // The first L rows visit every locality, and every street (97 and 284 have no common factor).
    const every = Array.from({ length: localities.length }, (_, i) => i + 1);
    const streets = new Set(every.map((i) => generatedAddress(i, localities, streetNames).street));
    expect(streets.size).toBe(streetNames.length);
    for (const i of [...every, 1_000_000, 15_000_000, 15_100_000, 16_000_000]) {
      const row = generatedAddress(i, localities, streetNames);
      expect(row.id).toBe(generatedAddressId(i));
      expect(row.search_key).toBe(addressSearchKey(row));
      expect(row.formatted_address).toBe(
        `${row.street_number} ${row.street}, ${row.suburb} ${row.state} ${row.postcode}`,
      );
    }
  });

  it('never repeat an address, also past the rounds the first start keeps distinct', () => {
    // Two localities, two streets, 250 houses a street: more than the first pass's numbers (1 to
    // 154) can tell apart, so only the later passes' higher numbers keep them distinct.
    const few = localities.slice(0, 2);
    const streets = streetNames.slice(0, 2);
    const rows = Array.from({ length: 1000 }, (_, i) => generatedAddress(i + 1, few, streets));
    expect(new Set(rows.map((r) => r.formatted_address)).size).toBe(1000);
    expect(new Set(rows.map((r) => r.id)).size).toBe(1000);
  });

  describe('beside what a first start writes (PGlite)', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openPglite(undefined);
      await prepare(database, loadConfig({ ADDRESS_INDEX_SIZE: '2000' }));
    });
    afterAll(() => database.close());

    it("are the first start's generated rows, key included, as far as those go", async () => {
      const stored = await database.db
        .selectFrom('addresses')
        .select([
          'id',
          'formatted_address',
          'street_number',
          'street',
          'suburb',
          'state',
          'postcode',
          'search_key',
        ])
        .where('id', 'like', 'gen-%')
        .execute();
      expect(stored).toHaveLength(2000);
      const byId = new Map(stored.map((r) => [r.id, r]));
      for (let i = 1; i <= 2000; i++) {
        expect(generatedAddress(i, localities, streetNames)).toEqual(
          byId.get(generatedAddressId(i)),
        );
      }
    });

    it("go in with the table's indexes dropped and built again, whatever the migrations made", async () => {
      const query: Query = async <R>(text: string, params: unknown[] = []) =>
        (await database.db.executeQuery(CompiledQuery.raw(text, params))).rows as R[];
      // As a later migration's index would be: the seeding knows none of them by name.
      await query('CREATE INDEX addresses_by_suburb ON addresses (suburb, street)');
      const indexes = () =>
        query<{ def: string }>(
          `SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index
           WHERE indrelid = 'addresses'::regclass ORDER BY 1`,
        );
      const before = await indexes();
      expect(before.map((i) => i.def).join('\n')).toMatch(/addresses_by_suburb/);
      const plan = await dropIndexes(query, 'addresses');
      expect(await indexes()).toEqual([]);
      expect(plan.recreate.map((r) => r.name).sort()).toEqual([
        'addresses_building_code',
        'addresses_by_suburb',
        'addresses_line',
        'addresses_pkey',
        'addresses_search_key_trgm',
        'addresses_street_line',
      ]);
      for (const { sql } of plan.recreate) await query(sql);
      expect(await indexes()).toEqual(before);
      const [pk] = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_constraint
         WHERE conrelid = 'addresses'::regclass AND contype = 'p'`,
      );
      expect(pk!.n).toBe(1);
    });
  });

  it('are written as COPY text lines, one per address, tab-separated and escaped', () => {
    expect(copyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyText("O'Connor")).toBe("O'Connor");
    const lines = [...copyLines(1, 12, localities, streetNames, 5)];
    expect(lines).toHaveLength(3);
    const rows = lines.join('').trimEnd().split('\n');
    expect(rows).toHaveLength(12);
    const first = generatedAddress(1, localities, streetNames);
    expect(rows[0]!.split('\t')).toEqual([
      first.id,
      first.formatted_address,
      first.street_number,
      first.street,
      first.suburb,
      first.state,
      first.postcode,
      first.search_key,
    ]);
  });
});
