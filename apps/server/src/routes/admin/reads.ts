import {
  adminLeadsAnswer,
  adminLeadsQuery,
  adminOrderAnswer,
  adminOrderParams,
  adminOrdersAnswer,
  adminOrdersQuery,
  errorAnswer,
  type AdminOrderAnswer,
} from '@fibre/domain';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Schema } from '../../db/schema.ts';
import { HttpError, notFound } from '../../errors.ts';
import { operatorOf, requireOperator } from '../../operators/guard.ts';
import {
  findAdminOrder,
  listLeads,
  searchOrders,
  type AdminOrderRow,
  type PageStart,
} from '../../repositories/admin-orders.ts';
import type { LeadRow } from '../../repositories/admin-operations.ts';
import { auditOf, recordAudit } from '../../repositories/operators.ts';
import { defineRoute, type AnyRoute } from '../define.ts';

/*
 * The operator console's reads (docs/rules/operators.md#reading): orders searched and shown, leads
 * listed and exported. Any signed-in operator, viewer or manager, may read.
 */

/** A page's cursor: the last row's creation time and id, opaque to the console. */
export const cursorOf = (row: { created_at: Date; id: string }): string =>
  Buffer.from(JSON.stringify([row.created_at.toISOString(), row.id])).toString('base64url');

export function pageStart(cursor: string | undefined): PageStart | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [created, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    const at = new Date(String(created));
    if (typeof id === 'string' && !Number.isNaN(at.getTime())) return { created: at, id };
  } catch {
    // Falls through to the refusal.
  }
  const message = 'cursor is not one this list gave';
  throw new HttpError(400, 'invalid_input', message, { cursor: message });
}

