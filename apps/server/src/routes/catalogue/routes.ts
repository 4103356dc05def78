import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import type { RouteDoc } from '../../openapi.ts';
import { findBuildingCode } from '../../repositories/catalogue.ts';
import { parse } from '../../validate.ts';

const plansQuery = z.object({
  'building-code': z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{1,16}$/, 'building-code must be a building code')
    .optional(),
});

export const catalogueDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/v1/public/plans',
    summary: "The provider's plans (speed tiers); the wizard filters them for the building",
    tag: 'catalogue',
    query: plansQuery,
    responses: { 200: 'List of plans', 400: 'Bad building code', 404: 'Unknown building' },
  },
  {
    method: 'get',
    path: '/api/v1/public/routers',
    summary: "The provider's routers; cost '0' means bring your own",
    tag: 'catalogue',
    responses: { 200: 'List of routers' },
  },
];

// The served catalogue's plans and routers (catalogue/cache.ts), hidden plans included: the wizard
// hides them, and an import reaches these answers within a second.
export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/public/plans', async (request) => {
    const query = parse(plansQuery, request.query);
    const code = query['building-code'];
    if (code !== undefined && !(await findBuildingCode(ctx.database.db, code.toUpperCase()))) {
      throw notFound(`Unknown building ${code}`);
    }
    return ctx.catalogue.current().plans;
  });

  app.get('/api/v1/public/routers', async () => ctx.catalogue.current().routers);
}
