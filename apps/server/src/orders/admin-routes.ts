import { storedCardFees } from '@fibre/domain/pricing';
import { addressWithUnit } from '@fibre/domain/address';
import {
  acceptanceRecordAnswer,
  adminOrderAnswer,
  adminOrderParams,
  adminOrdersAnswer,
  adminOrdersQuery,
  adminChangesQuery,
  adminOrderChangesAnswer,
  errorAnswer,
  type AdminOrderAnswer,
} from '@fibre/domain/api';
import type { DomainConfig } from '@fibre/domain/shared';
import type { Kysely } from 'kysely';
import { soldOf } from '../catalogue/index.ts';
import type { AppContext } from '../context.ts';
import type { Schema } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { changePage, changesDescription, changeStart, pageStart, paged } from '../http/paging.ts';
import { defineAdminRoute } from '../operators/index.ts';
import {
  findAdminOrder,
  orderChanges,
  searchOrders,
  type AdminOrderRow,
} from './repository/admin-orders.ts';
import { auditOf } from '../operators/index.ts';
import type { AnyRoute } from '../http/define.ts';

/*
 * The operator console's orders, read (docs/rules/operators.md#reading): searched and shown. Any
 * signed-in operator, viewer or manager, may read. Acting on them: admin-action-routes.ts.
 */

const contactOf = (row: AdminOrderRow) => {
  const contact = row.contact as { firstName?: string; lastName?: string; phone?: string };
  return {
    firstName: contact.firstName ?? '',
    lastName: contact.lastName ?? '',
    email: row.email,
    mobile: contact.phone ?? null,
  };
};

/** One row of the console's list of orders. */
const orderSummary = (row: AdminOrderRow, rules: DomainConfig) => ({
  id: row.id,
  reference: row.reference,
  created: row.created_at.toISOString(),
  status: row.status,
  customer: contactOf(row),
  address: addressWithUnit(row.formatted_address ?? '', row.unit),
  plan: soldOf(row, rules).plan.name,
  window: windowOf(row),
  monthlyCents: row.monthly_cents,
  attentionReason: row.attention_reason,
  moveIn: row.move_in,
});

const windowOf = (row: AdminOrderRow) =>
  row.starts_at && row.ends_at
    ? {
        start: row.starts_at.toISOString(),
        end: row.ends_at.toISOString(),
        state: row.window_state ?? '',
      }
    : null;

/** A stored acceptance record, read back (null for orders placed before it was kept). */
const storedAcceptance = (value: unknown) => {
  const read = acceptanceRecordAnswer.safeParse(value);
  return read.success ? read.data : null;
};

/**
 * One order as the console shows it (adminOrderAnswer), its history included; undefined for an
 * unknown id. The order's detail and every action's answer (admin-action-routes.ts).
 */
export async function orderDetail(
  db: Kysely<Schema>,
  id: string,
  rules: DomainConfig,
): Promise<AdminOrderAnswer | undefined> {
  const row = await findAdminOrder(db, id);
  if (!row) return undefined;
  // What the order was sold, not today's catalogue (docs/rules/orders.md#what-an-order-was-sold).
  const { plan, router } = soldOf(row, rules);
  const audit = await auditOf(db, 'order', row.id);
  return {
    id: row.id,
    reference: row.reference,
    created: row.created_at.toISOString(),
    status: row.status,
    attentionReason: row.attention_reason,
    moveIn: row.move_in,
    customer: contactOf(row),
    address: addressWithUnit(row.formatted_address ?? '', row.unit),
    buildingCode: row.building_code,
    plan: { id: plan.id, name: plan.name },
    router: { id: router.id, name: router.name },
    addOns: row.add_ons,
    coupon: row.coupon_id,
    price: {
      monthlyCents: row.monthly_cents,
      activationCents: row.activation_cents,
      cardFeeCents: row.card_fee_cents,
      firstPaymentFeeCents: storedCardFees(row).first_payment_fee_cents,
      cardScheme: storedCardFees(row).card_scheme,
    },
    window: windowOf(row),
    references: {
      billingCustomer: row.billing_customer_ref,
      billingSubscription: row.billing_subscription_ref,
      schedulingTask: row.task_ref,
    },
    acceptance: storedAcceptance(row.acceptance),
    clientAddress: row.client_address,
    service: {
      status: row.service_status,
      note: row.service_note,
      changed: row.service_changed_at?.toISOString() ?? null,
    },
    history: audit.reverse().map((entry) => ({
      at: entry.at.toISOString(),
      operator: entry.operator_email,
      action: entry.action,
      before: entry.before,
      after: entry.after,
    })),
  };
}

export function adminOrderRoutes(ctx: AppContext): AnyRoute[] {
  const db = ctx.database.db;
  return [
    defineAdminRoute(ctx, {
      method: 'GET',
      url: '/admin/api/orders',
      operationId: 'searchOrders',
      summary: 'Orders, newest first, searched and filtered, a page at a time',
      description:
        "`q` is found in the customer's name, email, mobile (with or without spaces, as 04… or +614…), the address, the order id or the order's reference (as typed: any case, with or without the dash), ignoring case; `status` and the creation range `from` (inclusive) to `to` (exclusive) filter. `nextCursor` asks for the next page (docs/rules/operators.md#reading).",
      query: adminOrdersQuery,
      responses: { 200: { description: 'A page of orders', schema: adminOrdersAnswer } },
      handler: async (request) => {
        const { q, status, from, to, limit, cursor } = request.query;
        const rows = await searchOrders(db, {
          q,
          status,
          from,
          to,
          limit: limit + 1,
          after: pageStart(cursor),
        });
        const page = paged(rows, limit);
        return {
          items: page.items.map((row) => orderSummary(row, ctx.catalogue.current().domain)),
          nextCursor: page.nextCursor,
        };
      },
    }),
    defineAdminRoute(ctx, {
      method: 'GET',
      url: '/admin/api/orders/changes',
      operationId: 'orderChanges',
      summary: 'Orders changed since a time, in the order they were changed, to sync a copy',
      description: changesDescription('order'),
      query: adminChangesQuery,
      responses: { 200: { description: 'Changed orders', schema: adminOrderChangesAnswer } },
      handler: async (request) => {
        const { updated_since, limit, cursor } = request.query;
        const after = changeStart(cursor);
        const rows = await orderChanges(db, { since: updated_since, after, limit: limit + 1 });
        const page = changePage(rows, limit, cursor);
        return {
          ...page,
          items: page.items.map((row) => {
            // An erased order (docs/rules/personal-data-requests.md#erase): no personal field.
            const erased = 'erasedAt' in (row.contact as Record<string, unknown>);
            return {
              ...orderSummary(row, ctx.catalogue.current().domain),
              updated: row.updated_at.toISOString(),
              erased,
              ...(erased ? { customer: null, address: null } : {}),
            };
          }),
        };
      },
    }),
    defineAdminRoute(ctx, {
      method: 'GET',
      url: '/admin/api/orders/:id',
      operationId: 'showOrder',
      summary: 'One order: what was bought at what price, its window, references and history',
      params: adminOrderParams,
      responses: {
        200: { description: 'The order', schema: adminOrderAnswer },
        404: { description: 'not_found: no order has this id', schema: errorAnswer },
      },
      handler: async (request) => {
        const order = await orderDetail(db, request.params.id, ctx.catalogue.current().domain);
        if (!order) throw notFound('No order has this id');
        return order;
      },
    }),
  ];
}
