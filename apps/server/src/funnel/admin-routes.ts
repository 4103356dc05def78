import { adminFunnelAnswer, adminFunnelQuery } from '@fibre/domain/api';
import { funnelRows } from '@fibre/domain/wizard';
import type { AppContext } from '../context.ts';
import { csvText } from '../http/csv.ts';
import type { AnyRoute } from '../http/define.ts';
import { defineAdminRoute } from '../operators/index.ts';
import { funnelArrivals } from './repository.ts';

/*
 * The console's funnel (docs/rules/funnel.md, docs/rules/operator-console.md): each step's
 * arrivals over a period of UTC days and the drop-off between steps, read and exported by any
 * signed-in operator. It holds no personal data, so the export is not audited.
 */
export function adminFunnelRoutes(ctx: AppContext): AnyRoute[] {
  const db = ctx.database.db;
  return [
    defineAdminRoute(ctx, {
      method: 'GET',
      url: '/admin/api/funnel',
      operationId: 'readFunnel',
      summary: "Each step's arrivals over a period of UTC days, and the drop-off between steps",
      query: adminFunnelQuery,
      responses: { 200: { description: 'Every step, in order', schema: adminFunnelAnswer } },
      handler: async (request) => {
        const q = request.query;
        return {
          from: q.from,
          to: q.to,
          building: q.building ?? null,
          campaign: q.campaign ?? null,
          steps: funnelRows(await funnelArrivals(db, q)),
        };
      },
    }),
    defineAdminRoute(ctx, {
      method: 'GET',
      url: '/admin/api/funnel.csv',
      operationId: 'exportFunnel',
      summary: 'The funnel of a period as CSV',
      description:
        'RFC 4180 (CRLF lines), a header row `step,arrivals,drop_off_percent` and then every step in order, as GET /admin/api/funnel answers it; the drop-off is empty for the first step and after a step nobody reached.',
      query: adminFunnelQuery,
      responses: { 200: { description: 'The funnel, as an attachment', text: 'text/csv' } },
      handler: async (request, reply) => {
        const q = request.query;
        const rows = funnelRows(await funnelArrivals(db, q)).map((r) => [
          r.step,
          String(r.arrivals),
          r.dropOff === null ? null : String(r.dropOff),
        ]);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="funnel-${q.from}-${q.to}.csv"`)
          .header('cache-control', 'no-store')
          .status(200)
          .send(csvText([['step', 'arrivals', 'drop_off_percent'], ...rows]));
      },
    }),
  ];
}
