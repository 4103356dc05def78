import {
  apiKeyParams,
  apiKeysAnswer,
  createApiKeyBody,
  createdApiKeyAnswer,
  errorAnswer,
  revokedApiKeyAnswer,
} from '@fibre/domain/api';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { AnyRoute } from '../http/define.ts';
import { notFound, Refusal } from '../http/errors.ts';
import { createApiKey, keyScopes, revokeKey } from './api-keys.ts';
import { operatorOf } from './guard.ts';
import { defineAdminRoute } from './admin-route.ts';
import { listApiKeys, type ApiKeyRow } from './repository/api-keys.ts';

/*
 * The back-office API's keys, managed from the console (docs/rules/operators.md#api-keys): listed,
 * made (the key's text answered once, with its scopes) and revoked, by a signed-in manager only. A
 * key cannot manage keys: a leaked manager key could otherwise make itself a successor before it
 * is revoked (docs/decisions/026-api-keys.md). Revoking a key disables the webhook endpoints it
 * added, listed in the answer.
 */

const keyAnswer = (row: ApiKeyRow) => ({
  id: row.id,
  name: row.name,
  role: row.role,
  scopes: row.scopes,
  prefix: row.prefix,
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by,
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  revokedAt: row.revoked_at?.toISOString() ?? null,
  revokedBy: row.revoked_by,
});

/** The signed-in manager's email; a request with a key is refused (403). */
function managerOf(request: FastifyRequest): string {
  const who = operatorOf(request);
  // The guard refuses a key already ('session'); kept so that no route here ever acts as one.
  if ('apiKey' in who)
    throw new Refusal('forbidden', 'forbidden', 'API keys are managed by a signed-in manager');
  return who.email;
}

export function apiKeyRoutes(ctx: AppContext): AnyRoute[] {
  const db = ctx.database.db;
  return [
    defineAdminRoute(ctx, {
      method: 'GET',
      url: '/admin/api/keys',
      operationId: 'listApiKeys',
      summary: 'Every API key, revoked ones too, never its text (managers only)',
      role: 'manager',
      key: 'session',
      responses: { 200: { description: 'The keys', schema: apiKeysAnswer } },
      handler: async (request) => {
        managerOf(request);
        return { keys: (await listApiKeys(db)).map(keyAnswer) };
      },
    }),
    defineAdminRoute(ctx, {
      method: 'POST',
      url: '/admin/api/keys',
      operationId: 'createApiKey',
      summary: 'Makes an API key; its text is answered this once (managers only; audited)',
      description:
        'The key reads orders and leads (`orders:read`) and, for a manager key, does what `scopes` adds: `orders:act` (act on orders and leads), `webhooks:manage` (add, disable, enable webhook endpoints, resend deliveries). No scopes: the key reads only. A viewer key takes no scope but `orders:read` (docs/rules/operators.md#api-keys).',
      key: 'session',
      body: createApiKeyBody,
      responses: {
        201: { description: 'The key, and its text, shown once', schema: createdApiKeyAnswer },
        409: { description: 'name_taken: a key not revoked has this name', schema: errorAnswer },
      },
      handler: async (request, reply) => {
        const by = managerOf(request);
        const { name, role } = request.body;
        const scopes = keyScopes(role, request.body.scopes);
        if ('refused' in scopes)
          throw new Refusal('invalid', 'invalid_input', `scopes: ${scopes.refused}`, {
            scopes: scopes.refused,
          });
        const made = await createApiKey(db, { name, role, scopes, by, now: ctx.now() });
        if ('taken' in made)
          throw new Refusal('conflict', 'name_taken', `A key named ${name} already exists`);
        return reply.status(201).send({ key: made.key, apiKey: keyAnswer(made.row) });
      },
    }),
    defineAdminRoute(ctx, {
      method: 'DELETE',
      url: '/admin/api/keys/:id',
      operationId: 'revokeApiKey',
      summary: 'Revokes an API key: every instance refuses it from now on (managers only; audited)',
      description:
        'The webhook endpoints the key added are disabled with it, each audited, and listed in the answer (docs/rules/webhooks.md#endpoints).',
      key: 'session',
      params: apiKeyParams,
      responses: {
        200: {
          description: 'The key, revoked, and the webhook endpoints it added, disabled',
          schema: revokedApiKeyAnswer,
        },
        404: { description: 'not_found: no key not revoked has this id', schema: errorAnswer },
      },
      handler: async (request) => {
        const by = managerOf(request);
        const revoked = await revokeKey(db, { id: request.params.id }, by, ctx.now());
        if (!revoked) throw notFound('No key not revoked has this id');
        return { ...keyAnswer(revoked.row), disabledEndpoints: revoked.disabledEndpoints };
      },
    }),
  ];
}
