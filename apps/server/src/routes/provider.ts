import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';

/** The {provider} path segment must be this deployment's PROVIDER_CODE; any other answers 404. */
export function checkProvider(ctx: AppContext, request: FastifyRequest): void {
  const { provider } = request.params as { provider?: string };
  if (provider !== ctx.config.provider.code) throw notFound(`Unknown provider ${provider ?? ''}`);
}
