import { randomBytes } from 'node:crypto';
import {
  createWebhookEndpointBody,
  errorAnswer,
  webhookEndpoint,
  webhookEndpointCreatedAnswer,
  webhookEndpointParams,
  webhookEndpointsAnswer,
  type WebhookEndpoint,
} from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import type { OperatorRole } from '../db/tables/operators.ts';
import { inTransaction } from '../db/transactions.ts';
import { notFound, Refusal } from '../http/errors.ts';
import type { AnyRoute } from '../http/define.ts';
import { defineAdminRoute, operatorOf, recordAudit } from '../operators/index.ts';
import { CONFIGURED_ENDPOINT, configuredEndpoint } from './events.ts';
import {
  disableEndpoint,
  enableEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  type EndpointRow,
} from './repository.ts';
import { sealSecret } from './secret-box.ts';
import { SECRET_PREFIX } from './signing.ts';
import { checkTarget, TargetRefused } from './targets.ts';
import { notHttpsInProduction } from '../config.ts';
import { urlHostOnly } from './webhook.ts';

/*
 * The console's webhook endpoints (docs/rules/webhooks.md#endpoints): any operator reads them; a
 * manager adds, disables and enables one, each audited. A manager's API key does so only with the
 * `webhooks:manage` scope, and the endpoints it adds are disabled when it is revoked
 * (docs/rules/operators.md#api-keys). The deliveries: delivery-admin-routes.ts.
 */

/**
 * An endpoint as the console shows it: a manager reads its whole URL, a viewer its scheme and host
 * only, since credentials, a path or a query may carry the receiver's token
 * (docs/rules/webhooks.md#endpoints).
 */
const shownUrl = (url: string, role: OperatorRole) => (role === 'manager' ? url : urlHostOnly(url));

const endpointAnswer = (row: EndpointRow, role: OperatorRole): WebhookEndpoint => ({
  id: row.id,
  url: shownUrl(row.url, role),
  description: row.description,
  eventTypes: row.event_types,
  created: row.created_at.toISOString(),
  createdBy: row.created_by,
  disabled: row.disabled_at?.toISOString() ?? null,
  disabledBy: row.disabled_by,
  fromEnvironment: false,
});

const error = (description: string) => ({ description, schema: errorAnswer });

/**
 * Where an endpoint may point (docs/rules/webhooks.md#where-an-endpoint-may-point): https in
 * production (targets.ts, never relaxed by ALLOW_DEMO: a demo's events still carry names and
 * addresses), and nowhere inside the server's network.
 */
async function checkUrl(ctx: AppContext, text: string): Promise<void> {
  const refuse = (message: string) => {
    throw new Refusal('invalid', 'invalid_input', `url ${message}`, { url: message });
  };
  const url = new URL(text);
  if (notHttpsInProduction(url, ctx.config.env))
    refuse('must be an https URL: events carry customers’ names and addresses');
  try {
    await checkTarget(url, ctx.config.webhooks.allowedHosts, ctx.resolveHost);
  } catch (error) {
    if (!(error instanceof TargetRefused)) throw error;
    refuse(
      `must not point inside the server’s network: ${error.message} (WEBHOOK_ALLOWED_HOSTS names a host meant to be reached)`,
    );
  }
}

/** The endpoints' routes, in the order the API document lists them. */
export function endpointAdminRoutes(ctx: AppContext): AnyRoute[] {
  return [
    listEndpointsRoute(ctx),
    createEndpointRoute(ctx),
    disableEndpointRoute(ctx),
    enableEndpointRoute(ctx),
  ];
}

/** The endpoints, OPS_WEBHOOK_URL's first. */
function listEndpointsRoute(ctx: AppContext): AnyRoute {
  const { db } = ctx.database;
  const configured = configuredEndpoint(ctx.config);
  return defineAdminRoute(ctx, {
    method: 'GET',
    url: '/admin/api/webhooks/endpoints',
    operationId: 'listWebhookEndpoints',
    summary: 'The webhook endpoints, OPS_WEBHOOK_URL first when it is set (secrets never shown)',
    responses: { 200: { description: 'The endpoints', schema: webhookEndpointsAnswer } },
    handler: async (request) => {
      const role = operatorOf(request).role;
      const rows = (await listEndpoints(db)).map((row) => endpointAnswer(row, role));
      const fromEnvironment: WebhookEndpoint[] = configured
        ? [
            {
              id: CONFIGURED_ENDPOINT,
              url: shownUrl(configured.url, role),
              description: 'OPS_WEBHOOK_URL',
              eventTypes: [],
              created: null,
              createdBy: null,
              disabled: null,
              disabledBy: null,
              fromEnvironment: true,
            },
          ]
        : [];
      return { items: [...fromEnvironment, ...rows] };
    },
  });
}

