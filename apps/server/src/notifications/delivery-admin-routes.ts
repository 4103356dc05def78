import {
  errorAnswer,
  webhookDeliveriesAnswer,
  webhookDeliveriesQuery,
  webhookDelivery,
  webhookDeliveryParams,
  type DeliveryState,
  type WebhookDelivery,
} from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import type { OperatorRole } from '../db/tables/operators.ts';
import { inTransaction } from '../db/transactions.ts';
import { notFound } from '../http/errors.ts';
import { pageStart, paged } from '../http/paging.ts';
import type { AnyRoute } from '../http/define.ts';
import { defineAdminRoute, operatorOf, recordAudit } from '../operators/index.ts';
import { deliveriesWithEvents, resendDelivery, type DeliveryListRow } from './repository.ts';

/*
 * The console's webhook deliveries (docs/rules/webhooks.md#endpoints): any operator reads them; a
 * manager resends one, audited, or a manager's API key with the `webhooks:manage` scope
 * (docs/rules/operators.md#api-keys). The endpoints: endpoint-admin-routes.ts.
 */

/** Where a delivery is: delivered, retrying, given up, or waiting for an endpoint it can reach. */
export function deliveryState(
  row: Pick<DeliveryListRow, 'delivered_at' | 'next_attempt_at' | 'attempts'>,
): DeliveryState {
  if (row.delivered_at) return 'delivered';
  if (row.next_attempt_at === null) return 'gave_up';
  return row.attempts > 0 ? 'retrying' : 'waiting';
}

/**
 * A delivery as the console shows it. A viewer sees delivered or not, never the receiver's status
 * or words: those map the inside of whatever the URL reaches (docs/rules/webhooks.md#endpoints).
 */
const deliveryAnswer = (row: DeliveryListRow, role: OperatorRole): WebhookDelivery => ({
  id: row.id,
  eventId: row.event_id,
  type: row.type,
  endpointId: row.endpoint_id,
  reference: row.reference,
  orderId: row.order_id,
  leadId: row.lead_id,
  sequence: row.sequence,
  created: row.created_at.toISOString(),
  state: deliveryState(row),
  attempts: row.attempts,
  nextAttempt: row.next_attempt_at?.toISOString() ?? null,
  delivered: row.delivered_at?.toISOString() ?? null,
  lastError: role === 'manager' ? row.last_error : null,
  lastStatus: role === 'manager' ? row.last_status : null,
});
const error = (description: string) => ({ description, schema: errorAnswer });

/** The deliveries' routes, in the order the API document lists them. */
export function deliveryAdminRoutes(ctx: AppContext): AnyRoute[] {
  return [listDeliveriesRoute(ctx), resendDeliveryRoute(ctx)];
}

/** A page of deliveries, newest first, optionally in one state. */
function listDeliveriesRoute(ctx: AppContext): AnyRoute {
  const { db } = ctx.database;
  return defineAdminRoute(ctx, {
    method: 'GET',
    url: '/admin/api/webhooks/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'Webhook deliveries, newest first, a page at a time, optionally in one state',
    query: webhookDeliveriesQuery,
    responses: { 200: { description: 'A page of deliveries', schema: webhookDeliveriesAnswer } },
    handler: async (request) => {
      const { limit, cursor, state } = request.query;
      const after = pageStart(cursor);
      let query = deliveriesWithEvents(db);
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb('webhook_deliveries.created_at', '<', after.created),
            eb.and([
              eb('webhook_deliveries.created_at', '=', after.created),
              eb('webhook_deliveries.id', '<', after.id),
            ]),
          ]),
        );
      if (state === 'delivered') query = query.where('delivered_at', 'is not', null);
      if (state === 'gave_up')
        query = query.where('delivered_at', 'is', null).where('next_attempt_at', 'is', null);
      if (state === 'retrying' || state === 'waiting')
        query = query
          .where('delivered_at', 'is', null)
          .where('next_attempt_at', 'is not', null)
          .where('attempts', state === 'retrying' ? '>' : '=', 0);
      const rows = await query
        .orderBy('webhook_deliveries.created_at', 'desc')
        .orderBy('webhook_deliveries.id', 'desc')
        .limit(limit + 1)
        .execute();
      const page = paged(rows, limit);
      const role = operatorOf(request).role;
      return {
        items: page.items.map((item) => deliveryAnswer(item, role)),
        nextCursor: page.nextCursor,
      };
    },
  });
}

/** Sends a delivery again now. */
function resendDeliveryRoute(ctx: AppContext): AnyRoute {
  const { db } = ctx.database;
  return defineAdminRoute(ctx, {
    method: 'POST',
    url: '/admin/api/webhooks/deliveries/:id/resend',
    operationId: 'resendWebhookDelivery',
    summary: 'Sends a delivery again now, its attempts counted afresh (managers; audited)',
    description:
      'The same event with the same webhook-id, so a receiver that has it already can tell (docs/rules/webhooks.md#endpoints).',
    key: 'webhooks:manage',
    params: webhookDeliveryParams,
    responses: {
      200: { description: 'The delivery, due now', schema: webhookDelivery },
      404: error('not_found: no delivery has this id'),
    },
    handler: async (request) => {
      const { id } = request.params;
      const operator = operatorOf(request).email;
      const now = ctx.now();
      const resent = await inTransaction(db, async (trx) => {
        const row = await resendDelivery(trx, id, now);
        if (!row) return undefined;
        await recordAudit(trx, {
          operatorEmail: operator,
          at: now,
          action: 'webhook_delivery_resent',
          subjectType: 'webhook_delivery',
          subjectId: id,
          after: { eventId: row.event_id, endpointId: row.endpoint_id },
        });
        return row;
      });
      if (!resent) throw notFound('No webhook delivery has this id');
      const row = await deliveriesWithEvents(db)
        .where('webhook_deliveries.id', '=', id)
        .executeTakeFirstOrThrow();
      return deliveryAnswer(row, operatorOf(request).role);
    },
  });
}
