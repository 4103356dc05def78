import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { Refusal } from '../http/errors.ts';

/**
 * The {provider} path segment must be the served catalogue's provider code (PROVIDER_CODE, when
 * set, pins it: app.ts); any other answers 404.
 */
export function checkProvider(ctx: AppContext, request: FastifyRequest): void {
  const { provider } = request.params as { provider?: string };
  if (provider !== ctx.catalogue.current().provider.code) {
    throw new Refusal('not_found', 'not_found', `Unknown provider ${provider ?? ''}`);
  }
}
