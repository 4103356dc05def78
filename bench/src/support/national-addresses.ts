import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { addressSearchKey, generatedAddressId } from '@fibre/server/testing';
import type { IndexedAddress } from './stores.ts';

/*
 * The address index at national scale (bench/README.md, "Addresses at national scale"): millions
 * of generated street addresses written with COPY rather than the first start's one INSERT, and
 * every index the migrations gave the table built once afterwards.
 */

export interface Locality {
  suburb: string;
  state: string;
  postcode: string;
}

export interface GeneratedAddress extends IndexedAddress {
  id: string;
  state: string;
  postcode: string;
  search_key: string;
}

/**
 * Generated address `i` (1-based). For as many rows as the first start's generator
 * (addresses/repository/addresses.ts, generateAddresses) keeps distinct, these are its rows: address i lies
 * in locality (i - 1) mod L, and that locality's rounds walk a street three house numbers at a
 * time, then move to the next street. Past that (16,000,000 addresses over some 17,600 localities
 * walk more rounds than there are streets) each further pass over the streets numbers its houses
 * 300 higher, so no address repeats at any size. The search key is addressSearchKey's: its words
 * of the street and of the place, worked out once per street and locality by addressSearchKey
 * itself, then joined with the number (a test compares every street and locality with it).
 */
export function generatedAddress(
  i: number,
  localities: readonly Locality[],
  streets: readonly string[],
): GeneratedAddress {
  const L = localities.length;
  const S = streets.length;
  const loc = (i - 1) % L;
  const round = Math.floor((i - 1) / L);
  const g = Math.floor(round / 3);
  const r = round % 3;
  const n = String(1 + ((loc * 13 + g * 29) % 150) + r * 2 + 300 * Math.floor(g / S));
  const street = streets[(loc * 97 + g) % S]!;
  const { suburb, state, postcode } = localities[loc]!;
  const streetKey = keysOf(streetKeys, streets, (street) => partKey({ street }))[
    (loc * 97 + g) % S
  ];
  const placeKey = keysOf(placeKeys, localities, (place) => partKey(place))[loc];
  return {
    id: generatedAddressId(i),
    formatted_address: `${n} ${street}, ${suburb} ${state} ${postcode}`,
    street_number: n,
    street,
    suburb,
    state,
    postcode,
    // A house number is one word of digits, as addressSearchKey writes it.
    search_key: ` ${n} ${streetKey} ${placeKey} `,
  };
}

// addressSearchKey costs microseconds a row (regular expressions over every part): 16,000,000
// rows share some 17,600 localities' and 284 streets' words.
const streetKeys = new WeakMap<readonly string[], string[]>();
const placeKeys = new WeakMap<readonly Locality[], string[]>();

function keysOf<T extends object | string>(
  cache: WeakMap<readonly T[], string[]>,
  list: readonly T[],
  key: (item: T) => string,
): string[] {
  let keys = cache.get(list);
  if (!keys) cache.set(list, (keys = list.map(key)));
  return keys;
}

/** addressSearchKey's words of some parts of an address, the others empty. */
const partKey = (parts: Partial<Parameters<typeof addressSearchKey>[0]>) =>
  addressSearchKey({
    street_number: '',
    street: '',
    suburb: '',
    state: '',
    postcode: '',
    ...parts,
  }).trim();

const copyColumns = [
  'id',
  'formatted_address',
  'street_number',
  'street',
  'suburb',
  'state',
  'postcode',
  'search_key',
] as const;

