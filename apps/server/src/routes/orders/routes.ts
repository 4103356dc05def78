import type { FastifyInstance } from 'fastify';
import { installBodySchema } from '@fibre/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { billingFor, schedulerFor } from '../../adapters/choose.ts';
import { HttpError, refusalAnswer } from '../../errors.ts';
import type { RouteDoc } from '../../openapi.ts';
import { install } from '../../orders/install.ts';
import { checkProvider } from '../provider.ts';

export const orderDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/v1/{provider}/install',
    summary:
      'Places the order: consumes the hold, books the installation and starts billing in one unit of work. ' +
      'Send an Idempotency-Key header: a retry with the same key and body returns the first answer.',
    tag: 'orders',
    body: installBodySchema,
    responses: {
      201: '{success: true, order_id}',
      400: 'Bad input, with a message per field',
      402: 'Card declined at billing',
      409: 'The booking is expired: book a new time',
      422: 'The order does not match the catalogue, the building or the reservation (fields names each), the card token already paid for an order, or the key was used for another body (docs/decisions/009-install-facts.md)',
      502: 'Billing refused the order for a reason of ours (configuration); nothing was placed',
      503: 'Billing or scheduling is unavailable and nothing was placed, or the order is still in progress for this key',
    },
  },
];

const idempotencyKey = z
  .string()
  .trim()
  .min(8)
  .max(255)
  .regex(/^[\w.:-]+$/);

export function orderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = {
    ctx,
    billing: billingFor(ctx),
    calendar: schedulerFor(ctx).calendar,
    log: app.log,
    reporter: ctx.reporter,
  };
  app.post('/api/v1/:provider/install', async (request, reply) => {
    checkProvider(ctx, request);
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
    const outcome = await install(deps, request.body, key);
    if (!outcome.ok) throw refusalAnswer(outcome.refusal);
    return reply.status(outcome.value.status).send(outcome.value.body);
  });
}
