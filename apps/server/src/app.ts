import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { AppContext } from './context.ts';
import { errorReporterFor, type ErrorReporter } from './adapters/error-reporting.ts';
import { halfConfigured } from './services.ts';
import { HttpError } from './errors.ts';
import { inputGuard } from './input-guard.ts';
import { registerRateLimits, trustProxyOption } from './plugins/rate-limits.ts';
import { registerRoutes } from './routes/index.ts';
import { contentSecurityPolicy } from './security.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  now?: () => Date;
  newId?: () => string;
  /** Where the built wizard is; defaults to apps/web/dist. */
  webDist?: string;
  /** Fastify logger settings; tests pass false. */
  logger?: boolean | object;
  /** Where 5xx errors are reported; server.ts passes the one that also watches the process. */
  errorReporter?: ErrorReporter;
}

/** Builds the app without listening: tests inject requests, server.ts listens. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const ctx: AppContext = {
    config,
    database: options.database,
    now: options.now ?? (() => new Date()),
    newId: options.newId ?? randomUUID,
    reporter: options.errorReporter ?? errorReporterFor(config, { captureProcess: false }),
  };
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: 64 * 1024,
    // Off unless TRUST_PROXY names the proxies: a client must not choose its own address.
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
  });

  for (const note of halfConfigured(config)) app.log.warn(note);

  // The API speaks JSON only: other bodies are refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain');

  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await registerRateLimits(app, config);
  // The wizard's files go out compressed to browsers that ask: sent as built, a phone on slow 4G
  // got the address step's largest paint 1.35 s later (Lighthouse, bench/README.md). API answers
  // (JSON) and request bodies are left as they were.
  await app.register(compress, {
    globalDecompression: false,
    threshold: 1024,
    customTypes: /^(text\/(html|css|javascript)|application\/javascript|image\/svg\+xml)\b/,
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof HttpError && error.status >= 500) {
      request.log.error({ err: error }, error.message);
      ctx.reporter.report(error, {
        request_id: request.id,
        route_pattern: request.routeOptions.url,
      });
    }
    if (error instanceof HttpError) {
      return reply.status(error.status).send({
        error: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...error.extra,
      });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const code = (error as { code?: string }).code ?? 'bad_request';
      const message =
        status === 413
          ? 'Request body is too large'
          : status === 429
            ? 'Too many requests'
            : 'Bad request';
      return reply.status(status).send({
        error:
          code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'unsupported_media_type'
            : status === 429
              ? 'rate_limited'
              : 'bad_request',
        message,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    ctx.reporter.report(error, { request_id: request.id, route_pattern: request.routeOptions.url });
    return reply
      .status(500)
      .send({ error: 'internal', message: 'Something went wrong on our side' });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // The wizard is one page: a page request anywhere outside the API gets it.
    const wantsPage =
      request.method === 'GET' && !/^\/(api|portal)\//.test(path) && !/\.\w+$/.test(path);
    if (wantsPage && reply.sendWizardPage) return reply.sendWizardPage();
    return reply
      .status(404)
      .send({ error: 'not_found', message: `No route for ${request.method} ${path}` });
  });

  inputGuard(app);
  await registerRoutes(app, ctx, options.webDist);
  return app;
}