/** A page of `limit` rows: fetched one more, to know whether another page follows. */
export function paged<T extends { created_at: Date; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

const contactOf = (row: AdminOrderRow) => {
  const contact = row.contact as { firstName?: string; lastName?: string; phone?: string };
  return {
    firstName: contact.firstName ?? '',
    lastName: contact.lastName ?? '',
    email: row.email,
    mobile: contact.phone ?? null,
  };
};

const windowOf = (row: AdminOrderRow) =>
  row.starts_at && row.ends_at
    ? {
        start: row.starts_at.toISOString(),
        end: row.ends_at.toISOString(),
        state: row.window_state ?? '',
      }
    : null;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled. A
 * cell starting with = + - or @ is a formula to a spreadsheet: it is prefixed with ' so it stays
 * text (OWASP's CSV injection advice).
 */
export function csvCell(value: string | null): string {
  let cell = value ?? '';
  if (/^[=+\-@]/.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Rows as CSV text: CRLF after each line (RFC 4180). */
export const csvText = (rows: Array<Array<string | null>>): string =>
  rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');

/**
 * One order as the console shows it (adminOrderAnswer), its history included; undefined for an
 * unknown id. The order's detail and every action's answer (actions.ts).
 */
export async function orderDetail(
  db: Kysely<Schema>,
  id: string,
): Promise<AdminOrderAnswer | undefined> {
  const row = await findAdminOrder(db, id);
  if (!row) return undefined;
  const audit = await auditOf(db, 'order', row.id);
  return {
    id: row.id,
    created: row.created_at.toISOString(),
    status: row.status,
    attentionReason: row.attention_reason,
    customer: contactOf(row),
    address: row.formatted_address ?? '',
    buildingCode: row.building_code,
    plan: { id: row.plan_id, name: row.plan_name ?? row.plan_id },
    router: { id: row.router_id, name: row.router_name ?? row.router_id },
    addOns: row.add_ons,
    coupon: row.coupon_id,
    price: {
      monthlyCents: row.monthly_cents,
      activationCents: row.activation_cents,
      cardFeeCents: row.card_fee_cents,
    },
    window: windowOf(row),
    references: {
      billingCustomer: row.billing_customer_ref,
      billingSubscription: row.billing_subscription_ref,
      schedulingTask: row.task_ref,
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

/** A lead as the console shows it: in the list, and answering a change to its contacted mark. */
export const leadAnswer = (lead: LeadRow) => ({
  id: lead.id,
  created: lead.created_at.toISOString(),
  firstName: lead.first_name,
  lastName: lead.last_name,
  email: lead.email,
  phone: lead.phone,
  address: lead.formatted_address,
  message: lead.message,
  contactedAt: lead.contacted_at?.toISOString() ?? null,
  contactedBy: lead.contacted_by,
});

export function adminReadRoutes(ctx: AppContext): AnyRoute[] {
  const db = ctx.database.db;
  return [
    defineRoute({
      method: 'GET',
      url: '/admin/api/orders',
      operationId: 'searchOrders',
      summary: 'Orders, newest first, searched and filtered, a page at a time',
      description:
        "`q` is found in the customer's name, email, mobile (with or without spaces, as 04… or +614…), the address or the order id, ignoring case; `status` and the creation range `from` (inclusive) to `to` (exclusive) filter. `nextCursor` asks for the next page (docs/rules/operators.md#reading).",
      tags: ['admin'],
      security: 'operatorSession',
      guard: requireOperator(ctx),
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
          items: page.items.map((row) => ({
            id: row.id,
            created: row.created_at.toISOString(),
            status: row.status,
            customer: contactOf(row),
            address: row.formatted_address ?? '',
            plan: row.plan_name ?? row.plan_id,
            window: windowOf(row),
            monthlyCents: row.monthly_cents,
            attentionReason: row.attention_reason,
          })),
          nextCursor: page.nextCursor,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/admin/api/orders/:id',
      operationId: 'showOrder',
      summary: 'One order: what was bought at what price, its window, references and history',
      tags: ['admin'],
      security: 'operatorSession',
      guard: requireOperator(ctx),
      params: adminOrderParams,
      responses: {
        200: { description: 'The order', schema: adminOrderAnswer },
        404: { description: 'not_found: no order has this id', schema: errorAnswer },
      },
      handler: async (request) => {
        const order = await orderDetail(db, request.params.id);
        if (!order) throw notFound('No order has this id');
        return order;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/admin/api/leads',
      operationId: 'listLeads',
      summary: 'Leads, newest first, a page at a time',
      tags: ['admin'],
      security: 'operatorSession',
      guard: requireOperator(ctx),
      query: adminLeadsQuery,
      responses: { 200: { description: 'A page of leads', schema: adminLeadsAnswer } },
      handler: async (request) => {
        const { limit, cursor } = request.query;
        const rows = await listLeads(db, { limit: limit + 1, after: pageStart(cursor) });
        const page = paged(rows, limit);
        return {
          items: page.items.map(leadAnswer),
          nextCursor: page.nextCursor,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/admin/api/leads.csv',
      operationId: 'exportLeads',
      summary: 'Every lead as CSV, newest first',
      description:
        "RFC 4180 (quoted where needed, CRLF lines), a header row first, `contacted_at` last (empty until an operator marks the lead contacted); a cell starting with = + - or @ is prefixed with ' so a spreadsheet never runs it as a formula. Every export is recorded in the audit (`leads_exported`: who, when, how many rows) before it is answered.",
      tags: ['admin'],
      security: 'operatorSession',
      guard: requireOperator(ctx),
      responses: {
        200: { description: 'The leads, as an attachment', text: 'text/csv' },
      },
      handler: async (request, reply) => {
        const leads = await listLeads(db, {});
        // Personal data leaving the console: who took it, when and how much, recorded before the
        // answer goes (docs/rules/operators.md#reading).
        await recordAudit(db, {
          operatorEmail: operatorOf(request).email,
          at: ctx.now(),
          action: 'leads_exported',
          subjectType: 'leads',
          subjectId: null,
          after: { rows: leads.length },
        });
        const header = ['id', 'created', 'first_name', 'last_name', 'email', 'phone', 'address'];
        const rows = leads.map((lead) => [
          lead.id,
          lead.created_at.toISOString(),
          lead.first_name,
          lead.last_name,
          lead.email,
          lead.phone,
          lead.formatted_address,
          lead.message,
          lead.contacted_at?.toISOString() ?? null,
        ]);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="leads.csv"')
          .header('cache-control', 'no-store')
          .status(200)
          .send(csvText([[...header, 'message', 'contacted_at'], ...rows]));
      },
    }),
  ];
}
