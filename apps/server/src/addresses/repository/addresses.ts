import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { takeAdvisoryLock } from '../../db/advisory-lock.ts';
import { LOCK_KEYS } from '../../db/lock-keys.ts';
import { Refusal } from '../../http/errors.ts';
import {
  addressSearchKey,
  matchedTerms,
  streetWords,
  typedRange,
  words,
  type SearchTerms,
} from '../address-text.ts';

export type AddressRow = Omit<Selectable<Schema['addresses']>, 'search_key'>;

/** How many matches autocomplete ranks at most (docs/decisions/021-autocomplete-bounds.md). */
export const AUTOCOMPLETE_CANDIDATES = 300;

const addressColumns = sql.raw(
  'id, formatted_address, street_number, street, suburb, state, postcode, building_code',
);

/** PostgreSQL's query_canceled: the statement ran past statement_timeout. */
const QUERY_CANCELED = '57014';

export const searchTimeout = () =>
  new Refusal('unavailable', 'search_timeout', 'Address search is busy: please try again');

/**
 * The two orders autocomplete reads the index in (migration 017): the search key, and the key
 * after its house number. Written as the indexes are, so the planner uses them.
 */
const lineKeys = {
  address: sql.raw(`(search_key COLLATE "C")`),
  street: sql.raw(`(ltrim(search_key, ' 0123456789') COLLATE "C")`),
};

/**
 * Autocomplete (docs/decisions/021-autocomplete-bounds.md): every finished word must be a word of
 * the address and the last one the start of a word. The five are ranked from bounded sets, in
 * this order: addresses with a building that match (they are what the visitor most likely wants);
 * the first AUTOCOMPLETE_CANDIDATES addresses that start with what was typed, in order
 * (typedRange: a range of keys, read in order and stopped at the bound); and, only when there are
 * none, the first AUTOCOMPLETE_CANDIDATES that hold the words in any order, the
 * rarer words driving the trigram index and the common ones checked on the rows it finds
 * (matchedTerms). Within each, the shortest, then alphabetical. One statement. `db` is the database's search connections
 * (Database.search): on PostgreSQL they run under a statement timeout, and running past it throws
 * searchTimeout().
 */
export async function searchAddresses(
  db: Kysely<Schema>,
  terms: SearchTerms,
  limit: number,
): Promise<AddressRow[]> {
  const { indexed, checked } = matchedTerms(terms);
  const conditions = [
    ...indexed.map((needle) => sql`search_key LIKE ${`%${needle}%`}`),
    // strpos is what LIKE '%needle%' means, in a form the trigram index cannot take.
    ...checked.map((needle) => sql`strpos(search_key, ${needle}) > 0`),
  ];
  const range = typedRange(terms);
  if (conditions.length === 0 || !range) return [];
  const where = sql.join(conditions, sql` AND `);
  const key = lineKeys[range.line];
  const query = sql<AddressRow>`
    WITH buildings AS (
      SELECT ${addressColumns}, 0 AS rank FROM addresses
      WHERE building_code IS NOT NULL AND ${where}
      LIMIT ${limit}
    ),
    typed AS (
      SELECT ${addressColumns}, 1 AS rank FROM addresses
      WHERE building_code IS NULL AND ${key} >= ${range.from} AND ${key} < ${range.to}
      ORDER BY ${key}
      LIMIT ${AUTOCOMPLETE_CANDIDATES}
    ),
    -- Asked only when no address starts with what was typed.
    any_order AS (
      SELECT ${addressColumns}, 2 AS rank FROM addresses
      WHERE NOT EXISTS (SELECT 1 FROM typed) AND building_code IS NULL AND ${where}
      LIMIT ${AUTOCOMPLETE_CANDIDATES}
    )
    SELECT ${addressColumns} FROM (
      SELECT * FROM buildings UNION ALL SELECT * FROM typed UNION ALL SELECT * FROM any_order
    ) AS found
    ORDER BY rank, length(formatted_address), formatted_address
    LIMIT ${limit}`;
  try {
    return (await query.execute(db)).rows;
  } catch (error) {
    if ((error as { code?: unknown }).code === QUERY_CANCELED) throw searchTimeout();
    throw error;
  }
}

