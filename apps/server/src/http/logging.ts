import { isSpanContextValid, trace } from '@opentelemetry/api';
import type { Config } from '../config.ts';

/*
 * Logs carry no personal data (docs/decisions/008-server-input.md). A database error holds the
 * statement and its parameters (PGlite adds `query` and `params`; PostgreSQL's `detail` repeats
 * the row's values, as in 'Key (email)=(jane@example.com) already exists'), and a request's query
 * string holds what the visitor typed. Errors are therefore logged field by field from a list of
 * fields that name what failed, never what was in it.
 */

/** Fields of an error that say what failed: the SQLSTATE, the constraint, the table... */
const safeFields = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
] as const;

// SQLSTATE class 22 (data exceptions) quotes the refused value: 'invalid input syntax for type
// uuid: "jane@example.com"'.
const quotedValue = /: ".*"$/s;

function safeMessage(error: Error & { code?: unknown }): string {
  const dataException = typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);
  return dataException ? error.message.replace(quotedValue, ': [redacted]') : error.message;
}

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  cause?: SafeError;
  [field: string]: unknown;
}

/** An error as it may be logged or reported: what failed and where, none of the data. */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    const message = 'A non-error was thrown';
    return { type: typeof error, message, stack: message };
  }
  const message = safeMessage(error);
  const type = error.constructor?.name ?? error.name;
  const safe: SafeError = { type, message, stack: `${type}: ${message}` };
  for (const field of safeFields) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') safe[field] = value;
  }
  // The stack's first lines repeat the message; the frames after them hold no data.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [safe.stack, ...frames].join('\n');
  if (error.cause !== undefined && depth < 3) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}

/*
 * A request is logged by its route, not its path (docs/decisions/008-server-input.md): the
 * path's values are what a visitor or client sent, and some of them are secrets or name a person
 * (an order page's token, a coupon or referral code, an operator's email, a reservation id that
 * releases its hold). A matched route is logged as its pattern with each parameter in brackets,
 * `/order/[token]`, but for the parameters its route declares safe to log (`loggedParams`: the
 * provider's code, a state, a building's code), whose values are kept when they are plain words.
 * A path no route matched keeps only the segments that are words of the app's own routes (`api`,
 * `v1`, `orders`...), each other segment `[...]`: such a path may still carry a token.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Path parameters the log may show: they name no person and open nothing (logging.ts). */
    loggedParams?: readonly string[];
  }
}

/** The literal segments of every route an app registers: words of its code, never input. */
export interface RouteWords {
  has(segment: string): boolean;
  /** An onRoute hook: learns the route's literal segments. */
  learn(route: { url: string }): void;
}

export function routeWords(): RouteWords {
  const words = new Set<string>();
  return {
    has: (segment) => words.has(segment),
    learn(route) {
      for (const segment of route.url.split('/'))
        if (segment !== '' && !segment.includes(':') && !segment.includes('*')) words.add(segment);
    },
  };
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  params?: unknown;
  routeOptions?: { url?: string; config?: { loggedParams?: readonly string[] } };
}

/** A parameter's value that may be shown: a plain word, as a code or a state is. */
const plainWord = /^[\w.-]{1,64}$/;

/** The path as logged: the route's pattern with only its declared-safe values filled in. */
export function loggedPath(request: LoggedRequest, words: RouteWords): string {
  const route = request.routeOptions;
  const pattern = route?.url;
  if (pattern === undefined) {
    const path = request.url.split('?')[0] ?? '/';
    return path
      .split('/')
      .map((segment) => (segment === '' || words.has(segment) ? segment : '[...]'))
      .join('/');
  }
  const shown = new Set(route?.config?.loggedParams ?? []);
  const params = (request.params ?? {}) as Record<string, unknown>;
  return pattern.replace(/:(\w+)|\*/g, (_whole, name: string | undefined) => {
    const key = name ?? '*';
    const value = params[key];
    return shown.has(key) && typeof value === 'string' && plainWord.test(value)
      ? value
      : `[${key}]`;
  });
}

/**
 * With tracing on (docs/deploy.md, "Tracing"), each line logged while a span is active (a
 * request's) names its trace and span, so a trace leads to its log lines and back.
 */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan()?.spanContext();
  return span && isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : {};
}

/** Fastify's logger settings: the level, redacted headers, and serializers that keep data out. */
export function loggerOptions(config: Config, words: RouteWords = routeWords()) {
  return {
    level: config.logLevel,
    ...(config.tracing ? { mixin: traceFields } : {}),
    // A bank account for direct debit passes through the install (docs/rules/contact-and-connection.md#direct-debit):
    // bodies are not logged, and should one ever be, or the facts read from it, it shows censored.
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.body.charge_bee.bank_account',
      'body.charge_bee.bank_account',
      'charge_bee.bank_account',
      'bank_account',
      'bankAccount',
      '*.bankAccount',
    ],
    serializers: {
      err: safeError,
      error: safeError,
      // The route, not the path; never the query string (what the visitor typed: an address).
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: loggedPath(request, words),
        host: request.host,
      }),
    },
  };
}
