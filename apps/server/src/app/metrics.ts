import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { Refusal } from '../http/errors.ts';
import { databaseGauges } from './database-gauges.ts';
import type { Metrics } from '../metrics/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (metrics/metrics.ts); server.ts serves them on METRICS_PORT. */
    metrics: Metrics;
  }
}

/**
 * Puts the app's metrics (ctx.metrics) to work: every answer timed by its route pattern, the
 * database gauges, and `/metrics` kept off the public port (README, Metrics).
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const { metrics } = ctx;
  app.decorate('metrics', metrics);
  databaseGauges(ctx, app.log);

  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the URL: a label per building code or reservation id would be unbounded.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.requestDuration.observe(labels, reply.elapsedTime / 1000);
  });

  // A page request anywhere outside the API gets the wizard (http/error-handler.ts); /metrics does not,
  // so nobody takes the public port for the metrics listener.
  app.get('/metrics', async () => {
    throw new Refusal('not_found', 'not_found', 'No such route');
  });
}