/** Inserts by id and skips what exists, so seeding twice changes nothing. */
export async function insertAddresses(db: Kysely<Schema>, rows: AddressRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('addresses')
    .values(rows.map((row) => ({ ...row, search_key: addressSearchKey(row) })))
    .onConflict((c) => c.column('id').doNothing())
    .execute();
}

/**
 * The address index holds every active building's address, linked to it (autocomplete ranks
 * those first), as the latest catalogue has it; a retired building's address stays, unlinked.
 */
export async function syncBuildingAddresses(
  db: Kysely<Schema> | Transaction<Schema>,
): Promise<void> {
  const buildings = await db
    .selectFrom('buildings')
    .select(['code', 'formatted_address', 'street_number', 'street', 'suburb', 'state', 'postcode'])
    .where('retired_at', 'is', null)
    .execute();
  const rows: AddressRow[] = buildings.map(({ code, ...address }) => ({
    id: `adr-${code.toLowerCase()}`,
    ...address,
    building_code: code,
  }));
  if (rows.length > 0) {
    await db
      .insertInto('addresses')
      .values(rows.map((row) => ({ ...row, search_key: addressSearchKey(row) })))
      .onConflict((c) =>
        c.column('id').doUpdateSet((eb) => ({
          formatted_address: eb.ref('excluded.formatted_address'),
          street_number: eb.ref('excluded.street_number'),
          street: eb.ref('excluded.street'),
          suburb: eb.ref('excluded.suburb'),
          state: eb.ref('excluded.state'),
          postcode: eb.ref('excluded.postcode'),
          building_code: eb.ref('excluded.building_code'),
          search_key: eb.ref('excluded.search_key'),
        })),
      )
      .execute();
  }
  await db
    .updateTable('addresses')
    .set({ building_code: null })
    .where('building_code', 'in', (eb) =>
      eb.selectFrom('buildings').select('code').where('retired_at', 'is not', null),
    )
    .execute();
}

/**
 * The address index's revision (migration 019): it moves with every committed statement that
 * wrote the addresses table, so a search answered after reading it is current while it stays.
 */
export async function addressRevision(db: Kysely<Schema>): Promise<string> {
  const row = await db
    .selectFrom('address_revision')
    .select(sql<string>`revision::text`.as('revision'))
    .executeTakeFirst();
  return row?.revision ?? '';
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

const ADDRESS_INDEX_LOCK = LOCK_KEYS.addressIndex;

const generatedIdPrefix = 'gen-';
/** The id of the nth generated address (1-based); the same n always names the same address. */
export const generatedAddressId = (n: number) => `${generatedIdPrefix}${n}`;

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
    // Tried, not waited for inside PostgreSQL (advisory-lock.ts): a start blocked in the wait was
    // once ended with 'deadlock detected'.
    await takeAdvisoryLock(trx, ADDRESS_INDEX_LOCK, 'transaction');
    if (await addressExists(trx, generatedAddressId(count))) return;
    const rebuild = count - (await countAddresses(trx)) >= rebuildIndexFrom;
    const searchIndexes = rebuild ? await dropSearchIndexes(trx) : [];
    // The lists arrive as arrays unnested into numbered rows to join on (subscripting a text array
    // is linear in the index: tens of seconds for 100,000 rows). The key's pieces arrive already
    // normalised, so the key is plain concatenation, equal to addressSearchKey of the row.
    await sql`
      WITH localities AS (
        SELECT n - 1 AS loc, suburb, state, postcode, place_key
        FROM unnest(
          ${localities.map((l) => l.suburb)}::text[],
          ${localities.map((l) => l.state)}::text[],
          ${localities.map((l) => l.postcode)}::text[],
          ${localities.map((l) => [...words(l.suburb), ...words(l.state), ...words(l.postcode)].join(' '))}::text[]
        ) WITH ORDINALITY AS l (suburb, state, postcode, place_key, n)
      ),
      streets AS (
        SELECT n - 1 AS k, street, street_key
        FROM unnest(
          ${streets}::text[],
          ${streets.map((street) => streetWords(street).join(' '))}::text[]
        ) WITH ORDINALITY AS s (street, street_key, n)
      ),
      rounds AS (
        SELECT i, (i - 1) % ${localities.length} AS loc,
          (i - 1) / ${localities.length} / 3 AS g, (i - 1) / ${localities.length} % 3 AS r
        FROM generate_series(1, ${count}::integer) AS i
      ),
      generated AS (
        SELECT rounds.i, (1 + (rounds.loc * 13 + rounds.g * 29) % 150 + rounds.r * 2)::text AS n,
          streets.street, streets.street_key, localities.*
        FROM rounds
        JOIN localities ON localities.loc = rounds.loc
        JOIN streets ON streets.k = (rounds.loc * 97 + rounds.g) % ${streets.length}
      )
      INSERT INTO addresses
        (id, formatted_address, street_number, street, suburb, state, postcode, search_key)
      SELECT ${generatedIdPrefix} || i, n || ' ' || street || ', ' || suburb || ' ' || state || ' ' || postcode,
        n, street, suburb, state, postcode, ' ' || n || ' ' || street_key || ' ' || place_key || ' '
      FROM generated
      ON CONFLICT (id) DO NOTHING
    `.execute(trx);
    for (const index of searchIndexes) await sql.raw(index).execute(trx);
    // Autocomplete's plans need the table's statistics (migration 016), and PGlite gathers none
    // by itself.
    await sql`ANALYZE addresses`.execute(trx);
  });
}

