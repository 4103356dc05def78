import type { FastifyRequest } from 'fastify';
import { Refusal } from './errors.ts';

/**
 * The {provider} path segment must be `served`, the served catalogue's provider code
 * (PROVIDER_CODE, when set, pins it: app.ts); any other answers 404 `Unknown provider`
 * (docs/rules/api.md#the-provider-segment). A route's `before`, after its path is checked:
 * `before: (request) => checkProvider(request, ctx.catalogue.current().provider.code)`.
 */
export function checkProvider(request: FastifyRequest, served: string): void {
  const { provider } = request.params as { provider?: string };
  if (provider !== served) throw new Refusal('not_found', 'not_found', 'Unknown provider');
}
