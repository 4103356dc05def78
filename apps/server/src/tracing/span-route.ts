import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { loggedPath, type RouteWords } from '../http/logging.ts';

/*
 * A request's server span is made by the `http` instrumentation before Fastify routes it, so it
 * knows only the method and the raw path. A path may hold a secret or name a person (an order
 * page's token, a code, an email: docs/decisions/008-server-input.md), so the span keeps what the
 * log keeps (http/logging.ts): the route's pattern, with only the parameters declared safe filled
 * in (tracing/start.ts holds the raw path back until then, and the query string always).
 */

/** The span's name and `http.route` from the matched route; `url.path` as the log writes it. */
export function traceRoutes(app: FastifyInstance, words: RouteWords): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const span = trace.getActiveSpan();
    if (span) {
      span.setAttribute('url.path', loggedPath(request, words));
      const route = request.routeOptions.url;
      if (route !== undefined) {
        span.setAttribute('http.route', route);
        span.updateName(`${request.method} ${route}`);
      }
    }
    done();
  });
}
