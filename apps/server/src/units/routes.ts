import type { FastifyInstance } from 'fastify';
import {
  buildingUnitsAnswer,
  buildingUnitsParams,
  errorAnswer,
  unitStatusAnswer,
  unitStatusParams,
} from '@fibre/domain/api';
import { listedUnits } from '@fibre/domain/address';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { defineRoute, registerDefined } from '../http/define.ts';
import { unitStatus } from './units.ts';

const noBuilding = () => notFound('We could not find a building with that code');

/**
 * A building's units (docs/rules/contact-and-connection.md#the-buildings-units): the list the
 * connection step offers, and whether a unit is the building's and already connected. The
 * buildings are the served catalogue's, in memory (docs/decisions/020-reads-from-memory.md).
 */
export function unitRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerDefined(app, [
    defineRoute({
      method: 'GET',
      url: '/api/v1/public/building/:code/units',
      loggedParams: ['code'],
      operationId: 'getBuildingUnits',
      summary:
        "The building's units as the catalogue lists them, each written once as its key ('12B'); [] when it lists none",
      tags: ['buildings'],
      security: 'public',
      params: buildingUnitsParams,
      responses: {
        200: { description: 'The units', schema: buildingUnitsAnswer },
        404: { description: 'not_found: no building has that code', schema: errorAnswer },
      },
      handler: async (request) => {
        const building = ctx.catalogue.current().buildings.byCode(request.params.code);
        if (!building) throw noBuilding();
        return { units: listedUnits(building.units) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/v1/public/building/:code/units/:unit',
      loggedParams: ['code'],
      operationId: 'getUnitStatus',
      summary:
        'Whether the building has the unit (known: always where it lists none) and whether the unit already has an active order (connected); nothing else',
      tags: ['buildings'],
      security: 'public',
      params: unitStatusParams,
      responses: {
        200: { description: 'The unit', schema: unitStatusAnswer },
        400: {
          description: 'invalid_input: the unit is not letters and digits',
          schema: errorAnswer,
        },
        404: { description: 'not_found: no building has that code', schema: errorAnswer },
        429: {
          description:
            'rate_limited: more than CODE_CHECKS_PER_MINUTE unit checks a minute from one address (Retry-After)',
          schema: errorAnswer,
        },
      },
      handler: async (request) => {
        const { code, unit } = request.params;
        const building = ctx.catalogue.current().buildings.byCode(code);
        if (!building) throw noBuilding();
        return unitStatus(db, building, unit);
      },
    }),
  ]);
}
