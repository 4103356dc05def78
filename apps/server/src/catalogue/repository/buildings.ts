import { sql, type Kysely } from 'kysely';
import type { Building, Schema } from '../../db/schema.ts';
import { comparableAddress, withoutUnit } from '../../addresses/index.ts';

export type { Building };

// A building the catalogue dropped is retired (docs/decisions/011-catalogue-as-data.md): no
// lookup finds it, while the orders placed there keep it.

export async function findBuildingById(
  db: Kysely<Schema>,
  id: string,
): Promise<Building | undefined> {
  return db
    .selectFrom('buildings')
    .selectAll()
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The building at an address written out ('100 HARRIS STREET, PYRMONT NSW 2009'): first the same
 * text ignoring case (the indexed lower(formatted_address)), then the same words, which lets the
 * maps service's writing ('100 Harris St, Pyrmont NSW 2009, Australia') and a unit find it too.
 * The second pass compares only the buildings of the address's postcode.
 */
export async function findBuildingByAddress(
  db: Kysely<Schema>,
  address: string,
): Promise<Building | undefined> {
  const street = withoutUnit(address);
  const same = await db
    .selectFrom('buildings')
    .selectAll()
    .where(sql<string>`lower(formatted_address)`, '=', street.toLowerCase())
    .where('retired_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  if (same) return same;
  const postcode = /\b(\d{4})\b(?!.*\d)/.exec(street)?.[1];
  if (!postcode) return undefined;
  const wanted = comparableAddress(street);
  const candidates = await db
    .selectFrom('buildings')
    .selectAll()
    .where('postcode', '=', postcode)
    .where('retired_at', 'is', null)
    .orderBy('id')
    .execute();
  return candidates.find((b) => comparableAddress(b.formatted_address) === wanted);
}

export interface StreetAddress {
  street_number: string;
  street: string;
  suburb: string;
  postcode: string;
}

/** The building at a street number, street, suburb and postcode, however the street type is written. */
export async function findBuildingByParts(
  db: Kysely<Schema>,
  parts: StreetAddress,
): Promise<Building | undefined> {
  const candidates = await db
    .selectFrom('buildings')
    .selectAll()
    .where('postcode', '=', parts.postcode.trim())
    .where(sql<string>`lower(street_number)`, '=', withoutUnit(parts.street_number).toLowerCase())
    .where(sql<string>`lower(suburb)`, '=', parts.suburb.trim().toLowerCase())
    .where('retired_at', 'is', null)
    .orderBy('id')
    .execute();
  const street = comparableAddress(parts.street);
  return candidates.find((b) => comparableAddress(b.street) === street);
}
