import { addressFromPlace, buildingSearchAddress } from '@fibre/domain/address';
import { defaultDomainConfig } from '@fibre/domain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBuildings } from '../test-support/demo-catalogue.ts';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';

const harris = '100 Harris Street, Pyrmont NSW 2009';

interface Prediction {
  place_id: string;
  description: string;
  formatted_address: string;
  address_components: Array<{ long_name: string; short_name: string; types: string[] }>;
}

describe.each(engines())('addresses and buildings on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const autocomplete = async (query: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/addresses', query });
    return { status: res.statusCode, body: res.json() };
  };
  const predictions = async (q: string, limit?: number) => {
    const res = await autocomplete({ q, ...(limit ? { limit: String(limit) } : {}) });
    expect(res.status).toBe(200);
    return (res.body as { predictions: Prediction[] }).predictions;
  };
  const post = async (url: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, payload: payload as object });
    return { status: res.statusCode, body: res.json() };
  };
  const lookup = (payload: unknown) => post('/api/v1/public/address-lookup', payload);
  const search = (payload: unknown) => post('/portal/api/v1/buildings/search', payload);
  const fetchBuilding = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/portal/api/v1/buildings/${id}` });
    return { status: res.statusCode, body: res.json() };
  };

  describe('GET /api/v1/public/addresses (autocomplete)', () => {
    it.each([
      '100 harr',
      'harris st pyr',
      '100 Harris Street, Pyrm',
      '100 HARRIS STREET',
      '100 harris st.',
      'pyrmont 100 harris',
      `${harris}, Australia`,
    ])('finds 100 Harris Street from %j', async (q) => {
      const [first] = await predictions(q);
      expect(first?.formatted_address).toBe(harris);
    });

    it.each(demoBuildings.map((b) => b.formatted_address))(
      'finds the demo address %s',
      async (a) => {
        const [first] = await predictions(a);
        expect(first?.formatted_address).toBe(a);
      },
    );

    it('finds the unserved Darwin address, which has no building', async () => {
      const [first] = await predictions('10 smith st darw');
      expect(first?.formatted_address).toBe('10 Smith Street, Darwin City NT 0800');
      const lookedUp = await lookup({ formatted_address: first!.formatted_address });
      expect(lookedUp.status).toBe(404);
      expect(lookedUp.body).toEqual({ error: 'not_found', message: expect.any(String) });
    });

    it('answers in the shape of Google Places', async () => {
      const [first] = await predictions('100 harris');
      expect(first).toEqual({
        place_id: 'adr-g1a2b3',
        description: harris,
        formatted_address: harris,
        address_components: [
          { long_name: '100', short_name: '100', types: ['street_number'] },
          { long_name: 'Harris Street', short_name: 'Harris St', types: ['route'] },
          { long_name: 'Pyrmont', short_name: 'Pyrmont', types: ['locality', 'political'] },
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

    it('keeps a unit typed before a slash as the subpremise', async () => {
      const [first] = await predictions('5a/100 harris st');
      expect(first?.formatted_address).toBe(`5A/${harris}`);
      expect(first?.address_components[0]).toEqual({
        long_name: '5A',
        short_name: '5A',
        types: ['subpremise'],
      });
    });

    it("reads with the wizard's parser of places, and the address it makes finds the building", async () => {
      const typed = '5/7 wattle gr';
      const [place] = await predictions(typed);
      const address = addressFromPlace(place!, typed, defaultDomainConfig);
      expect(address).toMatchObject({
        formatted_address: '5/7 Wattle Grove, Kellyville NSW 2155',
        street_number: '7',
        street: 'Wattle Gr',
        suburb: 'Kellyville',
        state: 'NSW',
        postcode: '2155',
        unit: '5',
      });
      const res = await lookup(address);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'LIT', uniqueCode: 'G9B0C1' });
    });

    it('finds generated addresses over real localities', async () => {
      const row = await t.database.db
        .selectFrom('addresses')
        .selectAll()
        .where('id', '=', 'gen-1')
        .executeTakeFirstOrThrow();
      expect(row.formatted_address).toMatch(
        /^\d+ [A-Za-z' ]+, [A-Za-z' -]+ (NSW|VIC|QLD|SA|WA|TAS|NT|ACT) \d{4}$/,
      );
      const [first] = await predictions(row.formatted_address.toLowerCase());
      expect(first?.formatted_address).toBe(row.formatted_address);
    });

    it.each(['', 'a', 'ab', '  ab  ', '5/1'])(
      'answers nothing for fewer than 3 characters (%j)',
      async (q) => {
        expect(await predictions(q)).toEqual([]);
      },
    );

    it('answers nothing when nothing matches', async () => {
      expect(await predictions('zzqx qqzz')).toEqual([]);
      expect(await predictions('!!! ???')).toEqual([]);
    });

    it('answers 5 by default and at most limit', async () => {
      expect(await predictions('street')).toHaveLength(5);
      expect(await predictions('street', 10)).toHaveLength(10);
      expect(await predictions('street', 1)).toHaveLength(1);
    });

    it.each([
      [{}, 'q', 'q is required', 'q is required'],
      [
        { q: 'x'.repeat(201) },
        'q',
        'must be at most 200 characters',
        'q must be at most 200 characters',
      ],
      [{ q: 'harris', limit: '0' }, 'limit', 'limit must be between 1 and 10'],
      [{ q: 'harris', limit: '11' }, 'limit', 'limit must be between 1 and 10'],
      [{ q: 'harris', limit: '2.5' }, 'limit', 'limit must be a whole number'],
      [{ q: 'harris', limit: 'many' }, 'limit', 'limit must be a number'],
    ])('rejects %j with 400', async (query, field, fieldMessage, message = fieldMessage) => {
      const res = await autocomplete(query as Record<string, string>);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'invalid_input',
        message,
        fields: { [field]: fieldMessage },
      });
    });

    it('rejects a repeated q with 400', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/public/addresses?q=abc&q=def',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_input',
        fields: { q: expect.any(String) },
      });
    });
  });

  describe('POST /api/v1/public/address-lookup', () => {
    it.each(demoBuildings)('finds $formatted_address ($code, $status)', async (b) => {
      const res = await lookup({ formatted_address: b.formatted_address });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          status: b.status,
          uniqueCode: b.code,
          addressComponents: {
            buildingCategory: b.building_category,
            buildingClass: b.building_class,
            buildingType: b.building_type,
          },
        },
      });
    });

    it('finds Darwin Cavenagh Street, known but not serviceable', async () => {
      const res = await lookup({ formatted_address: '12 Cavenagh Street, Darwin City NT 0800' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'Footprint', uniqueCode: 'G8C9D0' });
    });

    it.each([
      harris.toUpperCase(),
      harris.toLowerCase(),
      '100 Harris St, Pyrmont NSW 2009, Australia',
      `5/${harris}`,
      `Unit 5, ${harris}`,
    ])('matches %j however it is written', async (formatted_address) => {
      const res = await lookup({ formatted_address });
      expect(res.status).toBe(200);
      expect(res.body.data.uniqueCode).toBe('G1A2B3');
    });

    it('falls back to the street number, street, suburb and postcode', async () => {
      // What the wizard holds after abbreviating the street type
      // (docs/rules/address-and-serviceability.md: Grove -> Gr).
      const res = await lookup({
        formatted_address: '7 Wattle Gr, Kellyville',
        street_number: '7',
        street: 'Wattle Gr',
        suburb: 'KELLYVILLE',
        state: 'NSW',
        postcode: '2155',
        unit: '',
        mdu: false,
        status: '',
      });
      expect(res.status).toBe(200);
      expect(res.body.data.uniqueCode).toBe('G9B0C1');
    });

    it.each([
      [{ formatted_address: '1 Nowhere Road, Pyrmont NSW 2009' }],
      [{ formatted_address: '101 Harris Street, Pyrmont NSW 2009' }],
      [{ formatted_address: '100 Harris Street, Pyrmont NSW 2010' }],
      [
        {
          formatted_address: 'x',
          street_number: '100',
          street: 'Harris Street',
          suburb: 'Ultimo',
          postcode: '2009',
        },
      ],
    ])('answers 404 for an address without a building: %j', async (body) => {
      const res = await lookup(body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: 'not_found',
        message: 'We could not find a building at that address',
      });
    });

    it.each([
      [{}, 'formatted_address'],
      [{ formatted_address: '   ' }, 'formatted_address'],
      [{ formatted_address: 42 }, 'formatted_address'],
      [{ formatted_address: 'x'.repeat(201) }, 'formatted_address'],
      [{ formatted_address: harris, postcode: 2009 }, 'postcode'],
      [{ formatted_address: harris, street: 'x'.repeat(101) }, 'street'],
      [['not', 'an', 'object'], '_'],
    ])('rejects %j with 400', async (body, field) => {
      const res = await lookup(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'invalid_input',
        fields: { [field]: expect.any(String) },
      });
    });

    it('rejects a body that is not a JSON object', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/public/address-lookup',
        headers: { 'content-type': 'application/json' },
        payload: '{"formatted_address":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request' });
      const xml = await t.app.inject({
        method: 'POST',
        url: '/api/v1/public/address-lookup',
        headers: { 'content-type': 'application/xml' },
        payload: '<address/>',
      });
      expect(xml.statusCode).toBe(415);
      expect(xml.json()).toMatchObject({ error: 'unsupported_media_type' });
    });
  });

  describe('POST /portal/api/v1/buildings/search and GET /portal/api/v1/buildings/{id}', () => {
    it('finds the slave building, whose master is then fetched by id', async () => {
      // The wizard sends the part after the slash of the uppercased input
      // (docs/rules/address-and-serviceability.md).
      const address = buildingSearchAddress('5/82 Elizabeth Street, Hobart TAS 7000');
      const found = await search({ address });
      expect(found.status).toBe(200);
      expect(found.body.data).toMatchObject({
        _id: 'bld-g7a8b9',
        code: 'G7A8B9',
        formatted_address: '82 Elizabeth Street, Hobart TAS 7000',
        status: 'LIT',
        addressComponents: {
          isSlave: true,
          masterBuildingId: 'bld-g6f7a8',
          buildingCategory: 'brownfield',
          buildingClass: 'mdu',
          buildingType: 'residential',
        },
      });
      const master = await fetchBuilding(found.body.data.addressComponents.masterBuildingId);
      expect(master.status).toBe(200);
      expect(master.body.data).toMatchObject({
        _id: 'bld-g6f7a8',
        code: 'G6F7A8',
        formatted_address: '80 Elizabeth Street, Hobart TAS 7000',
        addressComponents: { isSlave: false, masterBuildingId: null },
      });
    });

    it.each(demoBuildings)('searches and fetches $code alike', async (b) => {
      const found = await search({ address: b.formatted_address.toUpperCase() });
      expect(found.status).toBe(200);
      const fetched = await fetchBuilding(b.id);
      expect(fetched.status).toBe(200);
      expect(fetched.body).toEqual(found.body);
      expect(fetched.body.data).toMatchObject({ _id: b.id, code: b.code, status: b.status });
    });

    it('answers 404 for an address or id without a building', async () => {
      for (const address of ['10 SMITH STREET, DARWIN CITY NT 0800', 'NOWHERE']) {
        const res = await search({ address });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
      }
      const res = await fetchBuilding('bld-nothing');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'No building has that id' });
    });

    it.each([[{}], [{ address: '' }], [{ address: 7 }], [{ address: 'x'.repeat(201) }]])(
      'rejects the search %j with 400',
      async (body) => {
        const res = await search(body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          error: 'invalid_input',
          fields: { address: expect.any(String) },
        });
      },
    );

    it('rejects an id that is not a building id with 400', async () => {
      const res = await fetchBuilding(encodeURIComponent("bld'; drop table--"));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'invalid_input',
        fields: { id: 'id is not a building id' },
      });
    });
  });

  it('describes the routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const paths = res.json().paths;
    expect(
      paths['/api/v1/public/addresses'].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(['q', 'limit']);
    expect(paths['/api/v1/public/address-lookup'].post.requestBody).toBeDefined();
    expect(paths['/portal/api/v1/buildings/search'].post.responses).toHaveProperty('404');
    expect(paths['/portal/api/v1/buildings/{id}'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
    });
  });
});
