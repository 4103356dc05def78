import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/*
 * G-NAF's pipe-separated files (docs/addresses-import.md): a header row of column names, then one
 * record per line, fields split on '|' with no quoting. Read line by line, so a multi-gigabyte
 * address file never sits in memory.
 */

export interface PsvRecord {
  /** 1-based line in the file (the header is line 1), for 'file:line' reports. */
  line: number;
  fields: string[];
}

export interface PsvFile {
  /** Column name (upper case) -> index. */
  columns: ReadonlyMap<string, number>;
  records: AsyncGenerator<PsvRecord>;
}

/** The file's header and an iterator over its records; an empty file has no columns. */
export async function openPsv(path: string): Promise<PsvFile> {
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  })[Symbol.asyncIterator]();
  const first = await lines.next();
  const header = first.done ? [] : split(first.value.replace(/^\uFEFF/, ''));
  const columns = new Map(header.map((name, i) => [name.trim().toUpperCase(), i] as const));
  async function* records(): AsyncGenerator<PsvRecord> {
    let line = 1;
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      line += 1;
      if (next.value.trim() === '') continue;
      yield { line, fields: split(next.value) };
    }
  }
  return { columns, records: records() };
}

const split = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line).split('|');

/**
 * The index of each named column, or the names the file lacks: a release whose layout moved a
 * column still reads, one that dropped a column the importer needs is refused.
 */
export function pickColumns<const K extends string>(
  columns: ReadonlyMap<string, number>,
  names: readonly K[],
): { ok: true; index: Record<K, number> } | { ok: false; missing: K[] } {
  const missing = names.filter((name) => !columns.has(name));
  if (missing.length > 0) return { ok: false, missing };
  const index = Object.fromEntries(names.map((name) => [name, columns.get(name)!])) as Record<
    K,
    number
  >;
  return { ok: true, index };
}
