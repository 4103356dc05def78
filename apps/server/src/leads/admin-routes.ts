import {
  adminLead,
  adminLeadParams,
  adminLeadsAnswer,
  adminLeadsQuery,
  adminChangesQuery,
  adminLeadChangesAnswer,
  errorAnswer,
} from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import { csvText } from '../http/csv.ts';
import { notFound } from '../http/errors.ts';
import { changePage, changesDescription, changeStart, pageStart, paged } from '../http/paging.ts';
import { defineAdminRoute, operatorOf, recordAudit } from '../operators/index.ts';
import { recordLeadEvent } from '../notifications/index.ts';
import { leadChanges, listLeads, markLeadContacted, type LeadRow } from './repository.ts';
import type { AnyRoute } from '../http/define.ts';

/*
 * The console's leads (docs/rules/operators.md#reading, #operations): listed and exported by any
 * signed-in operator; marked contacted, and the mark cleared, by managers, audited.
 */

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

export function adminLeadRoutes(ctx: AppContext): AnyRoute[] {
  return [
    listRoute(ctx),
    changesRoute(ctx),
    exportRoute(ctx),
    contactedRoute(ctx, true),
    contactedRoute(ctx, false),
  ];
}

/** A page of leads, newest first. */
function listRoute(ctx: AppContext): AnyRoute {
  const db = ctx.database.db;
  return defineAdminRoute(ctx, {
    method: 'GET',
    url: '/admin/api/leads',
    operationId: 'listLeads',
    summary: 'Leads, newest first, a page at a time',
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
  });
}

/** Leads changed since a time, to sync a copy. */
function changesRoute(ctx: AppContext): AnyRoute {
  const db = ctx.database.db;
  return defineAdminRoute(ctx, {
    method: 'GET',
    url: '/admin/api/leads/changes',
    operationId: 'leadChanges',
    summary: 'Leads changed since a time, in the order they were changed, to sync a copy',
    description: changesDescription('lead'),
    query: adminChangesQuery,
    responses: { 200: { description: 'Changed leads', schema: adminLeadChangesAnswer } },
    handler: async (request) => {
      const { updated_since, limit, cursor } = request.query;
      const after = changeStart(cursor);
      const rows = await leadChanges(db, { since: updated_since, after, limit: limit + 1 });
      const page = changePage(rows, limit, cursor);
      return {
        ...page,
        items: page.items.map((lead) =>
          'erased_at' in lead
            ? {
                // An erased lead (docs/rules/personal-data-requests.md#erase): its id and dates.
                id: lead.id,
                created: lead.created_at.toISOString(),
                firstName: null,
                lastName: null,
                email: null,
                phone: null,
                address: null,
                message: null,
                contactedAt: null,
                contactedBy: null,
                updated: lead.updated_at.toISOString(),
                erased: true,
              }
            : { ...leadAnswer(lead), updated: lead.updated_at.toISOString(), erased: false },
        ),
      };
    },
  });
}

/** Every lead as CSV, audited. */
function exportRoute(ctx: AppContext): AnyRoute {
  const db = ctx.database.db;
  return defineAdminRoute(ctx, {
    method: 'GET',
    url: '/admin/api/leads.csv',
    operationId: 'exportLeads',
    summary: 'Every lead as CSV, newest first',
    description:
      "RFC 4180 (quoted where needed, CRLF lines), a header row first, `contacted_at` last (empty until an operator marks the lead contacted); a cell starting with = + - or @ is prefixed with ' so a spreadsheet never runs it as a formula. Every export is recorded in the audit (`leads_exported`: who, when, how many rows) before it is answered.",
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
  });
}

/** Marks a lead contacted, or clears the mark (`mark` false). */
function contactedRoute(ctx: AppContext, mark: boolean): AnyRoute {
  const db = ctx.database.db;
  return defineAdminRoute(ctx, {
    method: mark ? 'POST' : 'DELETE',
    url: '/admin/api/leads/:id/contacted',
    operationId: mark ? 'markLeadContacted' : 'unmarkLeadContacted',
    summary: mark
      ? 'Marks a lead contacted by the signed-in operator (managers only; audited)'
      : "Clears a lead's contacted mark: the undo (managers only; audited)",
    params: adminLeadParams,
    responses: {
      200: { description: 'The lead as it is now', schema: adminLead },
      404: { description: 'not_found: no lead has this id', schema: errorAnswer },
    },
    handler: async (request) => {
      const who = { operatorEmail: operatorOf(request).email, at: ctx.now() };
      const lead = await markLeadContacted(db, request.params.id, mark, who, (trx) =>
        recordLeadEvent(trx, ctx, request.params.id, 'lead.contacted'),
      );
      if (!lead) throw notFound('No lead has this id');
      return leadAnswer(lead);
    },
  });
}
