import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { healthRoutes } from './health/routes.ts';
import { addressRoutes } from './addresses/routes.ts';
import { schedulingRoutes } from './scheduling/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { offerRoutes } from './offers/routes.ts';
import { vaultRoutes } from './vault/routes.ts';
import { publicConfigRoutes } from './public-config/routes.ts';
import { leadRoutes } from './leads/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { docsRoutes } from './docs/routes.ts';
import { webRoutes } from './web/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { orderPageRoutes } from './order-page/routes.ts';

/**
 * Every resource's routes, one folder each, each defined once (define.ts), and the OpenAPI
 * document generated from those definitions.
 */
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
  // The order page's API (docs/rules/order-page.md).
  orderPageRoutes(app, ctx);
  // The test-mode vault exists only when no Chargebee site is configured (docs/rules/api.md).
  if (!ctx.config.keys.CHARGEBEE_SITE) vaultRoutes(app, ctx);
  // The operator console's API (docs/rules/operators.md).
  await adminRoutes(app, ctx);
  docsRoutes(app, ctx);
  await webRoutes(app, { dist: webDist, gtmId: ctx.config.keys.GTM_ID });
}
