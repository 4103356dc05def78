import type { AppContext } from '../../context.ts';
import type { AnyRoute } from '../define.ts';

/*
 * The installation schedule, live holds (and releasing one), leads' contacted mark, and coupon and
 * campaign usage (docs/rules/operators.md#operations).
 */
export function adminOperationRoutes(_ctx: AppContext): AnyRoute[] {
  return [];
}
