import type { AppContext } from '../context.ts';
import type { AnyRoute } from '../http/define.ts';
import { deliveryAdminRoutes } from './delivery-admin-routes.ts';
import { endpointAdminRoutes } from './endpoint-admin-routes.ts';

/*
 * The console's webhooks (docs/rules/webhooks.md#endpoints): any operator reads the endpoints and
 * the deliveries; a manager adds and disables endpoints and resends a delivery, each audited. A
 * manager's API key does so only with the `webhooks:manage` scope, and the endpoints it adds are
 * disabled when it is revoked (docs/rules/operators.md#api-keys). The endpoints' routes are in
 * endpoint-admin-routes.ts, the deliveries' in delivery-admin-routes.ts.
 */

export function webhookRoutes(ctx: AppContext): AnyRoute[] {
  return [...endpointAdminRoutes(ctx), ...deliveryAdminRoutes(ctx)];
}
