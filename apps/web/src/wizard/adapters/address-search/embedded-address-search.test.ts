import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { embeddedAddressSearch } from './embedded-address-search.ts';

const harris = {
  place_id: 'adr-g1a2b3',
  description: '100 Harris Street, Pyrmont NSW 2009',
  formatted_address: '100 Harris Street, Pyrmont NSW 2009',
  address_components: [],
};

describe('embeddedAddressSearch', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.unstubAllGlobals());

  async function answered(status: number, data: unknown) {
    const server = fakeServer();
    const search = embeddedAddressSearch();
    const found = search.suggest('100 harr');
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    server.calls[0]!.respond(status, data);
    return { search, found: await found, server };
  }

  it('suggests the predictions and is available', async () => {
    const { search, found } = await answered(200, { predictions: [harris] });
    expect(found).toEqual([{ id: harris.place_id, description: harris.description }]);
    expect(search.unavailable!()).toBe(false);
  });

  // docs/decisions/021-autocomplete-bounds.md: the field then says the search is not working.
  it.each([
    [503, { error: 'search_timeout', message: 'Address search is busy: please try again' }],
    [429, { error: 'rate_limited', message: 'Too many address searches at once' }],
  ])('answers [] and says it is unavailable after a %i', async (status, body) => {
    const { search, found, server } = await answered(status, body);
    expect(found).toEqual([]);
    expect(search.unavailable!()).toBe(true);
    // The next answer clears it.
    const again = search.suggest('100 harri');
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    server.calls[1]!.respond(200, { predictions: [harris] });
    expect(await again).toHaveLength(1);
    expect(search.unavailable!()).toBe(false);
  });

  it('is not unavailable when its question was dropped for a newer one', async () => {
    fakeServer();
    const search = embeddedAddressSearch();
    const controller = new AbortController();
    const found = search.suggest('100 harr', controller.signal);
    controller.abort();
    expect(await found).toEqual([]);
    expect(search.unavailable!()).toBe(false);
  });
});
