import type { AppContext } from '../../context.ts';
import type { AnyRoute } from '../define.ts';

/*
 * Acting on orders (docs/rules/operators.md#acting-on-orders): retry the failed external step,
 * mark resolved with a note, cancel. Managers only, each audited on the order.
 */
export function adminActionRoutes(_ctx: AppContext): AnyRoute[] {
  return [];
}
