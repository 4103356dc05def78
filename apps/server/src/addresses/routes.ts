import type { FastifyInstance } from 'fastify';
import {
  addressLookupAnswer,
  addressLookupBody,
  autocompleteQuery,
  buildingFoundAnswer,
  buildingParams,
  buildingSearchBody,
  errorAnswer,
  predictionsAnswer,
} from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { searchTerms } from './address-text.ts';
import { keptSearches } from './kept-searches.ts';
import { defineRoute, registerDefined } from '../http/define.ts';
import { buildingAnswer, lookupAnswer, prediction } from './answers.ts';

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
  // Kept until the address index changes (docs/decisions/022-kept-answers.md).
  const searches = keptSearches(ctx);
  registerDefined(app, [
    defineRoute({
      method: 'GET',
      url: '/api/v1/public/addresses',
      operationId: 'searchAddresses',
      summary:
        'Address autocomplete over the embedded Australian address index, answered in the shape of Google Places; fewer than 3 characters answer no predictions',
      tags: ['addresses'],
      security: 'public',
      query: autocompleteQuery,
      responses: {
        200: { description: 'The predictions', schema: predictionsAnswer },
        429: {
          description: `rate_limited: more than AUTOCOMPLETE_PER_CLIENT searches at once from one address (Retry-After)`,
          schema: errorAnswer,
        },
        503: {
          description: 'search_timeout: the search ran past AUTOCOMPLETE_TIMEOUT_MS',
          schema: errorAnswer,
        },
      },
      handler: async (request) => {
        const { q, limit } = request.query;
        const { unit, street } = splitUnit(q);
        if (q.trim().length < 3 || street.trim().length < 3) return { predictions: [] };
        const rows = await searches.search(searchTerms(street), limit);
        return { predictions: rows.map((row) => prediction(row, unit)) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/v1/public/address-lookup',
      operationId: 'lookUpAddress',
      summary:
        'The building at an address, by formatted address or by street number, street, suburb and postcode',
      tags: ['addresses'],
      security: 'public',
      body: addressLookupBody,
      responses: {
        200: { description: 'The building', schema: addressLookupAnswer },
        404: { description: 'No building at that address', schema: errorAnswer },
      },
      // The served catalogue's buildings, in memory (docs/decisions/020-reads-from-memory.md).
      handler: async (request) => {
        const body = request.body;
        const { street_number, street, suburb, postcode } = body;
        const buildings = ctx.catalogue.current().buildings;
        const building =
          buildings.byAddress(body.formatted_address) ??
          (street_number && street && suburb && postcode
            ? buildings.byParts({ street_number, street, suburb, postcode })
            : undefined);
        if (!building) throw noBuilding();
        return lookupAnswer(building);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/portal/api/v1/buildings/search',
      operationId: 'searchBuilding',
      summary: 'Billing portal: the building at an address (matched ignoring case)',
      tags: ['buildings'],
      security: 'public',
      body: buildingSearchBody,
      responses: {
        200: { description: 'The building', schema: buildingFoundAnswer },
        404: { description: 'No building at that address', schema: errorAnswer },
      },
      handler: async (request) => {
        const { address } = request.body;
        const building = ctx.catalogue.current().buildings.byAddress(address);
        if (!building) throw noBuilding();
        return buildingAnswer(building);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/portal/api/v1/buildings/:id',
      loggedParams: ['id'],
      operationId: 'getBuilding',
      summary: 'Billing portal: a building by its _id',
      tags: ['buildings'],
      security: 'public',
      params: buildingParams,
      responses: {
        200: { description: 'The building, as the search answers it', schema: buildingFoundAnswer },
        404: { description: 'No such building', schema: errorAnswer },
      },
      handler: async (request) => {
        const { id } = request.params;
        const building = ctx.catalogue.current().buildings.byId(id);
        if (!building) throw notFound('No building has that id');
        return buildingAnswer(building);
      },
    }),
  ]);
}
