import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * X-Request-Id (docs/deploy.md, "Tracing"): a proxy's or a caller's id is kept when it is a plain
 * token, so one id follows a request through the proxy's log, ours and the answer. Anything else
 * (too long, a newline that would forge a log line, spaces) is replaced by a fresh UUID.
 */

export const requestIdHeader = 'x-request-id';

const validId = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the incoming X-Request-Id when it is valid, else a fresh UUID. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }) {
  const given = request.headers[requestIdHeader];
  return typeof given === 'string' && validId.test(given) ? given : randomUUID();
}

/** Sets X-Request-Id on an answer; frameworkErrors (http/error-handler.ts) calls it too. */
export function echoRequestId(request: FastifyRequest, reply: FastifyReply): void {
  reply.header(requestIdHeader, request.id);
}

/**
 * Every answer names its request: set as the request arrives, before the limits, the routes, the
 * 404 handler or the error handler answer it.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    echoRequestId(request, reply);
    done();
  });
}
