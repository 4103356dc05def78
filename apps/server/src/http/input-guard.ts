import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isCleanText, textMessages } from '@fibre/domain/shared';
import { Refusal } from './errors.ts';

/** Deeper than any body the API takes (the install body is three levels deep). */
export const MAX_INPUT_DEPTH = 16;

const tooDeep = () =>
  new Refusal('invalid', 'invalid_input', 'The request is nested too deeply', {
    _: 'The request is nested too deeply',
  });

/**
 * Every string of a request's path parameters, query and body, with its dotted path. Bounded by
 * depth, so a hostile body cannot exhaust the stack of anything that walks it later.
 */
function* strings(value: unknown, path: string, depth: number): Generator<[string, string]> {
  if (depth > MAX_INPUT_DEPTH) throw tooDeep();
  if (typeof value === 'string') {
    yield [path, value];
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* strings(item, `${path}.${i}`, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      yield [at, key];
      yield* strings(item, at, depth + 1);
    }
  }
}

function check(request: FastifyRequest): void {
  const fields: Record<string, string> = {};
  for (const part of [request.params, request.query, request.body]) {
    for (const [path, value] of strings(part, '', 0)) {
      // Line breaks and tabs pass here: multi-line fields take them, and each field's own schema
      // refuses them where a field is single-line.
      if (!isCleanText(value, { multiline: true }))
        fields[path || '_'] ??= textMessages.controlCharacters;
    }
  }
  const paths = Object.keys(fields);
  if (paths.length > 0)
    throw new Refusal('invalid', 'invalid_input', `${paths[0]} ${fields[paths[0]!]}`, fields);
}

/**
 * One rule for every route (docs/decisions/008-server-input.md): no text with a control character
 * or a lone surrogate reaches a route, a log or the database, and nothing nested deeper than
 * MAX_INPUT_DEPTH does. Each route's schema then checks its own fields' lengths and patterns.
 */
export function inputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => check(request));
}