/** A value in COPY's text format: backslash, tab and line breaks escaped. */
export function copyText(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/** Addresses from..to as COPY text lines, in chunks of some thousands of rows. */
export function* copyLines(
  from: number,
  to: number,
  localities: readonly Locality[],
  streets: readonly string[],
  chunk = 5_000,
): Generator<string> {
  for (let start = from; start <= to; start += chunk) {
    const end = Math.min(to, start + chunk - 1);
    let text = '';
    for (let i = start; i <= end; i++) {
      const row = generatedAddress(i, localities, streets);
      text += `${copyColumns.map((c) => copyText(row[c])).join('\t')}\n`;
    }
    yield text;
  }
}

/** A statement's rows: pg's client or PGlite's, whichever runs it. */
export type Query = <R>(text: string, params?: unknown[]) => Promise<R[]>;

export interface RebuildPlan {
  /** Statements that recreate what was dropped, in order (constraints, then plain indexes). */
  recreate: Array<{ name: string; sql: string }>;
}

/**
 * Drops every index of `table` (whatever the migrations made: this one knows none of them by
 * name) and answers the statements that recreate them: a plain index from pg_get_indexdef, a
 * primary key or unique constraint from pg_get_constraintdef. A constraint that another table's
 * foreign key depends on stays.
 */
export async function dropIndexes(query: Query, table: string): Promise<RebuildPlan> {
  const rows = await query<{
    index: string;
    indexdef: string;
    constraint: string | null;
    constraintdef: string | null;
    referenced: boolean;
  }>(
    `SELECT i.indexrelid::regclass::text AS index, pg_get_indexdef(i.indexrelid) AS indexdef,
            c.conname AS constraint, pg_get_constraintdef(c.oid) AS constraintdef,
            EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = i.indexrelid)
              AS referenced
     FROM pg_index i
     LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid
     WHERE i.indrelid = $1::regclass
     ORDER BY c.conname NULLS LAST, i.indexrelid`,
    [table],
  );
  const recreate: RebuildPlan['recreate'] = [];
  for (const row of rows) {
    if (row.referenced) continue;
    if (row.constraint) {
      await query(`ALTER TABLE ${table} DROP CONSTRAINT ${quoteIdent(row.constraint)}`);
      recreate.push({
        name: row.constraint,
        sql: `ALTER TABLE ${table} ADD CONSTRAINT ${quoteIdent(row.constraint)} ${row.constraintdef}`,
      });
    } else {
      await query(`DROP INDEX ${row.index}`);
      recreate.push({ name: row.index, sql: row.indexdef });
    }
  }
  return { recreate };
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface NationalSeed {
  /** Writing the rows (generate + COPY), indexes dropped. */
  copyMs: number;
  /** Building every index again, by name. */
  indexMs: Array<{ name: string; ms: number }>;
  /** VACUUM ANALYZE afterwards, so the planner knows the table (a first start leaves that to autovacuum). */
  analyzeMs: number;
}

/**
 * Writes generated addresses 1..count into `url`'s addresses table, which the migrations made (and
 * the first start gave the buildings' addresses): indexes dropped, rows streamed with COPY, the
 * indexes built again with `maintenanceWorkMem`, then VACUUM ANALYZE.
 */
export async function seedNationalAddresses(
  url: string,
  count: number,
  localities: readonly Locality[],
  streets: readonly string[],
  maintenanceWorkMem = '1GB',
): Promise<NationalSeed> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plan = await dropIndexes(
      async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[],
      'addresses',
    );
    let t0 = performance.now();
    const copy = client.query(
      copyFrom(`COPY addresses (${copyColumns.join(', ')}) FROM STDIN (FORMAT text)`),
    );
    await pipeline(Readable.from(copyLines(1, count, localities, streets)), copy);
    const copyMs = performance.now() - t0;
    await client.query(`SET maintenance_work_mem = '${maintenanceWorkMem}'`);
    const indexMs: NationalSeed['indexMs'] = [];
    for (const { name, sql } of plan.recreate) {
      t0 = performance.now();
      await client.query(sql);
      indexMs.push({ name, ms: performance.now() - t0 });
    }
    t0 = performance.now();
    await client.query('VACUUM (ANALYZE) addresses');
    return { copyMs, indexMs, analyzeMs: performance.now() - t0 };
  } finally {
    await client.end();
  }
}
