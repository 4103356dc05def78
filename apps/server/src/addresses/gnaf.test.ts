import { describe, expect, it } from 'vitest';
import { addressColumns, mapAddress, titleCase, type AddressColumn } from './gnaf.ts';

// docs/addresses-import.md: the mapping of one address detail record, over small tables.
const tables = {
  flatTypes: new Map([
    ['UNIT', 'Unit'],
    ['APT', 'Apartment'],
    ['SHOP', 'Shop'],
  ]),
  streets: new Map([
    ['S1', { name: 'Harris Street', localityPid: 'L1' }],
    ['S2', { name: "O'Connor Road North", localityPid: 'L2' }],
  ]),
  localities: new Map([
    ['L1', { suburb: 'Pyrmont', statePid: '1', primaryPostcode: '2009' }],
    ['L2', { suburb: 'St Leonards', statePid: '1', primaryPostcode: '2065' }],
    ['L3', { suburb: 'Nowhere', statePid: '9', primaryPostcode: '' }],
  ]),
  states: new Map([['1', 'NSW']]),
};
const at = Object.fromEntries(addressColumns.map((c, i) => [c, i])) as Record<
  AddressColumn,
  number
>;
const record = (values: Partial<Record<AddressColumn, string>>) =>
  addressColumns.map((c) => values[c] ?? '');
const base = { ADDRESS_DETAIL_PID: 'GANSW1', NUMBER_FIRST: '100', STREET_LOCALITY_PID: 'S1' };

describe('mapAddress', () => {
  it.each([
    [{}, '100 Harris Street, Pyrmont NSW 2009', '100'],
    [{ POSTCODE: '2008' }, '100 Harris Street, Pyrmont NSW 2008', '100'],
    [
      { NUMBER_FIRST_SUFFIX: 'a', NUMBER_LAST: '104' },
      '100A-104 Harris Street, Pyrmont NSW 2009',
      '100A-104',
    ],
    [
      { FLAT_TYPE_CODE: 'UNIT', FLAT_NUMBER: '5' },
      '5/100 Harris Street, Pyrmont NSW 2009',
      '5/100',
    ],
    [
      { FLAT_TYPE_CODE: 'APT', FLAT_NUMBER: '12', FLAT_NUMBER_SUFFIX: 'B' },
      '12B/100 Harris Street, Pyrmont NSW 2009',
      '12B/100',
    ],
    [{ FLAT_NUMBER: '7' }, '7/100 Harris Street, Pyrmont NSW 2009', '7/100'],
    [
      { FLAT_TYPE_CODE: 'SHOP', FLAT_NUMBER: '3' },
      'Shop 3, 100 Harris Street, Pyrmont NSW 2009',
      '3/100',
    ],
    [
      { FLAT_TYPE_CODE: 'KSK', FLAT_NUMBER: '1' },
      'Ksk 1, 100 Harris Street, Pyrmont NSW 2009',
      '1/100',
    ],
    [{ FLAT_TYPE_CODE: 'UNIT' }, '100 Harris Street, Pyrmont NSW 2009', '100'],
    [{ NUMBER_FIRST: '', LOT_NUMBER: '12' }, 'Lot 12 Harris Street, Pyrmont NSW 2009', 'Lot 12'],
    [
      { STREET_LOCALITY_PID: 'S2', LOCALITY_PID: '', POSTCODE: '' },
      "100 O'Connor Road North, St Leonards NSW 2065",
      '100',
    ],
  ])('writes %j as %j (number %j)', (values, formatted, number) => {
    const mapped = mapAddress(
      record({ ...base, POSTCODE: '2009', LOCALITY_PID: 'L1', ...values }),
      at,
      tables,
    );
    expect(mapped).toMatchObject({
      kind: 'address',
      row: {
        id: 'gnaf-GANSW1',
        formatted_address: formatted,
        street_number: number,
        building_code: null,
      },
    });
  });

  it.each([
    [{ DATE_RETIRED: '2021-02-01' }, { kind: 'skipped', reason: 'retired' }],
    [{ ALIAS_PRINCIPAL: 'A' }, { kind: 'skipped', reason: 'alias' }],
    [{ NUMBER_FIRST: '' }, { kind: 'skipped', reason: 'no street number' }],
    [{ ADDRESS_DETAIL_PID: '' }, { kind: 'bad', problem: 'no ADDRESS_DETAIL_PID' }],
    [{ STREET_LOCALITY_PID: 'S9' }, { kind: 'bad', problem: "street locality 'S9' not found" }],
    [{ STREET_LOCALITY_PID: '' }, { kind: 'bad', problem: "street locality '' not found" }],
    [{ LOCALITY_PID: 'L9' }, { kind: 'bad', problem: "locality 'L9' not found" }],
    [{ LOCALITY_PID: 'L3' }, { kind: 'bad', problem: "state '9' not found" }],
  ])('leaves %j out: %j', (values, expected) => {
    expect(mapAddress(record({ ...base, ALIAS_PRINCIPAL: 'P', ...values }), at, tables)).toEqual(
      expected,
    );
  });

  it('falls back to the locality primary postcode', () => {
    const mapped = mapAddress(
      record({ ...base, LOCALITY_PID: 'L2', STREET_LOCALITY_PID: 'S2' }),
      at,
      tables,
    );
    expect(mapped).toMatchObject({ row: { postcode: '2065' } });
  });
});

describe('titleCase', () => {
  it.each([
    ['PYRMONT', 'Pyrmont'],
    ['ST KILDA  EAST', 'St Kilda East'],
    ["O'CONNOR", "O'Connor"],
    ["KING'S", "King's"],
    ['SMITH-JONES', 'Smith-Jones'],
    ['1ST', '1st'],
    ['THE ESPLANADE', 'The Esplanade'],
  ])('%s -> %s', (text, expected) => {
    expect(titleCase(text)).toBe(expected);
  });
});
