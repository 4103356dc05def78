import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@fibre/domain';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import type { RouteDoc } from '../../openapi.ts';
import { searchTerms } from '../../repositories/address-text.ts';
import { searchAddresses } from '../../repositories/addresses.ts';
import {
  findBuildingByAddress,
  findBuildingById,
  findBuildingByParts,
} from '../../repositories/buildings.ts';
import { parse } from '../../validate.ts';
import { buildingAnswer, lookupAnswer, prediction } from './answers.ts';

// Address text follows the shared text rule (docs/decisions/008-server-input.md): one line, no
// control characters, trimmed and bounded. An address must hold a letter or a digit: text that is
// only spaces or invisible characters is no address.
const hasLetterOrDigit = (value: string) => /[\p{L}\p{N}]/u.test(value);

const addressText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .pipe(text(max))
    .refine(hasLetterOrDigit, `${name} is required`);

const autocompleteQuery = z.object({
  q: z.string({ error: 'q is required' }).pipe(text(200)),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 10')
    .max(10, 'limit must be between 1 and 10')
    .default(5),
});

const part = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .pipe(text(100))
    .nullish();

// The wizard sends its whole address; the parts beyond these are not needed and are dropped.
const lookupBody = z.object({
  formatted_address: addressText('formatted_address', 200),
  street_number: part('street_number'),
  street: part('street'),
  suburb: part('suburb'),
  state: part('state'),
  postcode: part('postcode'),
  unit: part('unit'),
});

const searchBody = z.object({ address: addressText('address', 200) });

const buildingParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'id is not a building id'),
});

export const addressDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/v1/public/addresses',
    summary:
      'Address autocomplete over the embedded Australian address index, answered in the shape of Google Places; fewer than 3 characters answer no predictions',
    tag: 'addresses',
    query: autocompleteQuery,
    responses: {
      200: '{predictions: [{place_id, description, formatted_address, address_components}]}',
      400: 'Invalid query',
    },
  },
  {
    method: 'post',
    path: '/api/v1/public/address-lookup',
    summary:
      'The building at an address, by formatted address or by street number, street, suburb and postcode',
    tag: 'addresses',
    body: lookupBody,
    responses: {
      200: '{data: {status, uniqueCode, addressComponents: {buildingCategory, buildingClass, buildingType}}}',
      400: 'Invalid body',
      404: 'No building at that address',
    },
  },
  {
    method: 'post',
    path: '/portal/api/v1/buildings/search',
    summary: 'Billing portal: the building at an address (matched ignoring case)',
    tag: 'buildings',
    body: searchBody,
    responses: {
      200: '{data: {_id, code, formatted_address, status, addressComponents: {isSlave, masterBuildingId, ...}}}',
      400: 'Invalid body',
      404: 'No building at that address',
    },
  },
  {
    method: 'get',
    path: '/portal/api/v1/buildings/{id}',
    summary: 'Billing portal: a building by its _id',
    tag: 'buildings',
    responses: {
      200: 'The building, as the search answers it',
      400: 'Invalid id',
      404: 'No such building',
    },
  },
];

const noBuilding = () => notFound('We could not find a building at that address');

// '5/100 harr': the unit is not part of the street address the index holds; it comes back as the
// place's subpremise, as the maps service answers it.
function splitUnit(q: string): { unit: string | undefined; street: string } {
  const match = /^\s*([a-z0-9]{1,10})\s*\/\s*(.*)$/i.exec(q);
  return match
    ? { unit: match[1]!.toUpperCase(), street: match[2]! }
    : { unit: undefined, street: q };
}

export function addressRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/public/addresses', async (request) => {
    const { q, limit } = parse(autocompleteQuery, request.query);
    const { unit, street } = splitUnit(q);
    if (q.trim().length < 3 || street.trim().length < 3) return { predictions: [] };
    const rows = await searchAddresses(ctx.database.db, searchTerms(street), limit);
    return { predictions: rows.map((row) => prediction(row, unit)) };
  });

  app.post('/api/v1/public/address-lookup', async (request) => {
    const body = parse(lookupBody, request.body);
    const { street_number, street, suburb, postcode } = body;
    const building =
      (await findBuildingByAddress(ctx.database.db, body.formatted_address)) ??
      (street_number && street && suburb && postcode
        ? await findBuildingByParts(ctx.database.db, { street_number, street, suburb, postcode })
        : undefined);
    if (!building) throw noBuilding();
    return lookupAnswer(building);
  });

  app.post('/portal/api/v1/buildings/search', async (request) => {
    const { address } = parse(searchBody, request.body);
    const building = await findBuildingByAddress(ctx.database.db, address);
    if (!building) throw noBuilding();
    return buildingAnswer(building);
  });

  app.get('/portal/api/v1/buildings/:id', async (request) => {
    const { id } = parse(buildingParams, request.params);
    const building = await findBuildingById(ctx.database.db, id);
    if (!building) throw notFound('No building has that id');
    return buildingAnswer(building);
  });
}
