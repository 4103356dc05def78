import { adminMailAnswer, adminMailQuery } from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import { defineAdminRoute } from '../operators/index.ts';
import { listMail, type MailRow } from './repository.ts';
import type { AnyRoute } from '../http/define.ts';
import { pageStart, paged } from '../http/paging.ts';

/*
 * The console's view of customer mail (docs/rules/operator-console.md): the outbox, newest first,
 * with each mail's state; with no SMTP set it is where the mails wait. Any signed-in operator may
 * read. The bodies keep %ORDER_LINK% in place of the link (docs/rules/mail.md), so the text
 * preview never holds an order page's token; the row's link_token is never answered.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const mailOf = (row: MailRow) => ({
  id: row.id,
  kind: row.kind,
  orderId: row.order_id,
  recipient: row.recipient,
  subject: row.subject,
  createdAt: row.created_at.toISOString(),
  deliveredAt: iso(row.delivered_at),
  attempts: row.attempts,
  nextAttemptAt: iso(row.next_attempt_at),
  lastError: row.last_error,
  textPreview: row.text_body,
});

export function adminMailRoutes(ctx: AppContext): AnyRoute[] {
  return [
    defineAdminRoute(ctx, {
      method: 'GET',
      url: '/admin/api/mail',
      operationId: 'listMail',
      summary:
        "Customer mail in the outbox, newest first: sent, waiting or failed (one order's with orderId)",
      query: adminMailQuery,
      responses: {
        200: { description: 'A page of mail', schema: adminMailAnswer },
      },
      handler: async (request) => {
        const { orderId, limit, cursor } = request.query;
        const rows = await listMail(ctx.database.db, {
          limit: limit + 1,
          after: pageStart(cursor),
          ...(orderId !== undefined ? { orderId } : {}),
        });
        const page = paged(rows, limit);
        return {
          items: page.items.map(mailOf),
          nextCursor: page.nextCursor,
          sending: Boolean(ctx.config.keys.SMTP_URL),
        };
      },
    }),
  ];
}
