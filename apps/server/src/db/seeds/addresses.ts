import type { Config } from '../../config.ts';
import type { Database } from '../database.ts';
import {
  addressExists,
  generateAddresses,
  generatedAddressId,
  insertAddresses,
  type AddressRow,
} from '../../repositories/addresses.ts';
import { demoBuildings } from './catalogue.ts';
import { loadLocalities, streetNames } from './localities.ts';

/** PRODUCT.md section 5: known to the index but with no building, so not available. */
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

const buildingAddresses: AddressRow[] = demoBuildings.map((b) => ({
  id: `adr-${b.code.toLowerCase()}`,
  formatted_address: b.formatted_address,
  street_number: b.street_number,
  street: b.street,
  suburb: b.suburb,
  state: b.state,
  postcode: b.postcode,
  building_code: b.code,
}));

/**
 * The address index: the demo addresses, then `addressIndexSize` generated street addresses over
 * real localities. Idempotent: a second start finds the last generated id and generates nothing.
 */
export async function seedAddresses({ db }: Database, config: Config): Promise<void> {
  await insertAddresses(db, [...buildingAddresses, ...unservedAddresses]);
  const count = config.addressIndexSize;
  if (count === 0 || (await addressExists(db, generatedAddressId(count)))) return;
  await generateAddresses(db, { localities: await loadLocalities(), streets: streetNames, count });
}
