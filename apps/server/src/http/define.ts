import { gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { errorAnswer, type ApiKeyScope } from '@fibre/domain/api';
import type { z } from 'zod';
import { safeParse, type core } from 'zod/mini';
import { parse } from './validate.ts';

/*
 * One route, defined once (docs/rules/api.md, docs/decisions/013-one-schema-per-message.md): its
 * path, its input schemas, each answer it gives with that answer's schema, its security, and its
 * handler. The definition registers the route, checks the input before the handler runs (a 400
 * `invalid_input` naming each field, as parse() gives it), types the handler's answers by their
 * schemas, and is what the OpenAPI document at /api/docs is generated from (openapi.ts).
 */

/** Any schema: the requests' are zod, the answers' zod/mini; both are zod's core schemas. */
export type AnySchema = core.$ZodType;

export interface AnswerDoc {
  description: string;
  /** The body's schema; none for an answer without a body (204). */
  schema?: AnySchema;
  /** The answer may also be an HTML page (text/html) for a browser that asks for one. */
  html?: boolean;
  /** The body is text of this media type instead of JSON (a CSV export: `text/csv`). */
  text?: string;
}

/**
 * Who may call: anyone (`public`), or anyone, with the hold's session when they have one
 * (`holdSession`: X-Hold-Session, docs/decisions/010-limits.md), or a signed-in operator
 * (`operatorSession`: the session cookie, and X-CSRF-Token on a change, or an API key as a bearer;
 * docs/rules/operators.md), checked by the route's `guard`.
 */
export type Security = 'public' | 'holdSession' | 'operatorSession';

/**
 * Runs before the input is checked: refuses the request by throwing (an operator route's
 * requireOperator, operators/guard.ts). `role` is the role it asks for, undefined when that
 * follows the method (a read any operator, a change a manager), so tests can walk every route.
 */
export interface RouteGuard {
  (request: FastifyRequest): Promise<void>;
  role: 'viewer' | 'manager' | undefined;
  /**
   * What an API key needs besides its role (docs/rules/operators.md#api-keys): a scope, or
   * `session` when no key may call; undefined when that follows the method (a read
   * `orders:read`, a change `orders:act`).
   */
  key: ApiKeyScope | 'session' | undefined;
}

export type Tag =
  | 'wizard'
  | 'addresses'
  | 'buildings'
  | 'catalogue'
  | 'offers'
  | 'leads'
  | 'scheduling'
  | 'orders'
  | 'payments'
  | 'health'
  | 'admin'
  | 'webhooks';

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;
type In<S> = S extends core.$ZodType ? core.input<S> : undefined;

/** The answers a handler may send, by status: each typed by its schema. */
export type Replies<R extends Record<number, AnswerDoc>> = {
  [K in keyof R]: R[K] extends { schema: infer S }
    ? In<S>
    : R[K] extends { text: string }
      ? string
      : undefined;
};

interface RouteGeneric<P, Q, B, R extends Record<number, AnswerDoc>> {
  Params: Out<P>;
  Querystring: Out<Q>;
  Body: Out<B>;
  Reply: Replies<R>;
}

type SuccessBody<R extends Record<number, AnswerDoc>> = {
  [K in keyof R]: K extends 200 | 201 | 202
    ? R[K] extends { schema: infer S }
      ? In<S>
      : never
    : never;
}[keyof R];

/** A route's own parts: all of its definition but who may call and its tags (below). */
export interface RouteParts<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends Record<number, AnswerDoc> = Record<number, AnswerDoc>,
> {
  method: 'GET' | 'POST' | 'DELETE';
  /** Fastify's form: `/api/v1/:provider/coupon/:code`. */
  url: string;
  operationId: string;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Request headers the route reads, each a schema (documented; the handler reads them). */
  headers?: Record<string, { schema: AnySchema; description: string; required?: boolean }>;
  /**
   * Input the handler checks itself, with a rule the schema cannot hold (the bookings range
   * against the clock, the install's contact rules beside its shape, the vault's 422): documented
   * from the schema, not checked before the handler.
   */
  checkedByHandler?: Array<'query' | 'body'>;
  /** The body checked when none was sent (the reservation's: each missing field named). */
  emptyBodyAs?: object;
  /** Runs after the path parameters are checked, before the query and body: the provider pin. */
  before?: (request: FastifyRequest) => void;
  /** Not rate-limited (health checks: a load balancer must get the truth). */
  unlimited?: boolean;
  /** The largest body the route takes, in bytes, when smaller than the app's (app.ts): 413 above. */
  bodyLimit?: number;
  /**
   * Path parameters whose values the log may show (logging.ts): only those that name no person
   * and open nothing, such as the provider's code or a state. Every other one is logged as its
   * name, `[token]` (docs/decisions/008-server-input.md).
   */
  loggedParams?: readonly string[];
  /** The answers the route itself gives; the ones every route may give are added (below). */
  responses: R;
  handler: (
    request: FastifyRequest<RouteGeneric<P, Q, B, R>>,
    reply: FastifyReply<RouteGeneric<P, Q, B, R>>,
  ) => Promise<SuccessBody<R> | FastifyReply<RouteGeneric<P, Q, B, R>> | undefined>;
}

/**
 * A route's definition: its parts, its tags and who may call. A console route is defined by
 * defineAdminRoute (operators/admin-route.ts), which adds the console's tag, security and guard.
 */
export interface RouteDefinition<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends Record<number, AnswerDoc> = Record<number, AnswerDoc>,
> extends RouteParts<P, Q, B, R> {
  tags: [Tag, ...Tag[]];
  security: Security;
  /** Required with `operatorSession`: who may call (operators/guard.ts). */
  guard?: RouteGuard;
}

/** The same route as any other: what registration and the document read. */
export type AnyRoute = RouteDefinition<
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  Record<number, AnswerDoc>
>;

/** Builds a definition, inferring its types from its schemas. */
export function defineRoute<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends Record<number, AnswerDoc> = Record<number, AnswerDoc>,
>(definition: RouteDefinition<P, Q, B, R>): AnyRoute {
  return definition as unknown as AnyRoute;
}

const error = (description: string): AnswerDoc => ({ description, schema: errorAnswer });

const databaseUnavailable =
  'database_unavailable: the database cannot be reached (a restart or a failover); Retry-After says when to ask again';

/**
 * The answers any route may give besides its own (docs/rules/api.md#errors): bad input (control
 * characters are refused on every route, before the route's own schema), an over-long path part,
 * a body too large or not JSON, a request over the rate limit, our own failure, and the database
 * out of reach.
 */
export function allResponses(route: AnyRoute): Record<number, AnswerDoc> {
  const answers: Record<number, AnswerDoc> = {
    400: error(
      route.security === 'operatorSession'
        ? 'Bad input: `invalid_input` with `fields`, a malformed request (`bad_request`), or an API key sent with the session cookie (`bearer_with_cookie`)'
        : 'Bad input: `invalid_input` with `fields`, or a malformed request (`bad_request`)',
    ),
  };
  const hasBody = route.method !== 'GET';
  const hasParams = route.url.includes(':');
  if (route.security === 'operatorSession') {
    answers[401] = error(
      'unauthorised: no signed-in operator (the session cookie is missing or ended), or the API key is unknown or revoked',
    );
    answers[403] = error(
      "forbidden: a change without the session's X-CSRF-Token, a viewer (or viewer key) asking for a manager's change, an API key without the scope the operation names, or an API key where only a signed-in person may act (docs/rules/operators.md#api-keys)",
    );
  }
  if (hasParams) answers[414] = error('A part of the URL is too long');
  if (hasBody) {
    answers[413] = error('The body is too large');
    answers[415] = error('The body is not JSON (Content-Type: application/json)');
  }
  if (!route.unlimited) {
    answers[429] = error(
      'rate_limited: too many requests; Retry-After says when to ask again (docs/decisions/010-limits.md)',
    );
  }
  answers[500] = error('Something went wrong on our side; the answer carries no internals');
  // docs/deploy.md, "When the database restarts": beside a route's own 503, if it has one.
  const own = route.responses[503];
  const unavailable = own
    ? { ...own, description: `${own.description}; or ${databaseUnavailable}` }
    : error(databaseUnavailable);
  return { ...answers, ...route.responses, 503: unavailable };
}

/** An answer that does not match its route's definition, seen by the answer check. */
export interface AnswerViolation {
  app: FastifyInstance;
  route: string;
  status: number;
  problem: string;
}

let answerCheck: ((violation: AnswerViolation) => void) | undefined;

/**
 * Tests: every route defined from now on checks each answer it sends against its definition (the
 * status must be documented, the body must parse with that status's schema), reports a mismatch
 * to `report`, and answers 500 in its place, so the test that caused it fails.
 */
export function checkAnswers(report: ((violation: AnswerViolation) => void) | undefined): void {
  answerCheck = report;
}

function answerProblem(
  responses: Record<number, AnswerDoc>,
  status: number,
  contentType: string,
  payload: unknown,
  gzipped: boolean,
): string | undefined {
  const doc = responses[status];
  if (!doc) return `status ${status} is not documented`;
  if (doc.text) {
    return contentType.startsWith(doc.text) ? undefined : `the answer is not ${doc.text}`;
  }
  // A prepared answer goes out gzipped to clients that accept it (http/prepared.ts).
  const bytes = Buffer.isBuffer(payload) && gzipped ? gunzipSync(payload) : payload;
  const text = typeof bytes === 'string' ? bytes : Buffer.isBuffer(bytes) ? `${bytes}` : '';
  if (!doc.schema) return text === '' ? undefined : `status ${status} documents no body`;
  if (doc.html && contentType.startsWith('text/html')) return undefined;
  if (!contentType.startsWith('application/json')) return `the answer is not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'the answer is not valid JSON';
  }
  const parsed = safeParse(doc.schema, body);
  return parsed.success
    ? undefined
    : parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}

/** Registers each route on the app; the document reads them back with routesOf(). */
export function registerDefined(app: FastifyInstance, routes: AnyRoute[]): void {
  const list = defined.get(app) ?? [];
  defined.set(app, list);
  for (const route of routes) {
    if ((route.security === 'operatorSession') !== (route.guard !== undefined)) {
      throw new Error(`${route.method} ${route.url}: an operator route, and only one, has a guard`);
    }
    list.push(route);
    const responses = allResponses(route);
    const report = answerCheck;
    const options: RouteOptions = {
      method: route.method,
      url: route.url,
      config: {
        ...(route.unlimited ? { rateLimit: false } : {}),
        ...(route.loggedParams ? { loggedParams: route.loggedParams } : {}),
      },
      ...(route.guard ? { preHandler: route.guard } : {}),
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (request, reply) => {
        if (route.params) request.params = parse(route.params, request.params);
        route.before?.(request);
        const handled = new Set(route.checkedByHandler);
        if (route.query && !handled.has('query'))
          request.query = parse(route.query, request.query ?? {});
        if (route.body && !handled.has('body'))
          request.body = parse(route.body, request.body ?? route.emptyBodyAs);
        return (route.handler as (r: FastifyRequest, s: FastifyReply) => Promise<unknown>)(
          request,
          reply,
        );
      },
      ...(report
        ? {
            onSend: async (request, reply, payload) => {
              const contentType = String(reply.getHeader('content-type') ?? '');
              const gzipped = reply.getHeader('content-encoding') === 'gzip';
              const problem = answerProblem(
                responses,
                reply.statusCode,
                contentType,
                payload,
                gzipped,
              );
              if (!problem) return payload;
              const name = `${route.method} ${route.url}`;
              report({ app: request.server, route: name, status: reply.statusCode, problem });
              reply.status(500);
              return JSON.stringify({
                error: 'undocumented_answer',
                message: `${name} answered ${reply.statusCode} against its definition: ${problem}`,
              });
            },
          }
        : {}),
    };
    app.route(options);
  }
}

const defined = new WeakMap<FastifyInstance, AnyRoute[]>();

/** The routes defined on the app, in the order they were registered. */
export const routesOf = (app: FastifyInstance): readonly AnyRoute[] => defined.get(app) ?? [];
