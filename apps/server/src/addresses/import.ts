import { basename, relative } from 'node:path';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { AddressRow } from './repository/addresses.ts';
import { buildingAddressTexts, upsertImportedAddresses } from './repository/addresses.ts';
import { comparableAddress } from './address-text.ts';
import { addressColumns, mapAddress, type SkipReason } from './gnaf.ts';
import { openPsv, pickColumns } from './psv.ts';
import { hasAllFields, loadReferenceTables } from './reference.ts';
import type { Release } from './release.ts';
import { CliError } from '../cli-run.ts';

/*
 * `npm run addresses -- import DIR` (docs/addresses-import.md): the small tables into memory, then
 * each state's address detail file line by line, written in batches, each few batches one
 * transaction. Bad records are counted and reported by file and line; they never stop the import.
 */

export interface BadRecord {
  file: string;
  line: number;
  problem: string;
}

export interface ImportSummary {
  read: number;
  /** Inserted, or updated because their text changed. */
  written: number;
  /** Mapped but already as imported, or linked to a building. */
  unchanged: number;
  skipped: Record<SkipReason | 'building address', number>;
  bad: number;
  /** The first `keepBad` bad records. */
  badRecords: BadRecord[];
}

export interface ImportOptions {
  log: (line: string) => void;
  /** Rows per INSERT statement. */
  batchSize?: number;
  /** Statements per transaction. */
  batchesPerTransaction?: number;
  /** Progress every this many address records. */
  progressEvery?: number;
  keepBad?: number;
}

export async function importGnaf(
  db: Kysely<Schema>,
  release: Release,
  options: ImportOptions,
): Promise<ImportSummary> {
  const { log, batchSize = 2000, batchesPerTransaction = 5, progressEvery = 100_000 } = options;
  const keepBad = options.keepBad ?? 100;
  const summary: ImportSummary = {
    read: 0,
    written: 0,
    unchanged: 0,
    skipped: { retired: 0, alias: 0, 'no street number': 0, 'building address': 0 },
    bad: 0,
    badRecords: [],
  };
  const bad = (path: string, line: number, problem: string) => {
    summary.bad += 1;
    if (summary.badRecords.length < keepBad)
      summary.badRecords.push({ file: relative(release.dir, path), line, problem });
  };

  const tables = await loadReferenceTables(release, bad, log);
  const buildings = buildingTexts(await buildingAddressTexts(db));

  for (const { files } of release.states) {
    const path = files.ADDRESS_DETAIL;
    const name = basename(path);
    const { columns, records } = await openPsv(path);
    const picked = pickColumns(columns, addressColumns);
    if (!picked.ok) throw new CliError(`${path}: no column ${picked.missing.join(', ')}`);
    const before = { ...summary, skipped: { ...summary.skipped } };
    const pending = new Map<string, AddressRow>();
    const flush = async () => {
      const rows = [...pending.values()];
      pending.clear();
      const batches = [];
      for (let i = 0; i < rows.length; i += batchSize) batches.push(rows.slice(i, i + batchSize));
      const written = await upsertImportedAddresses(db, batches);
      summary.written += written;
      summary.unchanged += rows.length - written;
    };

    for await (const record of records) {
      summary.read += 1;
      if (summary.read % progressEvery === 0)
        log(`${name}: ${summary.read - before.read} records read`);
      if (!hasAllFields(record, columns.size, path, bad)) continue;
      const mapped = mapAddress(record.fields, picked.index, tables);
      if (mapped.kind === 'bad') bad(path, record.line, mapped.problem);
      else if (mapped.kind === 'skipped') summary.skipped[mapped.reason] += 1;
      else if (!mapped.hasUnit && buildings.has(mapped.row))
        summary.skipped['building address'] += 1;
      else {
        if (pending.has(mapped.row.id)) bad(path, record.line, `${mapped.row.id} repeated`);
        pending.set(mapped.row.id, mapped.row);
        if (pending.size >= batchSize * batchesPerTransaction) await flush();
      }
    }
    await flush();
    log(`${name}: ${describeSummary(difference(summary, before))}`);
  }
  return summary;
}

/** '12 records read, 8 written, 1 unchanged; skipped 1 retired, 1 alias; 1 bad'. */
export function describeSummary(s: Omit<ImportSummary, 'badRecords'>): string {
  const skipped = Object.entries(s.skipped)
    .filter(([, n]) => n > 0)
    .map(([why, n]) => `${n} ${why}`);
  return [
    `${s.read} records read, ${s.written} written (new or changed), ${s.unchanged} unchanged`,
    `skipped ${skipped.length > 0 ? skipped.join(', ') : 'none'}`,
    `${s.bad} bad`,
  ].join('; ');
}

function difference(now: ImportSummary, before: ImportSummary): Omit<ImportSummary, 'badRecords'> {
  const skipped = { ...now.skipped };
  for (const key of Object.keys(skipped) as Array<keyof typeof skipped>)
    skipped[key] -= before.skipped[key];
  return {
    read: now.read - before.read,
    written: now.written - before.written,
    unchanged: now.unchanged - before.unchanged,
    skipped,
    bad: now.bad - before.bad,
  };
}

/**
 * The provider's building addresses, to leave out the G-NAF record of the same street address:
 * the building's own row (linked, ranked first) is the one to choose. Compared the way the
 * building lookup compares addresses; the postcode first, as a cheap filter.
 */
function buildingTexts(texts: string[]) {
  const postcodes = new Set(texts.map((t) => /\b(\d{4})\b(?!.*\d)/.exec(t)?.[1]));
  const comparable = new Set(texts.map(comparableAddress));
  return {
    has: (row: AddressRow) =>
      postcodes.has(row.postcode) && comparable.has(comparableAddress(row.formatted_address)),
  };
}
