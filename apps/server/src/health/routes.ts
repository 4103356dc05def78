import type { FastifyInstance } from 'fastify';
import { aliveAnswer, errorAnswer, readyAnswer } from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import { pingDatabase } from './repository.ts';
import { defineRoute, registerDefined } from '../http/define.ts';
import { productVersion } from '../version.ts';

/** Never rate-limited: a load balancer or a limited client asking must get the truth. */
export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDefined(app, [
    defineRoute({
      method: 'GET',
      url: '/healthz',
      operationId: 'alive',
      summary: "The server is alive, and the product's version",
      tags: ['health'],
      security: 'public',
      unlimited: true,
      responses: { 200: { description: 'Alive', schema: aliveAnswer } },
      handler: async () => ({ status: 'ok' as const, version: productVersion }),
    }),
    defineRoute({
      method: 'GET',
      url: '/readyz',
      operationId: 'ready',
      summary: 'The server is ready: its database is reachable',
      tags: ['health'],
      security: 'public',
      unlimited: true,
      responses: {
        200: { description: 'Ready', schema: readyAnswer },
        503: { description: 'not_ready: the database is unreachable', schema: errorAnswer },
      },
      handler: async (_request, reply) => {
        try {
          await pingDatabase(ctx.database.db);
          return { status: 'ready' as const };
        } catch {
          return reply.status(503).send({ error: 'not_ready', message: 'Database unreachable' });
        }
      },
    }),
  ]);
}
