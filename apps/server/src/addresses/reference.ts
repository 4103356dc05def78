import { CliError } from '../cli-run.ts';
import { titleCase, type Locality, type ReferenceTables, type Street } from './gnaf.ts';
import { openPsv, pickColumns, type PsvRecord } from './psv.ts';
import type { Release } from './release.ts';

/*
 * The small G-NAF tables the importer holds in memory while it streams the address files
 * (docs/addresses-import.md): authority codes, states, localities and street localities (about
 * 800,000 streets nationally, a few hundred megabytes at most).
 */

/** A bad record of `file`: counted and reported by line, never fatal. */
export type ReportBad = (file: string, line: number, problem: string) => void;

/**
 * Every record of a file with the named columns, as { column: value }; a record with another number
 * of fields than the header is reported and left out. A file lacking a column is refused whole.
 */
export async function* readTable<const K extends string>(
  path: string,
  names: readonly K[],
  bad: ReportBad,
): AsyncGenerator<Record<K, string>> {
  const { columns, records } = await openPsv(path);
  const picked = pickColumns(columns, names);
  if (!picked.ok) throw new CliError(`${path}: no column ${picked.missing.join(', ')}`);
  for await (const record of records) {
    if (!hasAllFields(record, columns.size, path, bad)) continue;
    const values = {} as Record<K, string>;
    for (const name of names) values[name] = record.fields[picked.index[name]]!.trim();
    yield values;
  }
}

export function hasAllFields(record: PsvRecord, count: number, path: string, bad: ReportBad) {
  if (record.fields.length === count) return true;
  bad(path, record.line, `${record.fields.length} fields where the header has ${count}`);
  return false;
}

export async function loadReferenceTables(
  release: Release,
  bad: ReportBad,
  progress: (line: string) => void,
): Promise<ReferenceTables> {
  const codes = ['CODE', 'NAME'] as const;
  const flatTypes = new Map<string, string>();
  for await (const r of readTable(release.authority.FLAT_TYPE, codes, bad))
    flatTypes.set(r.CODE.toUpperCase(), titleCase(r.NAME));
  // STREET_TYPE_AUT's CODE is the word ('AVENUE') and its NAME the abbreviation ('AV'): streets
  // are written with the word, and a street that carries the abbreviation is read as the word.
  const streetTypes = new Map<string, string>();
  let streetTypeCount = 0;
  for await (const r of readTable(release.authority.STREET_TYPE, codes, bad)) {
    streetTypeCount += 1;
    streetTypes.set(r.CODE.toUpperCase(), titleCase(r.CODE));
    if (!streetTypes.has(r.NAME.toUpperCase()))
      streetTypes.set(r.NAME.toUpperCase(), titleCase(r.CODE));
  }
  // STREET_SUFFIX_AUT: CODE 'N', NAME 'NORTH'.
  const suffixes = new Map<string, string>();
  for await (const r of readTable(release.authority.STREET_SUFFIX, codes, bad))
    suffixes.set(r.CODE.toUpperCase(), titleCase(r.NAME));
  progress(
    `authority codes: ${flatTypes.size} flat types, ${streetTypeCount} street types, ${suffixes.size} street suffixes`,
  );

  const states = new Map<string, string>();
  const localities = new Map<string, Locality>();
  const streets = new Map<string, Street>();
  for (const { state, files } of release.states) {
    for await (const r of readTable(files.STATE, ['STATE_PID', 'STATE_ABBREVIATION'], bad))
      states.set(r.STATE_PID, r.STATE_ABBREVIATION.toUpperCase());
    const localityColumns = [
      'LOCALITY_PID',
      'LOCALITY_NAME',
      'PRIMARY_POSTCODE',
      'STATE_PID',
    ] as const;
    let localityCount = 0;
    for await (const r of readTable(files.LOCALITY, localityColumns, bad)) {
      localities.set(r.LOCALITY_PID, {
        suburb: titleCase(r.LOCALITY_NAME),
        statePid: r.STATE_PID,
        primaryPostcode: r.PRIMARY_POSTCODE,
      });
      localityCount += 1;
    }
    const streetColumns = [
      'STREET_LOCALITY_PID',
      'STREET_NAME',
      'STREET_TYPE_CODE',
      'STREET_SUFFIX_CODE',
      'LOCALITY_PID',
    ] as const;
    let streetCount = 0;
    for await (const r of readTable(files.STREET_LOCALITY, streetColumns, bad)) {
      const type = r.STREET_TYPE_CODE.toUpperCase();
      const suffix = r.STREET_SUFFIX_CODE.toUpperCase();
      const name = [
        titleCase(r.STREET_NAME),
        type ? (streetTypes.get(type) ?? titleCase(type)) : '',
        suffix ? (suffixes.get(suffix) ?? titleCase(suffix)) : '',
      ];
      streets.set(r.STREET_LOCALITY_PID, {
        name: name.filter(Boolean).join(' '),
        localityPid: r.LOCALITY_PID,
      });
      streetCount += 1;
    }
    progress(`${state}: ${localityCount} localities, ${streetCount} street localities`);
  }
  return { flatTypes, streets, localities, states };
}
