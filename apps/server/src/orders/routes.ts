import type { FastifyInstance } from 'fastify';
import { errorAnswer, idempotencyKey, orderPlacedAnswer, providerParams } from '@fibre/domain/api';
import { installBodySchema } from '@fibre/domain/install';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { install } from './install.ts';
import { defineRoute, registerDefined } from '../http/define.ts';
import { checkProvider } from '../http/provider.ts';

export function orderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = {
    ctx,
    billing: ctx.billing,
    calendar: ctx.scheduler.calendar,
    log: app.log,
    reporter: ctx.reporter,
  };
  const error = (description: string) => ({ description, schema: errorAnswer });
  registerDefined(app, [
    defineRoute({
      method: 'POST',
      url: '/api/v1/:provider/install',
      loggedParams: ['provider'],
      operationId: 'placeOrder',
      summary:
        'Places the order: consumes the hold, books the installation and starts billing in one unit of work',
      description:
        'Send an Idempotency-Key header: a retry with the same key and body returns the first answer. Every price, date, place, plan and code in the body is checked against the server’s own (422 naming the field); the title and the named fields that only echo constants are written by the server and never compared (docs/decisions/009-install-facts.md).',
      tags: ['orders'],
      security: 'public',
      params: providerParams,
      before: (request) => checkProvider(request, ctx.catalogue.current().provider.code),
      body: installBodySchema,
      // The body's shape and its contact rules are checked together, so one 400 names every field.
      checkedByHandler: ['body'],
      headers: {
        'Idempotency-Key': {
          schema: idempotencyKey,
          description:
            'A retry with the same key and body answers what the first request got (docs/rules/orders.md)',
        },
      },
      responses: {
        201: { description: 'The order is placed', schema: orderPlacedAnswer },
        400: error('Bad input, with a message per field, or a malformed Idempotency-Key'),
        402: error('Card declined at billing'),
        404: error('Unknown provider'),
        409: error('booking_expired: the hold expired; book a new time'),
        422: error(
          'The order does not match the catalogue, the building or the reservation (fields names each), the card token already paid for an order, or the key was used for another body (docs/decisions/009-install-facts.md)',
        ),
        502: error(
          'Billing refused the order for a reason of ours (configuration); nothing was placed',
        ),
        503: error(
          'Billing or scheduling is unavailable and nothing was placed, or the order is still in progress for this key',
        ),
      },
      handler: async (request, reply) => {
        const header = request.headers['idempotency-key'];
        let key: string | undefined;
        if (header !== undefined) {
          const parsed = idempotencyKey.safeParse(header);
          if (!parsed.success)
            throw new HttpError(
              400,
              'invalid_idempotency_key',
              'The Idempotency-Key header must be 8 to 255 letters, digits or -_.:',
            );
          key = parsed.data;
        }
        const outcome = await install(deps, request.body, key, request.ip);
        if (!outcome.ok) throw outcome.refusal;
        return reply.status(outcome.value.status).send(outcome.value.body);
      },
    }),
  ]);
}
