import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';

/*
 * Where a G-NAF release's files are under DIR (docs/addresses-import.md). The release names them
 * `Standard/NSW_ADDRESS_DETAIL_psv.psv` and `Authority Code/Authority_Code_FLAT_TYPE_AUT_psv.psv`;
 * folders vary between releases and unpackings, so any depth is searched and only the name counts.
 */

export const stateTables = ['ADDRESS_DETAIL', 'STREET_LOCALITY', 'LOCALITY', 'STATE'] as const;
export const authorityTables = ['FLAT_TYPE', 'STREET_TYPE', 'STREET_SUFFIX'] as const;
type StateTable = (typeof stateTables)[number];
type AuthorityTable = (typeof authorityTables)[number];

export interface StateFiles {
  /** The file names' prefix: NSW, VIC, ... OT. */
  state: string;
  files: Record<StateTable, string>;
}

export interface Release {
  dir: string;
  states: StateFiles[];
  authority: Record<AuthorityTable, string>;
}

const stateFile = new RegExp(`^([A-Z]+)_(${stateTables.join('|')})_psv\\.psv$`, 'i');
const authorityFile = new RegExp(
  `^Authority_Code_(${authorityTables.join('|')})_AUT_psv\\.psv$`,
  'i',
);

/**
 * The release's files, or why it cannot be read: DIR missing, no address detail file, a state
 * without one of its tables, an authority code file missing, or a file found twice.
 */
export async function findRelease(
  dir: string,
): Promise<{ ok: true; release: Release } | { ok: false; problems: string[] }> {
  const isDir = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) return { ok: false, problems: [`${dir}: no such directory`] };
  const found = new Map<string, string[]>();
  for (const entry of await readdir(dir, { recursive: true })) {
    const name = basename(entry);
    const state = stateFile.exec(name);
    const authority = authorityFile.exec(name);
    const key = state
      ? `${state[1]!.toUpperCase()} ${state[2]!.toUpperCase()}`
      : authority
        ? `AUT ${authority[1]!.toUpperCase()}`
        : undefined;
    if (key) found.set(key, [...(found.get(key) ?? []), join(dir, entry)]);
  }

  const problems: string[] = [];
  const one = (key: string, label: string): string => {
    const paths = found.get(key) ?? [];
    if (paths.length === 0) problems.push(`missing ${label}`);
    if (paths.length > 1)
      problems.push(`${label} found ${paths.length} times: ${paths.join(', ')}`);
    return paths[0] ?? '';
  };
  const states = [...found.keys()]
    .filter((key) => key.endsWith(' ADDRESS_DETAIL'))
    .map((key) => key.split(' ')[0]!)
    .sort();
  if (states.length === 0) problems.push('missing every STATE_ADDRESS_DETAIL_psv.psv file');
  const release: Release = {
    dir,
    states: states.map((state) => ({
      state,
      files: Object.fromEntries(
        stateTables.map((table) => [table, one(`${state} ${table}`, `${state}_${table}_psv.psv`)]),
      ) as Record<StateTable, string>,
    })),
    authority: Object.fromEntries(
      authorityTables.map((table) => [
        table,
        one(`AUT ${table}`, `Authority_Code_${table}_AUT_psv.psv`),
      ]),
    ) as Record<AuthorityTable, string>,
  };
  return problems.length > 0 ? { ok: false, problems } : { ok: true, release };
}
