import {
  EVENT_TYPES,
  errorAnswer,
  webhookEventBody,
  webhookEventSummaries,
} from '@fibre/domain/api';
import { z } from 'zod';
import { allResponses, type AnyRoute, type AnySchema, type Tag } from '../http/define.ts';

/*
 * The OpenAPI 3.1 document served at /api/docs, generated from the route definitions
 * (http/define.ts, docs/decisions/013-one-schema-per-message.md): paths, parameters, bodies and
 * every answer's schema come from the schemas the server checks and the wizard parses with.
 */

const tagDescriptions: Record<Tag, string> = {
  wizard: "The wizard's white-label settings",
  addresses: 'Address autocomplete and the building at an address',
  buildings: "The billing portal's buildings (master and slave)",
  catalogue: "The provider's plans and routers",
  offers: 'Campaigns, coupons and referral codes',
  leads: 'Leads for addresses not served yet',
  scheduling: 'The installation calendar and holds',
  orders: 'Placing the order',
  payments: 'The test-mode card vault',
  health: 'Liveness and readiness, and this document',
  admin: "The operator console's API: sign-in and the accounts (docs/rules/operators.md)",
  webhooks: "Events sent to the provider's systems (docs/rules/webhooks.md)",
};

type JsonSchema = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/Error' };

function jsonSchema(schema: AnySchema, io: 'input' | 'output', ref = true): JsonSchema {
  if (ref && schema === errorAnswer) return ERROR_REF;
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** The fields of an object schema, each with whether it may be left out. */
function fieldsOf(schema: AnySchema | undefined): Array<[string, AnySchema, boolean]> {
  const shape = (schema?._zod.def as { shape?: Record<string, AnySchema> } | undefined)?.shape;
  return Object.entries(shape ?? {}).map(([name, field]) => [
    name,
    field,
    field._zod.optin === 'optional',
  ]);
}

/** `/api/v1/:provider/coupon/:code` as OpenAPI writes it: `/api/v1/{provider}/coupon/{code}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * A console route's security: the session, or an API key with the scope the route's guard asks of
 * it (a read `orders:read`, a change `orders:act`, or its own); the session only where no key may
 * call (docs/rules/operators.md#api-keys). OpenAPI 3.1 lets a bearer's requirement name roles.
 */
function operatorSecurity(route: AnyRoute) {
  const key = route.guard?.key;
  if (key === 'session') return [{ operatorSession: [] }];
  return [
    { operatorSession: [] },
    { bearerAuth: [key ?? (route.method === 'GET' ? 'orders:read' : 'orders:act')] },
  ];
}

function operation(route: AnyRoute) {
  const pathNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramSchemas = new Map(fieldsOf(route.params).map(([name, s]) => [name, s]));
  const parameters = [
    ...pathNames.map((name) => {
      const s = paramSchemas.get(name);
      return {
        name,
        in: 'path',
        required: true,
        schema: s ? jsonSchema(s, 'input') : { type: 'string' },
      };
    }),
    ...fieldsOf(route.query).map(([name, s, optional]) => ({
      name,
      in: 'query',
      required: !optional,
      schema: jsonSchema(s, 'input'),
    })),
    ...Object.entries(route.headers ?? {}).map(([name, h]) => ({
      name,
      in: 'header',
      required: h.required ?? false,
      description: h.description,
      schema: jsonSchema(h.schema, 'input'),
    })),
  ];
  const responses = Object.fromEntries(
    Object.entries(allResponses(route)).map(([status, answer]) => [
      status,
      {
        description: answer.description,
        ...(answer.schema
          ? {
              content: {
                'application/json': { schema: jsonSchema(answer.schema, 'output') },
                ...(answer.html ? { 'text/html': { schema: { type: 'string' } } } : {}),
              },
            }
          : answer.text
            ? { content: { [answer.text]: { schema: { type: 'string' } } } }
            : {}),
      },
    ]),
  );
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: route.tags,
    security:
      route.security === 'public'
        ? []
        : route.security === 'operatorSession'
          ? operatorSecurity(route)
          : [{}, { holdSession: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/**
 * The `webhooks` section (docs/rules/webhooks.md): one POST per event type, as the provider's
 * receiver gets it, with the Standard Webhooks headers and the versioned body.
 */
function webhooks() {
  const header = (name: string, description: string) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  });
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: webhookEventSummaries[type],
          description:
            "Sent to every endpoint that takes this type, signed as the Standard Webhooks specification says: verify with its `standardwebhooks` library and the endpoint's `whsec_` secret. Answer 2xx within 10 s; anything else is retried. `data.sequence` orders one order's (or lead's) events.",
          tags: ['webhooks'],
          security: [],
          parameters: [
            header('webhook-id', "The event's id: the same on every attempt; dedupe by it"),
            header(
              'webhook-timestamp',
              "The attempt's time, Unix seconds; refuse one over 5 minutes off",
            ),
            header(
              'webhook-signature',
              "'v1,' and the base64 HMAC-SHA256 of '<id>.<timestamp>.<body>'",
            ),
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: jsonSchema(webhookEventBody(type), 'output') },
            },
          },
          responses: {
            '200': { description: 'Received (any 2xx): not sent again' },
            '400': { description: 'Refused (a bad signature): sent again later, up to 12 times' },
          },
        },
      },
    ]),
  );
}

export function openApiDocument(
  routes: readonly AnyRoute[],
  info: { title: string; version: string; description?: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  const used = new Set(routes.flatMap((r) => r.tags));
  return {
    openapi: '3.1.0',
    info,
    // Same origin: the wizard and any client call the server that serves this document.
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: (Object.keys(tagDescriptions) as Tag[])
      .filter((tag) => used.has(tag) || tag === 'webhooks')
      .map((name) => ({ name, description: tagDescriptions[name] })),
    paths,
    webhooks: webhooks(),
    components: {
      schemas: { Error: jsonSchema(errorAnswer, 'output', false) },
      securitySchemes: {
        operatorSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'fibre_operator',
          description:
            "A signed-in operator's session (POST /admin/api/session sets it): HttpOnly, SameSite=Strict, Path=/admin, ending after 8 hours unused or 24 hours in all. Every change also sends the session's csrfToken in X-CSRF-Token (docs/rules/operators.md).",
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            "An API key (`Authorization: Bearer fk_…`), made by a manager in the console or with `npm run operator -- key create NAME --role viewer|manager [--scopes orders:act,webhooks:manage]`, with that role and its scopes, each operation listing the scope it needs: `orders:read` (every key: reads orders, leads and the rest of the console), `orders:act` (a manager key: acts on orders and leads), `webhooks:manage` (a manager key: adds, disables, enables webhook endpoints and resends deliveries). A key without the scope answers 403 forbidden. Minting an order page's link, unlocking an operator and managing keys take a person's session; no key may. Revoking a key disables the webhook endpoints it added. No CSRF token; the session cookie must not be sent with it (400 bearer_with_cookie). An unknown or revoked key answers 401 at once on every instance. Each key has its own rate limit, API_KEY_REQUESTS_PER_MINUTE (docs/rules/operators.md#api-keys).",
        },
        holdSession: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Hold-Session',
          description:
            "The wizard's hold session: a random id of 16 to 64 letters, digits, - or _ it keeps for the tab. A hold taken with one is released only with the same one; a client without one is bounded by HOLDS_PER_CLIENT alone (docs/decisions/010-limits.md).",
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
