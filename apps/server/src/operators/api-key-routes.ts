import {
  apiKeyAnswer,
  apiKeyParams,
  apiKeysAnswer,
  createApiKeyBody,
  createdApiKeyAnswer,
  errorAnswer,
} from '@fibre/domain/api';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { defineRoute, type AnyRoute } from '../http/define.ts';
import { notFound, Refusal } from '../http/errors.ts';
import { createApiKey, revokeKey } from './api-keys.ts';
import { operatorOf, requireOperator } from './guard.ts';
import { listApiKeys, type ApiKeyRow } from './repository/api-keys.ts';

/*
 * The back-office API's keys, managed from the console (docs/rules/operators.md#api-keys): listed,
 * made (the key's text answered once) and revoked, by a signed-in manager only. A key cannot
 * manage keys: a leaked manager key could otherwise make itself a successor before it is revoked.
 */

const keyAnswer = (row: ApiKeyRow) => ({
  id: row.id,
  name: row.name,
  role: row.role,
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
  if ('apiKey' in who)
    throw new Refusal('forbidden', 'forbidden', 'API keys are managed by a signed-in manager');
  return who.email;
}

export function apiKeyRoutes(ctx: AppContext): AnyRoute[] {
  const db = ctx.database.db;
  return [
    defineRoute({
      method: 'GET',
      url: '/admin/api/keys',
      operationId: 'listApiKeys',
      summary: 'Every API key, revoked ones too, never its text (managers only)',
      tags: ['admin'],
      security: 'operatorSession',
      guard: requireOperator(ctx, 'manager'),
      responses: { 200: { description: 'The keys', schema: apiKeysAnswer } },
      handler: async (request) => {
        managerOf(request);
        return { keys: (await listApiKeys(db)).map(keyAnswer) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/admin/api/keys',
      operationId: 'createApiKey',
      summary: 'Makes an API key; its text is answered this once (managers only; audited)',
      tags: ['admin'],
      security: 'operatorSession',
      guard: requireOperator(ctx),
      body: createApiKeyBody,
      responses: {
        201: { description: 'The key, and its text, shown once', schema: createdApiKeyAnswer },
        409: { description: 'name_taken: a key not revoked has this name', schema: errorAnswer },
      },
      handler: async (request, reply) => {
        const by = managerOf(request);
        const { name, role } = request.body;
        const made = await createApiKey(db, { name, role, by, now: ctx.now() });
        if ('taken' in made)
          throw new Refusal('conflict', 'name_taken', `A key named ${name} already exists`);
        return reply.status(201).send({ key: made.key, apiKey: keyAnswer(made.row) });
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/admin/api/keys/:id',
      operationId: 'revokeApiKey',
      summary: 'Revokes an API key: every instance refuses it from now on (managers only; audited)',
      tags: ['admin'],
      security: 'operatorSession',
      guard: requireOperator(ctx),
      params: apiKeyParams,
      responses: {
        200: { description: 'The key, revoked', schema: apiKeyAnswer },
        404: { description: 'not_found: no key not revoked has this id', schema: errorAnswer },
      },
      handler: async (request) => {
        const by = managerOf(request);
        const row = await revokeKey(db, { id: request.params.id }, by, ctx.now());
        if (!row) throw notFound('No key not revoked has this id');
        return keyAnswer(row);
      },
    }),
  ];
}
