import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorReporter } from './error-reporting.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { HttpError, Refusal, refusalAnswer } from './errors.ts';
import { safeError } from './logging.ts';
import { echoRequestId } from './request-id.ts';

/*
 * One place maps every error to the product's `{error, message, fields?}` answer
 * (docs/rules/api.md, docs/decisions/008-server-input.md): bad input is a 4xx, and no answer echoes
 * the URL or the body back.
 */

interface Answer {
  status: number;
  error: string;
  message: string;
}

/**
 * Fastify's own 4xx errors, by code: the router's and the body parser's. The codes stay the ones
 * the API has always answered (bad_request, unsupported_media_type); the messages say what to mend.
 */
const frameworkAnswers: Readonly<Record<string, Answer>> = {
  FST_ERR_BAD_URL: { status: 400, error: 'bad_request', message: 'The URL is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    error: 'bad_request',
    message: 'A part of the URL is too long',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    error: 'unsupported_media_type',
    message: 'The body must be JSON (Content-Type: application/json)',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    error: 'bad_request',
    message: 'The body is empty; send a JSON value',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    error: 'bad_request',
    message: 'The body is not valid JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    error: 'bad_request',
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    error: 'bad_request',
    message: 'The Content-Length does not match the body',
  },
};

/** A 4xx error raised by Fastify or a plugin, in the product's words. */
function clientAnswer(error: FastifyError, status: number): Answer {
  const known = error.code ? frameworkAnswers[error.code] : undefined;
  if (known) return known;
  // The JSON parser's own SyntaxError, and its refusal of __proto__ / constructor keys.
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return { status: 400, error: 'bad_request', message: 'The body is not valid JSON' };
  if (status === 429) return { status, error: 'rate_limited', message: 'Too many requests' };
  if (status === 413) return { status, error: 'bad_request', message: 'Request body is too large' };
  if (status === 415)
    return { status, error: 'unsupported_media_type', message: 'The body must be JSON' };
  return { status, error: 'bad_request', message: 'Bad request' };
}

/**
 * A lost or refused database connection (docs/deploy.md, "When the database restarts"): 503 with
 * Retry-After, as the product's error. The transaction it was in rolled back, and a retry with the
 * same Idempotency-Key is safe (docs/rules/orders.md).
 */
export const databaseUnavailableAnswer: Answer = {
  status: 503,
  error: 'database_unavailable',
  message: 'The service is briefly unavailable: please try again in a moment',
};
/** Seconds before a client asks again: a restart or a failover takes some. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const send = (reply: FastifyReply, answer: Answer) =>
  reply.status(answer.status).send({ error: answer.error, message: answer.message });

/**
 * Errors Fastify meets before a route is found (a malformed URL, an over-long path parameter):
 * without this option it answers them itself, in its own shape and echoing the URL.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // Answered before the onRequest hooks run: the id is set here (http/request-id.ts).
  echoRequestId(request, reply);
  void send(reply, clientAnswer(error, error.statusCode ?? 400));
}

/** The app's error and not-found handlers. */
export function errorHandlers(app: FastifyInstance, reporter: ErrorReporter): void {
  const failed = (error: unknown, request: FastifyRequest, message: string) => {
    // The error as logged and reported names what failed, never the data (logging.ts).
    request.log.error({ err: error }, message);
    reporter.report(error instanceof Error ? errorForReport(error) : error, {
      request_id: request.id,
      route_pattern: request.routeOptions.url,
    });
  };

  app.setErrorHandler((thrown: unknown, request, reply) => {
    // A refusal thrown by a service, a repository, an adapter or a hook is answered as a route
    // would answer it (errors.ts): only routes and this handler know HTTP statuses.
    const error = thrown instanceof Refusal ? refusalAnswer(thrown) : thrown;
    if (error instanceof HttpError) {
      if (error.status >= 500) failed(error, request, error.message);
      return reply.status(error.status).send({
        error: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...error.extra,
      });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return send(reply, clientAnswer(error as FastifyError, status));
    }
    if (isDatabaseUnavailable(error)) {
      // Expected while the database restarts: said once per request, not reported as a fault.
      request.log.warn({ err: error }, 'database unavailable');
      void reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return send(reply, databaseUnavailableAnswer);
    }
    failed(error, request, 'unhandled error');
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
    // The path is not echoed: an answer repeats nothing the request sent.
    return reply.status(404).send({ error: 'not_found', message: 'No such route' });
  });
}

/** A copy of the error that holds only its safe fields, for the error reporter (Rollbar). */
function errorForReport(error: Error): Error {
  const safe = safeError(error);
  const copy = new Error(safe.message);
  copy.name = safe.type;
  copy.stack = safe.stack;
  return copy;
}
