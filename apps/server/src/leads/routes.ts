import type { FastifyInstance } from 'fastify';
import { normaliseMobile } from '@fibre/domain/address';
import { errorAnswer, leadCreatedAnswer } from '@fibre/domain/api';
import { capitaliseName, leadSchema } from '@fibre/domain/contact';
import type { AppContext } from '../context.ts';
import { recordLeadCreated } from '../notifications/index.ts';
import { recordLead } from './repository.ts';
import { defineRoute, registerDefined } from '../http/define.ts';
import { leadFingerprint, SAME_LEAD_WITHIN_MS } from './same-lead.ts';

export function leadRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDefined(app, [
    defineRoute({
      method: 'POST',
      url: '/api/v1/public/leads',
      operationId: 'createLead',
      summary: 'Records a lead for an address that is not served yet',
      tags: ['leads'],
      security: 'public',
      body: leadSchema,
      responses: {
        201: {
          description:
            'The lead; the same lead sent again within a day is stored once and answers the first id',
          schema: leadCreatedAnswer,
        },
        400: { description: 'Bad input, with a message per field', schema: errorAnswer },
      },
      handler: async (request, reply) => {
        const lead = request.body;
        const fields = {
          first_name: capitaliseName(lead.firstName),
          last_name: capitaliseName(lead.lastName),
          email: lead.email,
          phone: lead.phone ? normaliseMobile(lead.phone) : null,
          formatted_address: lead.formatted_address,
          message: lead.message ?? null,
        };
        const stored = { ...fields, id: ctx.newId(), created_at: ctx.now() };
        // A new lead's event, in its own transaction (docs/rules/webhooks.md).
        const id = await recordLead(
          ctx.database.db,
          stored,
          leadFingerprint(fields),
          SAME_LEAD_WITHIN_MS,
          (trx) => recordLeadCreated(trx, ctx, stored),
        );
        return reply.status(201).send({ id });
      },
    }),
  ]);
}
