import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { openApiDocument, type RouteDoc } from '../openapi.ts';
import { healthRoutes } from './health/routes.ts';
import { addressDocs, addressRoutes } from './addresses/routes.ts';
import { schedulingDocs, schedulingRoutes } from './scheduling/routes.ts';
import { catalogueDocs, catalogueRoutes } from './catalogue/routes.ts';
import { offerDocs, offerRoutes } from './offers/routes.ts';
import { vaultDocs, vaultRoutes } from './vault/routes.ts';
import { publicConfigDocs, publicConfigRoutes } from './public-config/routes.ts';
import { leadDocs, leadRoutes } from './leads/routes.ts';
import { orderDocs, orderRoutes } from './orders/routes.ts';
import { webRoutes } from './web/routes.ts';

/** Every resource's routes, one folder each, and the OpenAPI document that describes them. */
export async function registerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  webDist?: string,
): Promise<void> {
  healthRoutes(app, ctx);
  addressRoutes(app, ctx);
  schedulingRoutes(app, ctx);
  publicConfigRoutes(app, ctx);
  catalogueRoutes(app, ctx);
  offerRoutes(app, ctx);
  leadRoutes(app, ctx);
  orderRoutes(app, ctx);
  // The test-mode vault exists only when no Chargebee site is configured (docs/rules/api.md).
  const vault = !ctx.config.keys.CHARGEBEE_SITE;
  if (vault) vaultRoutes(app, ctx);

  const docs: RouteDoc[] = [
    ...publicConfigDocs,
    ...catalogueDocs,
    ...offerDocs,
    ...leadDocs,
    ...orderDocs,
    ...addressDocs,
    ...schedulingDocs,
    ...(vault ? vaultDocs : []),
  ];
  const document = openApiDocument(docs, {
    title: `${ctx.catalogue.current().provider.name} provider API`,
    version: '1.0.0',
  });
  app.get('/api/docs', async () => document);
  await webRoutes(app, { dist: webDist, gtmId: ctx.config.keys.GTM_ID });
}
