import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { openApiDocument, type RouteDoc } from '../openapi.ts';
import { healthRoutes } from './health/routes.ts';
import { addressDocs, addressRoutes } from './addresses/routes.ts';
import { schedulingDocs, schedulingRoutes } from './scheduling/routes.ts';

/** Every resource's routes, one folder each, and the OpenAPI document that describes them. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  healthRoutes(app, ctx);
  addressRoutes(app, ctx);
  schedulingRoutes(app, ctx);

  const docs: RouteDoc[] = [...addressDocs, ...schedulingDocs];
  const document = openApiDocument(docs, {
    title: `${ctx.config.provider.name} provider API`,
    version: '1.0.0',
  });
  app.get('/api/docs', async () => document);
}
