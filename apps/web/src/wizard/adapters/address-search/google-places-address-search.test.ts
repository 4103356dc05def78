import { addressFromPlace, isAddressSelectable } from '@fibre/domain/address';
import { defaultDomainConfig } from '@fibre/domain/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AddressComponent,
  AutocompleteRequest,
  GooglePlace,
  PlacesLibrary,
  SessionToken,
} from './google-maps-types.ts';
import {
  createGooglePlacesSearch,
  placeFromGoogle,
  suggestionText,
} from './google-places-address-search.ts';

const component = (longText: string, shortText: string, ...types: string[]): AddressComponent => ({
  longText,
  shortText,
  types,
});

// What Place.fetchFields gives for 100 Harris Street, Pyrmont (the Data API's camel-case shape).
const pyrmont = {
  id: 'ChIJ-pyrmont',
  formattedAddress: '100 Harris St, Pyrmont NSW 2009, Australia',
  addressComponents: [
    component('100', '100', 'street_number'),
    component('Harris Street', 'Harris St', 'route'),
    component('Pyrmont', 'Pyrmont', 'locality', 'political'),
    component(
      'Council of the City of Sydney',
      'Sydney',
      'administrative_area_level_2',
      'political',
    ),
    component('New South Wales', 'NSW', 'administrative_area_level_1', 'political'),
    component('Australia', 'AU', 'country', 'political'),
    component('2009', '2009', 'postal_code'),
  ],
};

const asPlace = (fields: Partial<GooglePlace>): GooglePlace => ({
  id: 'x',
  fetchFields: () => Promise.reject(new Error('not used')),
  ...fields,
});

describe('placeFromGoogle: the Data API place in the legacy shape addressFromPlace reads', () => {
  it('maps id, formatted address and every component (longText/shortText to long/short_name)', () => {
    expect(placeFromGoogle(asPlace(pyrmont))).toEqual({
      place_id: 'ChIJ-pyrmont',
      formatted_address: '100 Harris St, Pyrmont NSW 2009, Australia',
      address_components: [
        { long_name: '100', short_name: '100', types: ['street_number'] },
        { long_name: 'Harris Street', short_name: 'Harris St', types: ['route'] },
        { long_name: 'Pyrmont', short_name: 'Pyrmont', types: ['locality', 'political'] },
        {
          long_name: 'Council of the City of Sydney',
          short_name: 'Sydney',
          types: ['administrative_area_level_2', 'political'],
        },
        {
          long_name: 'New South Wales',
          short_name: 'NSW',
          types: ['administrative_area_level_1', 'political'],
        },
        { long_name: 'Australia', short_name: 'AU', types: ['country', 'political'] },
        { long_name: '2009', short_name: '2009', types: ['postal_code'] },
      ],
    });
  });

  it('gives the domain parser the street, suburb, short state and postcode', () => {
    const place = placeFromGoogle(asPlace(pyrmont));
    expect(isAddressSelectable(place)).toBe(true);
    expect(addressFromPlace(place, '100 Harris', defaultDomainConfig)).toMatchObject({
      formatted_address: '100 Harris St, Pyrmont NSW 2009, Australia',
      street_number: '100',
      street: 'Harris Street',
      suburb: 'Pyrmont',
      state: 'NSW',
      postcode: '2009',
      unit: '',
    });
  });

  it('keeps a subpremise as the unit', () => {
    const unit = asPlace({
      ...pyrmont,
      formattedAddress: '5/100 Harris St, Pyrmont NSW 2009, Australia',
      addressComponents: [component('5', '5', 'subpremise'), ...pyrmont.addressComponents],
    });
    expect(addressFromPlace(placeFromGoogle(unit), '5/100 Harris', defaultDomainConfig).unit).toBe(
      '5',
    );
  });

  it.each([
    ['no formatted address', { formattedAddress: null }],
    ['no components', { addressComponents: null }],
    ['empty components', { addressComponents: [] }],
  ])('is not selectable with %s', (_, fields) => {
    expect(isAddressSelectable(placeFromGoogle(asPlace({ ...pyrmont, ...fields })))).toBe(false);
  });

  it('falls back to the long text when Google gives no short text', () => {
    const place = placeFromGoogle(
      asPlace({
        ...pyrmont,
        addressComponents: [{ longText: 'Pyrmont', shortText: null, types: ['locality'] }],
      }),
    );
    expect(place.address_components).toEqual([
      { long_name: 'Pyrmont', short_name: 'Pyrmont', types: ['locality'] },
    ]);
  });
});

describe('suggestionText', () => {
  it.each([
    ['100 Harris Street, Pyrmont NSW 2009, Australia', '100 Harris Street, Pyrmont NSW 2009'],
    ['10 Smith Street, Darwin City NT, Australia', '10 Smith Street, Darwin City NT'],
    ['1 Australia Avenue, Sydney Olympic Park NSW', '1 Australia Avenue, Sydney Olympic Park NSW'],
  ])('%j -> %j', (text, shown) => {
    expect(suggestionText(text)).toBe(shown);
  });
});

