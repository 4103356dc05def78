import { describe, expect, it } from 'vitest';
import {
  addressWithUnit,
  addressFromPlace,
  addressFromQuery,
  buildingFlags,
  isAddressSelectable,
  orderAddressLine,
  stateShortName,
  withLookup,
  type AddressLookupAnswer,
  type Place,
  type PlaceComponent,
} from './address.ts';
import { defaultDomainConfig, type DomainConfig } from '../shared/config.ts';
import type { Address } from './address.ts';

const component = (long_name: string, short_name: string, ...types: string[]): PlaceComponent => ({
  long_name,
  short_name,
  types,
});

const pyrmont: Place = {
  formatted_address: '100 Harris Street, Pyrmont NSW 2009',
  place_id: 'demo-pyrmont',
  address_components: [
    component('100', '100', 'street_number'),
    component('Harris Street', 'Harris St', 'route'),
    component('Pyrmont', 'Pyrmont', 'locality', 'political'),
    component('New South Wales', 'NSW', 'administrative_area_level_1', 'political'),
    component('Australia', 'AU', 'country', 'political'),
    component('2009', '2009', 'postal_code'),
  ],
};

const pyrmontLookup: AddressLookupAnswer = {
  status: 'LIT',
  uniqueCode: 'G1A2B3',
  addressComponents: {
    buildingCategory: 'brownfield',
    buildingClass: 'mdu',
    buildingType: 'residential',
  },
};

const pyrmontAddress: Address = {
  formatted_address: '100 Harris Street, Pyrmont NSW 2009',
  street_number: '100',
  street: 'Harris Street',
  suburb: 'Pyrmont',
  state: 'NSW',
  postcode: '2009',
  unit: '',
  uniqueCode: '',
  status: '',
  buildingCategory: '',
  buildingClass: '',
  buildingType: '',
  mdu: false,
  commercial: false,
  mixed: false,
  greenfield: false,
};

describe('isAddressSelectable: a selected address with components and a formatted address', () => {
  it.each([
    [null, false],
    [undefined, false],
    [{}, false],
    [{ formatted_address: '100 Harris Street, Pyrmont NSW 2009' }, false],
    [{ formatted_address: '100 Harris Street', address_components: [] }, false],
    [{ address_components: pyrmont.address_components }, false],
    [{ formatted_address: '  ', address_components: pyrmont.address_components }, false],
    [pyrmont, true],
  ])('%j -> %s', (place, selectable) => {
    expect(isAddressSelectable(place)).toBe(selectable);
  });
});

describe('addressFromPlace', () => {
  it('reads the parts of a place', () => {
    expect(addressFromPlace(pyrmont, '100 Harris', defaultDomainConfig)).toEqual(pyrmontAddress);
  });

  it('abbreviates the street type', () => {
    const place = {
      formatted_address: '7 Wattle Grove, Kellyville NSW 2155',
      address_components: [component('Wattle Grove', 'Wattle Gr', 'route')],
    };
    expect(addressFromPlace(place, '7 Wattle', defaultDomainConfig).street).toBe('Wattle Gr');
  });

  it.each([
    ['7 Wattle Grove', '7', 'the first typed word'],
    ['  ', '7', 'the formatted address when nothing was typed'],
  ])('falls back, for a missing street number, to %j -> %j (%s)', (typed, number) => {
    const place = {
      formatted_address: '7 Wattle Grove, Kellyville NSW 2155',
      address_components: [component('Wattle Grove', 'Wattle Gr', 'route')],
    };
    expect(addressFromPlace(place, typed, defaultDomainConfig).street_number).toBe(number);
  });

  it('takes the unit from the subpremise and the suburb from a sublocality', () => {
    const place = {
      formatted_address: '5/100 Harris Street, Pyrmont NSW 2009',
      address_components: [
        component('5', '5', 'subpremise'),
        component('Pyrmont', 'Pyrmont', 'sublocality', 'political'),
      ],
    };
    const address = addressFromPlace(place, '5/100 Harris', defaultDomainConfig);
    expect([address.unit, address.suburb]).toEqual(['5', 'Pyrmont']);
  });

  it('leaves missing parts empty', () => {
    const address = addressFromPlace({}, '', defaultDomainConfig);
    expect(address).toMatchObject({ formatted_address: '', street: '', state: '', postcode: '' });
  });

  it.each([
    ['10 Smith Street, Darwin City NT 0800', '0810'],
    ['10 SMITH STREET, DARWIN CITY NT 0800', '0810'],
    ['12 Cavenagh Street, Darwin City NT 0800', '0800'],
  ])('overrides the postcode of a configured address: %j -> %j', (formatted, postcode) => {
    const config: DomainConfig = {
      ...defaultDomainConfig,
      postcodeOverrides: { '10 Smith Street, Darwin City NT 0800': '0810' },
    };
    const place = {
      formatted_address: formatted,
      address_components: [component('0800', '0800', 'postal_code')],
    };
    expect(addressFromPlace(place, '', config).postcode).toBe(postcode);
  });
});

