import type { AddressRow } from './repository/addresses.ts';

/*
 * One G-NAF address detail record as a row of the address index (docs/addresses-import.md): the
 * mapping only, over the small tables the importer holds in memory (reference.ts).
 */

export interface Street {
  /** Title-cased, with its type and suffix: 'Harris Street', 'Smith Road North'. */
  name: string;
  localityPid: string;
}

export interface Locality {
  suburb: string;
  statePid: string;
  primaryPostcode: string;
}

export interface ReferenceTables {
  /** FLAT_TYPE_AUT: code -> title-cased name ('APT' -> 'Apartment'). */
  flatTypes: ReadonlyMap<string, string>;
  streets: ReadonlyMap<string, Street>;
  localities: ReadonlyMap<string, Locality>;
  /** STATE_PID -> abbreviation (NSW). */
  states: ReadonlyMap<string, string>;
}

/** The ADDRESS_DETAIL columns the mapping reads (G-NAF's data model, Appendix B). */
export const addressColumns = [
  'ADDRESS_DETAIL_PID',
  'DATE_RETIRED',
  'ALIAS_PRINCIPAL',
  'FLAT_TYPE_CODE',
  'FLAT_NUMBER_PREFIX',
  'FLAT_NUMBER',
  'FLAT_NUMBER_SUFFIX',
  'NUMBER_FIRST_PREFIX',
  'NUMBER_FIRST',
  'NUMBER_FIRST_SUFFIX',
  'NUMBER_LAST_PREFIX',
  'NUMBER_LAST',
  'NUMBER_LAST_SUFFIX',
  'LOT_NUMBER_PREFIX',
  'LOT_NUMBER',
  'LOT_NUMBER_SUFFIX',
  'STREET_LOCALITY_PID',
  'LOCALITY_PID',
  'POSTCODE',
] as const;
export type AddressColumn = (typeof addressColumns)[number];

export type SkipReason = 'retired' | 'alias' | 'no street number';

export type Mapped =
  | { kind: 'address'; row: AddressRow; hasUnit: boolean }
  | { kind: 'skipped'; reason: SkipReason }
  | { kind: 'bad'; problem: string };

/** The id of a G-NAF address in the index: stable across releases, as the PID is. */
export const gnafAddressId = (pid: string) => `gnaf-${pid}`;

// Flat types written the way the maps service and the house write a unit: '5/100 Harris Street'.
// Every other type keeps its word: 'Shop 5, 100 Harris Street'.
const slashFlatTypes = new Set(['UNIT', 'FLAT', 'APT']);

export function mapAddress(
  fields: readonly string[],
  at: Readonly<Record<AddressColumn, number>>,
  tables: ReferenceTables,
): Mapped {
  const get = (column: AddressColumn) => (fields[at[column]] ?? '').trim();
  const pid = get('ADDRESS_DETAIL_PID');
  if (!pid) return { kind: 'bad', problem: 'no ADDRESS_DETAIL_PID' };
  if (get('DATE_RETIRED')) return { kind: 'skipped', reason: 'retired' };
  if (get('ALIAS_PRINCIPAL').toUpperCase() === 'A') return { kind: 'skipped', reason: 'alias' };

  const streetPid = get('STREET_LOCALITY_PID');
  const street = tables.streets.get(streetPid);
  if (!street) return { kind: 'bad', problem: `street locality '${streetPid}' not found` };
  const localityPid = get('LOCALITY_PID') || street.localityPid;
  const locality = tables.localities.get(localityPid);
  if (!locality) return { kind: 'bad', problem: `locality '${localityPid}' not found` };
  const state = tables.states.get(locality.statePid);
  if (!state) return { kind: 'bad', problem: `state '${locality.statePid}' not found` };

  const first = joined(get('NUMBER_FIRST_PREFIX'), get('NUMBER_FIRST'), get('NUMBER_FIRST_SUFFIX'));
  const last = joined(get('NUMBER_LAST_PREFIX'), get('NUMBER_LAST'), get('NUMBER_LAST_SUFFIX'));
  const lot = joined(get('LOT_NUMBER_PREFIX'), get('LOT_NUMBER'), get('LOT_NUMBER_SUFFIX'));
  const number = first ? (last ? `${first}-${last}` : first) : lot ? `Lot ${lot}` : '';
  if (!number) return { kind: 'skipped', reason: 'no street number' };
  const unit = joined(get('FLAT_NUMBER_PREFIX'), get('FLAT_NUMBER'), get('FLAT_NUMBER_SUFFIX'));
  const flatType = get('FLAT_TYPE_CODE').toUpperCase();

  const postcode = get('POSTCODE') || locality.primaryPostcode;
  const place = `${street.name}, ${[locality.suburb, state, postcode].filter(Boolean).join(' ')}`;
  const written = !unit
    ? `${number} ${place}`
    : !flatType || slashFlatTypes.has(flatType)
      ? `${unit}/${number} ${place}`
      : `${tables.flatTypes.get(flatType) ?? titleCase(flatType)} ${unit}, ${number} ${place}`;
  return {
    kind: 'address',
    hasUnit: unit !== '',
    row: {
      id: gnafAddressId(pid),
      formatted_address: written,
      // The unit rides on the number as '5/100' (the lookup reads the number after the slash), so
      // the search key holds it and '5 100 harris' finds the flat.
      street_number: unit ? `${unit}/${number}` : number,
      street: street.name,
      suburb: locality.suburb,
      state,
      postcode,
      building_code: null,
    },
  };
}

const joined = (prefix: string, value: string, suffix: string) =>
  value ? `${prefix}${value}${suffix}`.toUpperCase() : '';

/**
 * G-NAF writes names in capitals: 'ST KILDA' -> 'St Kilda', 'O'CONNOR' -> "O'Connor",
 * 'SMITH-JONES' -> 'Smith-Jones', "KING'S" -> "King's".
 */
export function titleCase(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s\-(./])([a-z])/g, (_, before: string, c: string) => before + c.toUpperCase())
    .replace(
      /(^|[\s\-(])([A-Z])['’]([a-z])/g,
      (_, before: string, a: string, c: string) => `${before}${a}'${c.toUpperCase()}`,
    );
}