// Building the search indexes once over all rows costs about half of updating them row by row.
const rebuildIndexFrom = 10_000;

/** Autocomplete's indexes (migrations 002 and 017). */
const searchIndexNames = ['addresses_search_key_trgm', 'addresses_line', 'addresses_street_line'];

/** Drops the search indexes and answers the statements that recreate them as the migrations wrote them. */
async function dropSearchIndexes(trx: Kysely<Schema>): Promise<string[]> {
  const definitions: string[] = [];
  for (const name of searchIndexNames) {
    const { rows } = await sql<{
      definition: string | null;
    }>`SELECT pg_get_indexdef(to_regclass(${name})) AS definition`.execute(trx);
    const definition = rows[0]?.definition ?? undefined;
    if (!definition) continue;
    await sql`DROP INDEX ${sql.id(name)}`.execute(trx);
    definitions.push(definition);
  }
  return definitions;
}

export async function addressExists(db: Kysely<Schema>, id: string): Promise<boolean> {
  const row = await db.selectFrom('addresses').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes imported addresses (docs/addresses-import.md), one statement per batch, all in one
 * transaction: a new id is inserted, a known one updated in place when its text changed, and a row
 * linked to a building is never touched. Answers how many rows were inserted or changed.
 */
export async function upsertImportedAddresses(
  db: Kysely<Schema>,
  batches: AddressRow[][],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let written = 0;
    for (const rows of batches) {
      if (rows.length === 0) continue;
      const result = await trx
        .insertInto('addresses')
        .values(rows.map((row) => ({ ...row, search_key: addressSearchKey(row) })))
        .onConflict((c) =>
          c
            .column('id')
            .doUpdateSet((eb) => ({
              formatted_address: eb.ref('excluded.formatted_address'),
              street_number: eb.ref('excluded.street_number'),
              street: eb.ref('excluded.street'),
              suburb: eb.ref('excluded.suburb'),
              state: eb.ref('excluded.state'),
              postcode: eb.ref('excluded.postcode'),
              search_key: eb.ref('excluded.search_key'),
            }))
            .where('addresses.building_code', 'is', null)
            // An unchanged row is not rewritten: a second import of one release writes nothing.
            .where(
              sql<boolean>`(addresses.formatted_address, addresses.street_number, addresses.street, addresses.suburb, addresses.state, addresses.postcode) IS DISTINCT FROM (excluded.formatted_address, excluded.street_number, excluded.street, excluded.suburb, excluded.state, excluded.postcode)`,
            ),
        )
        .executeTakeFirst();
      written += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return written;
  });
}

/** The formatted addresses of the rows linked to a building (the provider's own addresses). */
export async function buildingAddressTexts(db: Kysely<Schema>): Promise<string[]> {
  const rows = await db
    .selectFrom('addresses')
    .select('formatted_address')
    .where('building_code', 'is not', null)
    .execute();
  return rows.map((row) => row.formatted_address);
}
