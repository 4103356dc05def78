import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { pingDatabase } from '../../repositories/readiness.ts';

/** Never rate-limited: a load balancer or a limited client asking must get the truth. */
const unlimited = { config: { rateLimit: false } } as const;

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', unlimited, async () => ({ status: 'ok' }));
  app.get('/readyz', unlimited, async (_request, reply) => {
    try {
      await pingDatabase(ctx.database.db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ error: 'not_ready', message: 'Database unreachable' });
    }
  });
}
