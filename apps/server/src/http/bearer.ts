import type { FastifyRequest } from 'fastify';

/**
 * The key of `Authorization: Bearer KEY` (docs/rules/operators.md#api-keys): '' for a bearer
 * without one, none without a bearer. Read by the operator guard, which judges the key, and by the
 * rate limits, which count each key apart.
 */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^bearer(\s|$)/i.test(header)) return undefined;
  return header.slice('bearer'.length).trim();
}