describe('withLookup', () => {
  it('merges the building and derives its flags', () => {
    expect(withLookup(pyrmontAddress, pyrmontLookup)).toEqual({
      ...pyrmontAddress,
      status: 'LIT',
      uniqueCode: 'G1A2B3',
      buildingCategory: 'brownfield',
      buildingClass: 'mdu',
      buildingType: 'residential',
      mdu: true,
    });
  });

  it('normalises the building code and keeps the extra building type', () => {
    const answer = {
      status: 'LIT',
      uniqueCode: ' g1a2b3 ',
      addressComponents: { buildingTypeExtra: 'student' },
    };
    const address = withLookup(pyrmontAddress, answer);
    expect([address.uniqueCode, address.buildingTypeExtra]).toEqual(['G1A2B3', 'student']);
  });

  it('marks a failed lookup and forgets an earlier building', () => {
    const looked = withLookup(pyrmontAddress, {
      ...pyrmontLookup,
      addressComponents: { ...pyrmontLookup.addressComponents, buildingTypeExtra: 'student' },
    });
    expect(withLookup(looked, null)).toEqual({ ...pyrmontAddress, status: 'failed' });
  });

  it('tolerates an answer without building parts', () => {
    expect(withLookup(pyrmontAddress, { status: 'Footprint' })).toEqual({
      ...pyrmontAddress,
      status: 'Footprint',
    });
  });
});

describe('buildingFlags (docs/rules/address-and-serviceability.md)', () => {
  const flags = (buildingClass: string, buildingType: string, buildingCategory: string) =>
    buildingFlags({ buildingClass, buildingType, buildingCategory });
  const none = { mdu: false, commercial: false, mixed: false, greenfield: false };

  it.each([
    [['mdu', 'residential', 'brownfield'], { ...none, mdu: true }],
    [['MDU', 'residential', 'brownfield'], { ...none, mdu: true }],
    [['mdu-tower', 'residential', 'brownfield'], { ...none, mdu: true }],
    [['sdu', 'residential', 'brownfield'], none],
    [['mdu', 'commercial', 'brownfield'], { ...none, mdu: true, commercial: true }],
    [['mdu', 'Commercial', 'brownfield'], { ...none, mdu: true, commercial: true }],
    [['mdu', 'mixed', 'brownfield'], { ...none, mdu: true, mixed: true }],
    [['sdu', 'residential', 'greenfield'], { ...none, greenfield: true }],
    [['sdu', 'residential', 'Greenfield'], { ...none, greenfield: true }],
    [['', '', ''], none],
  ] as const)('%j -> %j', ([buildingClass, buildingType, category], expected) => {
    expect(flags(buildingClass, buildingType, category)).toEqual(expected);
  });
});

