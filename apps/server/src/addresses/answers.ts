import type { AddressRow } from './repository/addresses.ts';
import type { Building } from '../db/schema.ts';
import { shortStreetName } from './address-text.ts';

/*
 * The answers' shapes. Predictions take Google Places' shape so that the wizard reads the embedded
 * autocomplete and the maps service with one parser (packages/domain addressFromPlace).
 */

const stateNames: Readonly<Record<string, string>> = {
  NSW: 'New South Wales',
  VIC: 'Victoria',
  QLD: 'Queensland',
  SA: 'South Australia',
  WA: 'Western Australia',
  TAS: 'Tasmania',
  NT: 'Northern Territory',
  ACT: 'Australian Capital Territory',
};

const component = (long_name: string, short_name: string, types: string[]) => ({
  long_name,
  short_name,
  types,
});

/** An address as a place; with a unit, as the maps service writes one: '5/100 Harris Street'. */
export function prediction(row: AddressRow, unit?: string) {
  const formatted = unit ? `${unit}/${row.formatted_address}` : row.formatted_address;
  return {
    place_id: unit ? `${row.id}/${unit}` : row.id,
    description: formatted,
    formatted_address: formatted,
    address_components: [
      ...(unit ? [component(unit, unit, ['subpremise'])] : []),
      component(row.street_number, row.street_number, ['street_number']),
      component(row.street, shortStreetName(row.street), ['route']),
      component(row.suburb, row.suburb, ['locality', 'political']),
      component(stateNames[row.state] ?? row.state, row.state, [
        'administrative_area_level_1',
        'political',
      ]),
      component('Australia', 'AU', ['country', 'political']),
      component(row.postcode, row.postcode, ['postal_code']),
    ],
  };
}

/**
 * The address lookup's answer (docs/rules/address-and-serviceability.md), which the wizard merges
 * into the address.
 */
export function lookupAnswer(b: Building) {
  return {
    data: {
      status: b.status,
      uniqueCode: b.code,
      addressComponents: {
        buildingCategory: b.building_category,
        buildingClass: b.building_class,
        buildingType: b.building_type,
      },
    },
  };
}

/**
 * The billing portal's building (docs/rules/address-and-serviceability.md): the lookup's fields
 * plus master and slave.
 */
export function buildingAnswer(b: Building) {
  return {
    data: {
      _id: b.id,
      code: b.code,
      uniqueCode: b.code,
      formatted_address: b.formatted_address,
      street_number: b.street_number,
      street: b.street,
      suburb: b.suburb,
      state: b.state,
      postcode: b.postcode,
      status: b.status,
      addressComponents: {
        isSlave: b.is_slave,
        masterBuildingId: b.master_building_id,
        buildingCategory: b.building_category,
        buildingClass: b.building_class,
        buildingType: b.building_type,
      },
    },
  };
}
