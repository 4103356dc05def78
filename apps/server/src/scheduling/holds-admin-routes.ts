import { adminHoldParams, adminHoldsAnswer, errorAnswer } from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { defineAdminRoute, operatorOf } from '../operators/index.ts';
import { liveHolds, releaseLiveHold } from './repository/holds.ts';
import type { AnyRoute } from '../http/define.ts';

/* Live holds, and releasing one (docs/rules/operators.md#operations). */

export function adminHoldRoutes(ctx: AppContext): AnyRoute[] {
  const db = ctx.database.db;
  return [
    defineAdminRoute(ctx, {
      method: 'GET',
      url: '/admin/api/holds',
      operationId: 'listHolds',
      summary: 'Every live hold, soonest expiry first',
      responses: { 200: { description: 'The live holds', schema: adminHoldsAnswer } },
      handler: async () => {
        const rows = await liveHolds(db, ctx.now());
        return {
          items: rows.map((row) => ({
            reservationId: row.reservation_id,
            state: row.state,
            crew: { id: row.crew_id, name: row.crew_name },
            window: { start: row.starts_at.toISOString(), end: row.ends_at.toISOString() },
            created: row.created_at.toISOString(),
            expiresAt: row.expires_at.toISOString(),
          })),
        };
      },
    }),
    defineAdminRoute(ctx, {
      method: 'DELETE',
      url: '/admin/api/holds/:id',
      operationId: 'releaseHoldAsOperator',
      summary: 'Releases a live hold: its window is free again at once (managers only; audited)',
      params: adminHoldParams,
      responses: {
        204: { description: 'Released' },
        404: {
          description: 'not_found: no live hold has this id (unknown, expired, released or booked)',
          schema: errorAnswer,
        },
      },
      handler: async (request, reply) => {
        const who = { operatorEmail: operatorOf(request).email, at: ctx.now() };
        if (!(await releaseLiveHold(db, request.params.id, who))) {
          throw notFound('No live hold has this id');
        }
        ctx.metrics.hold('released');
        return reply.status(204).send();
      },
    }),
  ];
}
