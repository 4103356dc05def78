import type { FastifyInstance } from 'fastify';
import { capitaliseName, leadSchema, normaliseMobile } from '@fibre/domain';
import type { AppContext } from '../../context.ts';
import { recordLead } from '../../repositories/leads.ts';
import type { RouteDoc } from '../../openapi.ts';
import { parse } from '../../validate.ts';
import { leadFingerprint, SAME_LEAD_WITHIN_MS } from './same-lead.ts';

export const leadDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/v1/public/leads',
    summary: 'Records a lead for an address that is not served yet',
    tag: 'leads',
    body: leadSchema,
    responses: {
      201: '{id}; the same lead sent again within a day is stored once and answers the first id',
      400: 'Bad input, with a message per field',
      429: 'rate_limited: LEADS_PER_MINUTE',
    },
  },
];

export function leadRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/public/leads', async (request, reply) => {
    const lead = parse(leadSchema, request.body);
    const fields = {
      first_name: capitaliseName(lead.firstName),
      last_name: capitaliseName(lead.lastName),
      email: lead.email,
      phone: lead.phone ? normaliseMobile(lead.phone) : null,
      formatted_address: lead.formatted_address,
      message: lead.message ?? null,
    };
    const id = await recordLead(
      ctx.database.db,
      { ...fields, id: ctx.newId(), created_at: ctx.now() },
      leadFingerprint(fields),
      SAME_LEAD_WITHIN_MS,
    );
    return reply.status(201).send({ id });
  });
}
