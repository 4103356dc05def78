import type { FastifyInstance } from 'fastify';
import { capitaliseName, leadSchema, normaliseMobile } from '@fibre/domain';
import type { AppContext } from '../../context.ts';
import type { RouteDoc } from '../../openapi.ts';
import { parse } from '../../validate.ts';

export const leadDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/v1/public/leads',
    summary: 'Records a lead for an address that is not served yet',
    tag: 'leads',
    body: leadSchema,
    responses: { 201: '{id}', 400: 'Bad input, with a message per field' },
  },
];

export function leadRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/public/leads', async (request, reply) => {
    const lead = parse(leadSchema, request.body);
    const id = ctx.newId();
    await ctx.database.db
      .insertInto('leads')
      .values({
        id,
        first_name: capitaliseName(lead.firstName),
        last_name: capitaliseName(lead.lastName),
        email: lead.email,
        phone: lead.phone ? normaliseMobile(lead.phone) : null,
        formatted_address: lead.formatted_address,
        message: lead.message ?? null,
        created_at: ctx.now(),
      })
      .execute();
    return reply.status(201).send({ id });
  });
}