/** Adds an endpoint with a new secret. */
function createEndpointRoute(ctx: AppContext): AnyRoute {
  const { db } = ctx.database;
  return defineAdminRoute(ctx, {
    method: 'POST',
    url: '/admin/api/webhooks/endpoints',
    operationId: 'createWebhookEndpoint',
    summary:
      'Adds a webhook endpoint with a new secret, shown in this answer only (managers; audited)',
    description:
      'Events made from now on are delivered to it, signed with its secret (docs/rules/webhooks.md#endpoints). In production the URL must be https.',
    key: 'webhooks:manage',
    body: createWebhookEndpointBody,
    responses: {
      201: { description: 'The endpoint and its secret', schema: webhookEndpointCreatedAnswer },
      400: error(
        'invalid_input: the URL is not an http(s) URL (https in production), or a type is unknown',
      ),
    },
    handler: async (request, reply) => {
      const body = request.body;
      await checkUrl(ctx, body.url);
      const who = operatorOf(request);
      const operator = who.email;
      const now = ctx.now();
      const row: EndpointRow = {
        id: `ep_${ctx.newId().replaceAll('-', '')}`,
        url: body.url,
        secret: `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`,
        event_types: [...new Set(body.eventTypes ?? [])],
        description: body.description ?? '',
        created_at: now,
        created_by: operator,
        // Revoking the key disables the endpoint (docs/rules/webhooks.md#endpoints).
        created_by_key: 'apiKey' in who ? who.apiKey.id : null,
        disabled_at: null,
        disabled_by: null,
        failures: 0,
        failing_since: null,
        retry_at: null,
      };
      await inTransaction(db, async (trx) => {
        // Stored encrypted under WEBHOOK_SECRET_KEY when it is set (secret-box.ts).
        await insertEndpoint(trx, {
          ...row,
          secret: sealSecret(row.secret, row.id, ctx.config.webhooks.secretKey),
        });
        await recordAudit(trx, {
          operatorEmail: operator,
          at: now,
          action: 'webhook_endpoint_added',
          subjectType: 'webhook_endpoint',
          subjectId: row.id,
          after: { url: row.url, eventTypes: row.event_types, description: row.description },
        });
      });
      void reply.header('cache-control', 'no-store');
      return reply
        .status(201)
        .send({ endpoint: endpointAnswer(row, operatorOf(request).role), secret: row.secret });
    },
  });
}

/** Disables an endpoint. */
function disableEndpointRoute(ctx: AppContext): AnyRoute {
  const { db } = ctx.database;
  return defineAdminRoute(ctx, {
    method: 'POST',
    url: '/admin/api/webhooks/endpoints/:id/disable',
    operationId: 'disableWebhookEndpoint',
    summary: 'Disables a webhook endpoint: nothing more is sent to it (managers; audited)',
    key: 'webhooks:manage',
    params: webhookEndpointParams,
    responses: {
      200: { description: 'The endpoint, disabled', schema: webhookEndpoint },
      404: error(
        'not_found: no endpoint has this id (OPS_WEBHOOK_URL is changed in the environment)',
      ),
      409: error('already_disabled'),
    },
    handler: async (request) => {
      const { id } = request.params;
      const operator = operatorOf(request).email;
      const now = ctx.now();
      const done = await inTransaction(db, async (trx) => {
        if (!(await disableEndpoint(trx, id, now, operator))) return false;
        await recordAudit(trx, {
          operatorEmail: operator,
          at: now,
          action: 'webhook_endpoint_disabled',
          subjectType: 'webhook_endpoint',
          subjectId: id,
        });
        return true;
      });
      const row = await findEndpoint(db, id);
      if (!row) throw notFound('No webhook endpoint has this id');
      if (!done)
        throw new Refusal('conflict', 'already_disabled', 'This endpoint is already disabled.');
      return endpointAnswer(row, operatorOf(request).role);
    },
  });
}

/** Enables a disabled endpoint again, its URL checked anew. */
function enableEndpointRoute(ctx: AppContext): AnyRoute {
  const { db } = ctx.database;
  return defineAdminRoute(ctx, {
    method: 'POST',
    url: '/admin/api/webhooks/endpoints/:id/enable',
    operationId: 'enableWebhookEndpoint',
    summary:
      'Enables a disabled webhook endpoint again: its kept deliveries are due (managers; audited)',
    description:
      'An endpoint disabled by a manager, or by the worker after failing every attempt for WEBHOOK_DISABLE_AFTER_DAYS, gets its waiting deliveries and every new event again; one given up can be resent (docs/rules/webhooks.md#endpoints). Its URL is checked again as when it was added.',
    key: 'webhooks:manage',
    params: webhookEndpointParams,
    responses: {
      200: { description: 'The endpoint, enabled', schema: webhookEndpoint },
      400: error('invalid_input: the URL now points inside the server’s network'),
      404: error('not_found: no endpoint has this id'),
      409: error('not_disabled'),
    },
    handler: async (request) => {
      const { id } = request.params;
      const who = operatorOf(request);
      const operator = who.email;
      const now = ctx.now();
      const before = await findEndpoint(db, id);
      if (!before) throw notFound('No webhook endpoint has this id');
      await checkUrl(ctx, before.url);
      const done = await inTransaction(db, async (trx) => {
        const byKey = 'apiKey' in who ? who.apiKey.id : undefined;
        if (!(await enableEndpoint(trx, id, byKey))) return false;
        await recordAudit(trx, {
          operatorEmail: operator,
          at: now,
          action: 'webhook_endpoint_enabled',
          subjectType: 'webhook_endpoint',
          subjectId: id,
          before: { disabled: before.disabled_at?.toISOString(), by: before.disabled_by },
        });
        return true;
      });
      if (!done) throw new Refusal('conflict', 'not_disabled', 'This endpoint is not disabled.');
      return endpointAnswer((await findEndpoint(db, id))!, operatorOf(request).role);
    },
  });
}