describe('stateShortName', () => {
  it.each([
    ['NSW', 'NSW'],
    ['nsw', 'NSW'],
    ['New South Wales', 'NSW'],
    ['victoria', 'VIC'],
    ['Queensland', 'QLD'],
    ['South Australia', 'SA'],
    ['Western Australia', 'WA'],
    ['Tasmania', 'TAS'],
    ['Northern Territory', 'NT'],
    ['Australian Capital Territory', 'ACT'],
    [' ACT ', 'ACT'],
    ['', ''],
  ])('%j -> %j', (state, short) => {
    expect(stateShortName(state)).toBe(short);
  });
});

describe('addressFromQuery (docs/rules/wizard-flow.md prefilled address)', () => {
  it('reads every address part and the building', () => {
    const query = {
      formatted_address: '25 Ocean Drive, Alkimos WA 6038',
      street_number: '25',
      street: 'Ocean Drive',
      suburb: 'Alkimos',
      state: 'WA',
      postcode: '6038',
      status: 'BuildCommenced',
      uniqueCode: 'G4D5E6',
      buildingClass: 'sdu',
      buildingCategory: 'greenfield',
      buildingType: 'residential',
      buildingTypeExtra: 'estate',
      moveIn: '1',
    };
    expect(addressFromQuery(query, defaultDomainConfig)).toEqual({
      formatted_address: '25 Ocean Drive, Alkimos WA 6038',
      street_number: '25',
      street: 'Ocean Drive',
      suburb: 'Alkimos',
      state: 'WA',
      postcode: '6038',
      unit: '',
      uniqueCode: 'G4D5E6',
      status: 'BuildCommenced',
      buildingCategory: 'greenfield',
      buildingClass: 'sdu',
      buildingType: 'residential',
      buildingTypeExtra: 'estate',
      mdu: false,
      commercial: false,
      mixed: false,
      greenfield: true,
    });
  });

  it('abbreviates the street, shortens the state and falls back for the street number', () => {
    const address = addressFromQuery(
      {
        formatted_address: '7 Wattle Grove, Kellyville NSW 2155',
        street: 'Wattle Grove',
        state: 'New South Wales',
      },
      defaultDomainConfig,
    );
    expect(address).toMatchObject({ street_number: '7', street: 'Wattle Gr', state: 'NSW' });
  });

  it('overrides the postcode of a configured address', () => {
    const address = addressFromQuery(
      { formatted_address: '1 Sydney Olympic Park, Olympic Park NSW 2127', postcode: '2000' },
      defaultDomainConfig,
    );
    expect(address?.postcode).toBe('2127');
  });

  it.each([{}, { formatted_address: '  ' }, { street: 'Harris Street' }])(
    'names no address: %j',
    (query) => {
      expect(addressFromQuery(query, defaultDomainConfig)).toBeNull();
    },
  );
});

describe('an address with its unit', () => {
  it("writes the unit first, and nothing for no unit, '' or '0' (billing's none)", () => {
    const place = '100 Harris Street, Pyrmont NSW 2009';
    expect(addressWithUnit(place, '12')).toBe('Unit 12, 100 Harris Street, Pyrmont NSW 2009');
    expect(addressWithUnit(place, ' 4B ')).toBe('Unit 4B, 100 Harris Street, Pyrmont NSW 2009');
    for (const none of ['', '0', null, undefined]) expect(addressWithUnit(place, none)).toBe(place);
  });

  it("makes an order's address line, unit included, from its building's address and unit", () => {
    const place = '100 Harris Street, Pyrmont NSW 2009';
    expect(orderAddressLine({ formatted_address: place, unit: '12' })).toBe(
      'Unit 12, 100 Harris Street, Pyrmont NSW 2009',
    );
    expect(orderAddressLine({ formatted_address: place, unit: null })).toBe(place);
    expect(orderAddressLine({ formatted_address: null, unit: null })).toBe('');
  });
});
