import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { healthRoutes } from '../health/routes.ts';
import { addressRoutes } from '../addresses/routes.ts';
import { schedulingRoutes } from '../scheduling/routes.ts';
import { catalogueRoutes } from '../catalogue/routes.ts';
import { offerRoutes } from '../offers/routes.ts';
import { unitRoutes } from '../units/routes.ts';
import { directDebitOfferRoute, vaultRoutes } from '../vault/routes.ts';
import { publicConfigRoutes } from '../public-config/routes.ts';
import { leadRoutes } from '../leads/routes.ts';
import { orderRoutes } from '../orders/routes.ts';
import { docsRoutes } from '../docs/routes.ts';
import { webRoutes } from '../web/routes.ts';
import { adminRoutes } from '../operators/admin-routes.ts';
import { orderPageRoutes } from '../order-page/routes.ts';
import { adminOrderRoutes } from '../orders/admin-routes.ts';
import { adminActionRoutes } from '../orders/admin-action-routes.ts';
import { adminLeadRoutes } from '../leads/admin-routes.ts';
import { adminScheduleRoutes } from '../scheduling/schedule-admin-routes.ts';
import { adminHoldRoutes } from '../scheduling/holds-admin-routes.ts';
import { adminOfferRoutes } from '../offers/admin-routes.ts';
import { adminMailRoutes } from '../mail/admin-routes.ts';
import { adminPersonalDataRoutes } from '../personal-data/admin-routes.ts';
import { webhookRoutes } from '../notifications/index.ts';
import { funnelRoutes } from '../funnel/routes.ts';
import { adminFunnelRoutes } from '../funnel/admin-routes.ts';
import { signupRoutes } from '../signups/routes.ts';

/**
 * Every resource's routes, one feature folder each (`<feature>/routes.ts`, and the console's
 * `<feature>/admin-routes.ts`), each defined once (http/define.ts), and the OpenAPI document
 * generated from those definitions.
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
  // A building's units (docs/rules/contact-and-connection.md#the-buildings-units).
  unitRoutes(app, ctx);
  leadRoutes(app, ctx);
  orderRoutes(app, ctx);
  // The wizard's steps reached (docs/rules/funnel.md).
  funnelRoutes(app, ctx);
  // The order page's API (docs/rules/order-page.md).
  orderPageRoutes(app, ctx);
  // Finish later and the reminder to finish (docs/rules/mail.md#finish-later).
  signupRoutes(app, ctx);
  // The test-mode vault exists only when no Chargebee site is configured (docs/rules/api.md).
  if (!ctx.config.keys.CHARGEBEE_SITE) vaultRoutes(app, ctx);
  // Direct debit's offer, with the vault or Chargebee (docs/rules/contact-and-connection.md).
  directDebitOfferRoute(app, ctx);
  // The operator console's API (docs/rules/operators.md).
  await adminRoutes(app, ctx, [
    // Orders and leads, read (docs/rules/operators.md#reading).
    ...adminOrderRoutes(ctx),
    ...adminLeadRoutes(ctx),
    // Retry, resolve, cancel (docs/rules/operators.md#acting-on-orders).
    ...adminActionRoutes(ctx),
    // Schedule, holds, offers (docs/rules/operators.md#operations).
    ...adminScheduleRoutes(ctx),
    ...adminHoldRoutes(ctx),
    ...adminOfferRoutes(ctx),
    // Customer mail in the outbox (docs/rules/operator-console.md).
    ...adminMailRoutes(ctx),
    // A person's data, on request (docs/rules/personal-data-requests.md).
    ...adminPersonalDataRoutes(ctx),
    // Webhook endpoints and deliveries (docs/rules/webhooks.md#endpoints).
    ...webhookRoutes(ctx),
    // The funnel (docs/rules/funnel.md).
    ...adminFunnelRoutes(ctx),
  ]);
  docsRoutes(app, ctx);
  await webRoutes(app, { dist: webDist, gtmId: ctx.config.keys.GTM_ID });
}
