import { describe, expect, it } from 'vitest';
import {
  addressSearchKey,
  generatedAddressId,
  loadConfig,
  loadLocalities,
  openPglite,
  prepare,
  streetNames,
} from '@fibre/server/testing';
import { copyLines, copyText, generatedAddress } from './national-addresses.ts';

const localities = await loadLocalities();

describe('generated addresses at national scale', () => {
  it("write addressSearchKey's key for every row, across the whole range", () => {
    for (const i of [1, 2, 17_628, 17_629, 1_000_000, 15_000_000, 15_100_000, 16_000_000]) {
      const row = generatedAddress(i, localities, streetNames);
      expect(row.id).toBe(generatedAddressId(i));
      expect(row.search_key).toBe(addressSearchKey(row));
      expect(row.formatted_address).toBe(
        `${row.street_number} ${row.street}, ${row.suburb} ${row.state} ${row.postcode}`,
      );
    }
  });

  it('never repeat an address, also past the rounds the first start keeps distinct', () => {
    // Three localities and four streets: the first start's generator repeats after 3 * 3 * 4.
    const few = localities.slice(0, 3);
    const streets = streetNames.slice(0, 4);
    const rows = Array.from({ length: 500 }, (_, i) => generatedAddress(i + 1, few, streets));
    expect(new Set(rows.map((r) => r.formatted_address)).size).toBe(500);
    expect(new Set(rows.map((r) => r.id)).size).toBe(500);
  });

  it("are the first start's generated rows, key included, as far as those go", async () => {
    const database = await openPglite(undefined);
    try {
      await prepare(database, loadConfig({ ADDRESS_INDEX_SIZE: '2000' }));
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
    } finally {
      await database.close();
    }
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
