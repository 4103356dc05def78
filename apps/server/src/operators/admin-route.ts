import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { defineRoute, type AnswerDoc, type AnyRoute, type RouteParts } from '../http/define.ts';
import { requireOperator, type KeyAccess } from './guard.ts';

/**
 * A console route (/admin/api/, docs/rules/operators.md): the route's own parts, with who may
 * call in place of the header every console route shares. `role` and `key` are requireOperator's
 * (operators/guard.ts): left out, a read lets any operator through and a change only a manager, and
 * an API key needs `orders:read` or `orders:act`. The tag, the security and the guard are added
 * here; the 401 and 403 answers follow from the security (http/define.ts, allResponses).
 */
export interface AdminRouteDefinition<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends Record<number, AnswerDoc> = Record<number, AnswerDoc>,
> extends RouteParts<P, Q, B, R> {
  role?: 'viewer' | 'manager';
  key?: KeyAccess;
}

/** Builds a console route, inferring its types from its schemas as defineRoute does. */
export function defineAdminRoute<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends Record<number, AnswerDoc> = Record<number, AnswerDoc>,
>(ctx: AppContext, definition: AdminRouteDefinition<P, Q, B, R>): AnyRoute {
  const { role, key, ...route } = definition;
  return defineRoute<P, Q, B, R>({
    ...route,
    tags: ['admin'],
    security: 'operatorSession',
    guard: requireOperator(ctx, role, key),
  });
}