/** A places library that records what it is asked, answering the Pyrmont prediction. */
function fakeLibrary() {
  const requests: AutocompleteRequest[] = [];
  const details: { fields: string[]; token: SessionToken | undefined }[] = [];
  const library = {
    AutocompleteSessionToken: class {},
    AutocompleteSuggestion: {
      fetchAutocompleteSuggestions: vi.fn(async (request: AutocompleteRequest) => {
        requests.push(request);
        return {
          suggestions: [
            { placePrediction: null },
            {
              placePrediction: {
                placeId: pyrmont.id,
                text: { text: '100 Harris Street, Pyrmont NSW 2009, Australia' },
                toPlace: (): GooglePlace => ({
                  id: pyrmont.id,
                  // As Google documents: the request's token rides on this Place's fetchFields.
                  fetchFields: vi.fn(async ({ fields }: { fields: string[] }) => {
                    details.push({ fields, token: request.sessionToken });
                    return { place: asPlace(pyrmont) };
                  }),
                }),
              },
            },
          ],
        };
      }),
    },
  } satisfies PlacesLibrary;
  return { library, requests, details };
}

describe('createGooglePlacesSearch', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks in Australia only, and shows the predictions without the country', async () => {
    const { library, requests } = fakeLibrary();
    const search = createGooglePlacesSearch(async () => library);
    expect(await search.suggest('100 Harris')).toEqual([
      { id: 'ChIJ-pyrmont', description: '100 Harris Street, Pyrmont NSW 2009' },
    ]);
    expect(requests[0]).toMatchObject({ input: '100 Harris', includedRegionCodes: ['au'] });
    expect(search.attribution).toBe('Google Maps');
    expect(search.unavailable()).toBe(false);
  });

  it('uses one session token for a typing session and its details, then a new one', async () => {
    const { library, requests, details } = fakeLibrary();
    const search = createGooglePlacesSearch(async () => library);
    await search.suggest('100 Har');
    const [prediction] = await search.suggest('100 Harris');
    const place = await search.resolve(prediction!);
    await search.suggest('10 Smith');

    const [first, second, third] = requests.map((r) => r.sessionToken);
    expect(first).toBeInstanceOf(library.AutocompleteSessionToken);
    expect(second).toBe(first);
    expect(details).toEqual([
      { fields: ['addressComponents', 'formattedAddress', 'id'], token: first },
    ]);
    expect(third).toBeInstanceOf(library.AutocompleteSessionToken);
    expect(third).not.toBe(first);
    expect(place?.formatted_address).toBe('100 Harris St, Pyrmont NSW 2009, Australia');
  });

  it('answers [] and says it is unavailable when the script does not load', async () => {
    const search = createGooglePlacesSearch(() => Promise.reject(new Error('did not load')));
    expect(await search.suggest('100 Harris')).toEqual([]);
    expect(search.unavailable()).toBe(true);
    expect(console.error).toHaveBeenCalled();
  });

  it('answers [] when suggestions fail (quota, bad key), and recovers on the next answer', async () => {
    const { library } = fakeLibrary();
    library.AutocompleteSuggestion.fetchAutocompleteSuggestions.mockRejectedValueOnce(
      new Error('OVER_QUERY_LIMIT'),
    );
    const search = createGooglePlacesSearch(async () => library);
    expect(await search.suggest('100 Harris')).toEqual([]);
    expect(search.unavailable()).toBe(true);
    expect(await search.suggest('100 Harris')).toHaveLength(1);
    expect(search.unavailable()).toBe(false);
  });

  it('says it is unavailable when Google refused the key', async () => {
    const { library } = fakeLibrary();
    const search = createGooglePlacesSearch(
      async () => library,
      () => true,
    );
    await search.suggest('100 Harris');
    expect(search.unavailable()).toBe(true);
  });

  it('answers null when the details fail or the prediction is unknown', async () => {
    const { library } = fakeLibrary();
    const failing = {
      ...library,
      AutocompleteSuggestion: {
        fetchAutocompleteSuggestions: async () => ({
          suggestions: [
            {
              placePrediction: {
                placeId: 'p',
                text: { text: 'Somewhere' },
                toPlace: () => asPlace({ id: 'p' }),
              },
            },
          ],
        }),
      },
    };
    const search = createGooglePlacesSearch(async () => failing);
    const [prediction] = await search.suggest('Somewhere');
    expect(await search.resolve(prediction!)).toBeNull();
    expect(await search.resolve({ id: 'never-suggested', description: 'x' })).toBeNull();
  });
});
