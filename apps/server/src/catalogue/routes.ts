import type { FastifyInstance } from 'fastify';
import { errorAnswer, plansAnswer, plansQuery, routersAnswer } from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { defineRoute, registerDefined } from '../http/define.ts';
import { sendPrepared } from '../http/prepared.ts';

// The served catalogue's plans and routers (catalogue/cache.ts), hidden plans included: the wizard
// hides them, and an import reaches these answers within a second. Both are sent as serialised
// once per catalogue version, with an ETag naming the version, and the building is checked in the
// served catalogue's buildings (docs/decisions/020-reads-from-memory.md).
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
        304: { description: 'Unchanged: If-None-Match names the served version (ETag)' },
        404: { description: 'Unknown building', schema: errorAnswer },
      },
      handler: async (request, reply) => {
        const code = request.query['building-code'];
        const served = ctx.catalogue.current();
        if (code !== undefined && !served.buildings.byCode(code)) {
          throw notFound(`Unknown building ${code}`);
        }
        return sendPrepared(request, reply, served.answers.plans);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/v1/public/routers',
      operationId: 'listRouters',
      summary: "The provider's routers; cost '0' means bring your own",
      tags: ['catalogue'],
      security: 'public',
      responses: {
        200: { description: 'The routers', schema: routersAnswer },
        304: { description: 'Unchanged: If-None-Match names the served version (ETag)' },
      },
      handler: async (request, reply) =>
        sendPrepared(request, reply, ctx.catalogue.current().answers.routers),
    }),
  ]);
}
