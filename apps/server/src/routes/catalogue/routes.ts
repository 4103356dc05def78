import type { FastifyInstance } from 'fastify';
import { errorAnswer, plansAnswer, plansQuery, routersAnswer } from '@fibre/domain';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { findBuildingCode } from '../../repositories/catalogue.ts';
import { defineRoute, registerDefined } from '../define.ts';

// The served catalogue's plans and routers (catalogue/cache.ts), hidden plans included: the wizard
// hides them, and an import reaches these answers within a second.
export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDefined(app, [
    defineRoute({
      method: 'GET',
      url: '/api/v1/public/plans',
      operationId: 'listPlans',
      summary: "The provider's plans (speed tiers); the wizard filters them for the building",
      tags: ['catalogue'],
      security: 'public',
      query: plansQuery,
      responses: {
        200: { description: 'The plans', schema: plansAnswer },
        404: { description: 'Unknown building', schema: errorAnswer },
      },
      handler: async (request) => {
        const query = request.query;
        const code = query['building-code'];
        if (code !== undefined && !(await findBuildingCode(ctx.database.db, code.toUpperCase()))) {
          throw notFound(`Unknown building ${code}`);
        }
        return ctx.catalogue.current().plans;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/v1/public/routers',
      operationId: 'listRouters',
      summary: "The provider's routers; cost '0' means bring your own",
      tags: ['catalogue'],
      security: 'public',
      responses: { 200: { description: 'The routers', schema: routersAnswer } },
      handler: async () => ctx.catalogue.current().routers,
    }),
  ]);
}
