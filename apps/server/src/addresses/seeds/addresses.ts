import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import {
  addressExists,
  generateAddresses,
  generatedAddressId,
  insertAddresses,
  syncBuildingAddresses,
  type AddressRow,
} from '../repository/addresses.ts';
import { loadLocalities, streetNames } from './localities.ts';

/** docs/rules/demo-data.md: known to the index but with no building, so not available. */
export const unservedAddresses: AddressRow[] = [
  {
    id: 'adr-nt-0800-10-smith-street',
    formatted_address: '10 Smith Street, Darwin City NT 0800',
    street_number: '10',
    street: 'Smith Street',
    suburb: 'Darwin City',
    state: 'NT',
    postcode: '0800',
    building_code: null,
  },
];

/**
 * The address index: the stored buildings' addresses (the catalogue's, kept in step by every
 * import too), the known unserved ones, then `addressIndexSize` generated street addresses over
 * real localities. Idempotent: a second start finds the last generated id and generates nothing.
 */
export async function seedAddresses({ db }: Database, config: Config): Promise<void> {
  await syncBuildingAddresses(db);
  await insertAddresses(db, unservedAddresses);
  const count = config.addressIndexSize;
  if (count === 0 || (await addressExists(db, generatedAddressId(count)))) return;
  await generateAddresses(db, { localities: await loadLocalities(), streets: streetNames, count });
}
