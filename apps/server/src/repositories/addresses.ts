import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Schema } from '../db/schema.ts';

export type AddressRow = Omit<Selectable<Schema['addresses']>, 'search_key'>;
export type NewAddress = Insertable<Schema['addresses']>;

export interface SearchTerms {
  /** Words followed by a separator: the visitor finished typing them, so they match whole words. */
  words: string[];
  /** The word still being typed, matched as the start of a word. */
  prefix: string | undefined;
}

// A runaway query of many words would become as many LIKE conditions; the index needs few.
const maxTerms = 8;

/**
 * Typed text in the words of the search key (migration 002's address_search_key): lowercase,
 * apostrophes dropped, anything but letters and digits separates words. '100 Harris Street, Pyrm'
 * gives words [100, harris, street] and prefix 'pyrm'.
 */
export function searchTerms(text: string): SearchTerms {
  const cleaned = text.toLowerCase().replace(/['’]/g, '');
  const words = cleaned
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, maxTerms);
  const finished = /[^a-z0-9]$/.test(cleaned) || words.length === maxTerms;
  const prefix = finished ? undefined : words.pop();
  return { words, prefix };
}

/**
 * Autocomplete: every finished word must be a word of the address and the last one the start of
 * a word, in any order, each as a LIKE the trigram index answers. Addresses with a building come
 * first (they are what the visitor most likely wants), then the shortest, then alphabetical.
 */
export async function searchAddresses(
  db: Kysely<Schema>,
  terms: SearchTerms,
  limit: number,
): Promise<AddressRow[]> {
  const patterns = [
    ...terms.words.map((w) => `% ${w} %`),
    ...(terms.prefix ? [`% ${terms.prefix}%`] : []),
  ];
  if (patterns.length === 0) return [];
  let query = db
    .selectFrom('addresses')
    .select([
      'id',
      'formatted_address',
      'street_number',
      'street',
      'suburb',
      'state',
      'postcode',
      'building_code',
    ]);
  for (const pattern of patterns) query = query.where('search_key', 'like', pattern);
  return query
    .orderBy(sql`building_code IS NULL`)
    .orderBy(sql`length(formatted_address)`)
    .orderBy('formatted_address')
    .limit(limit)
    .execute();
}

/** Inserts by id and skips what exists, so seeding twice changes nothing. */
export async function insertAddresses(db: Kysely<Schema>, rows: NewAddress[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('addresses')
    .values(rows)
    .onConflict((c) => c.column('id').doNothing())
    .execute();
}

export async function countAddresses(db: Kysely<Schema>): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface Locality {
  suburb: string;
  state: string;
  postcode: string;
}

/** The id of the nth generated address (1-based); the same n always names the same address. */
export const generatedAddressId = (n: number) => `gen-${n}`;

/**
 * Generates street addresses 1..count inside the database, in one statement, by arithmetic over
 * generate_series: the same inputs give the same rows on every machine and engine. Address i lies
 * in locality (i - 1) mod L; that locality's rounds walk a street three house numbers at a time
 * (14, 16, 18 Oak Road) and then move to the next street of the list. Within a locality the street
 * or the number always differs, so no address repeats while count <= L * 3 * streets.length. Ids
 * already present are skipped, so a larger count tops up a smaller earlier one.
 */
export async function generateAddresses(
  db: Kysely<Schema>,
  input: { localities: Locality[]; streets: string[]; count: number },
): Promise<void> {
  const { localities, streets, count } = input;
  if (count <= 0 || localities.length === 0 || streets.length === 0) return;
  await db.transaction().execute(async (trx) => {
    // Several instances starting on one PostgreSQL: one generates, the others then find it done.
    await sql`SELECT pg_advisory_xact_lock(4712)`.execute(trx);
    if (await addressExists(trx, generatedAddressId(count))) return;
    // The lists arrive as arrays and are unnested into numbered rows to join on: subscripting a
    // text array is linear in the index, which made a 100,000-row run take tens of seconds.
    await sql`
      WITH localities AS (
        SELECT n - 1 AS loc, suburb, state, postcode
        FROM unnest(
          ${localities.map((l) => l.suburb)}::text[],
          ${localities.map((l) => l.state)}::text[],
          ${localities.map((l) => l.postcode)}::text[]
        ) WITH ORDINALITY AS l (suburb, state, postcode, n)
      ),
      streets AS (
        SELECT n - 1 AS k, street FROM unnest(${streets}::text[]) WITH ORDINALITY AS s (street, n)
      ),
      rounds AS (
        SELECT i, (i - 1) % ${localities.length} AS loc,
          (i - 1) / ${localities.length} / 3 AS g, (i - 1) / ${localities.length} % 3 AS r
        FROM generate_series(1, ${count}::integer) AS i
      ),
      generated AS (
        SELECT rounds.i, (1 + (rounds.loc * 13 + rounds.g * 29) % 150 + rounds.r * 2)::text AS n,
          streets.street, localities.suburb, localities.state, localities.postcode
        FROM rounds
        JOIN localities ON localities.loc = rounds.loc
        JOIN streets ON streets.k = (rounds.loc * 97 + rounds.g) % ${streets.length}
      )
      INSERT INTO addresses (id, formatted_address, street_number, street, suburb, state, postcode)
      SELECT 'gen-' || i, n || ' ' || street || ', ' || suburb || ' ' || state || ' ' || postcode,
        n, street, suburb, state, postcode
      FROM generated
      ON CONFLICT (id) DO NOTHING
    `.execute(trx);
  });
}

export async function addressExists(db: Kysely<Schema>, id: string): Promise<boolean> {
  const row = await db.selectFrom('addresses').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
