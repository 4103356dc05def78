import type { ApiKeyScope } from '@fibre/domain/api';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { Refusal } from '../http/errors.ts';
import type { RouteGuard } from '../http/define.ts';
import { bearerOf } from '../http/bearer.ts';
import { keyHolderOf, type KeyHolder } from './api-keys.ts';
import { COOKIE, csrfMatches, sessionOf, type SignedIn } from './sessions.ts';

/*
 * The guard of every /admin/api/ route but sign-in (docs/rules/operators.md): a live session
 * (401), on a change the session's CSRF token in X-CSRF-Token (403), and the role (403). A request
 * with `Authorization: Bearer KEY` is judged by the key alone (docs/rules/operators.md#api-keys):
 * a live key (401), no session cookie beside it (400), no CSRF token (a browser never sends the
 * key by itself), the key's role (403), and the key's scope (403): `orders:read` for a read,
 * `orders:act` for a change, or the route's own (`webhooks:manage`). A route a key may never call
 * (minting an order page's link, unlocking an operator: docs/decisions/026-api-keys.md) asks for
 * `session`, a person's.
 */

const signedIn = new WeakMap<FastifyRequest, SignedIn | KeyHolder>();

/** The operator, or the API key, a guarded route's request was let through for. */
export function operatorOf(request: FastifyRequest): SignedIn | KeyHolder {
  const who = signedIn.get(request);
  if (!who) throw new Error(`${request.method} ${request.routeOptions.url} has no operator guard`);
  return who;
}

/** The signed-in session of a request: the session's own routes, which a key has none of (401). */
export function sessionOfRequest(request: FastifyRequest): SignedIn {
  const who = operatorOf(request);
  if ('apiKey' in who)
    throw new Refusal('unauthorised', 'unauthorised', 'An API key has no session: sign in');
  return who;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isChange = (method: string) => !READS.has(method);

async function keyHolder(ctx: AppContext, request: FastifyRequest, key: string) {
  if (request.cookies[COOKIE] !== undefined) {
    throw new Refusal(
      'invalid',
      'bearer_with_cookie',
      'A request with an API key must not carry the session cookie: send one or the other',
    );
  }
  const holder = key ? await keyHolderOf(ctx.database.db, key, ctx.now()) : undefined;
  if (!holder) throw new Refusal('unauthorised', 'unauthorised', 'The API key is not valid');
  return holder;
}

async function session(ctx: AppContext, request: FastifyRequest) {
  const found = await sessionOf(ctx, request.cookies[COOKIE]);
  if (!found) throw new Refusal('unauthorised', 'unauthorised', 'Please sign in');
  if (isChange(request.method)) {
    const sent = request.headers['x-csrf-token'];
    if (!csrfMatches(found, typeof sent === 'string' ? sent : undefined)) {
      throw new Refusal(
        'forbidden',
        'csrf_failed',
        "The request did not carry this session's X-CSRF-Token",
      );
    }
  }
  return found;
}

/** What a route asks of an API key: a scope, or `session` (no key: a person signed in). */
export type KeyAccess = ApiKeyScope | 'session';

/** The scope a key needs on a route that names none: reads `orders:read`, changes `orders:act`. */
export const scopeFor = (method: string, key: KeyAccess | undefined): KeyAccess =>
  key ?? (isChange(method) ? 'orders:act' : 'orders:read');

/**
 * `requireOperator(ctx)`: a read lets any operator through, a change only a manager.
 * `requireOperator(ctx, 'viewer')` lets a viewer make the change too (signing out).
 * `requireOperator(ctx, undefined, 'webhooks:manage')`: a key needs that scope besides its role;
 * `'session'`: no key at all (docs/rules/operators.md#api-keys).
 */
export function requireOperator(
  ctx: AppContext,
  role?: 'viewer' | 'manager',
  key?: KeyAccess,
): RouteGuard {
  const guard = async (request: FastifyRequest) => {
    const bearer = bearerOf(request);
    const who =
      bearer === undefined ? await session(ctx, request) : await keyHolder(ctx, request, bearer);
    const needed = role ?? (isChange(request.method) ? 'manager' : 'viewer');
    if ('apiKey' in who && key === 'session') {
      throw new Refusal(
        'forbidden',
        'forbidden',
        'An API key cannot do this: a person must, signed in to the console',
      );
    }
    if (needed === 'manager' && who.role !== 'manager') {
      throw new Refusal('forbidden', 'forbidden', 'Only a manager may do this');
    }
    const scope = scopeFor(request.method, key);
    if ('apiKey' in who && scope !== 'session' && !who.apiKey.scopes.includes(scope)) {
      throw new Refusal('forbidden', 'forbidden', `This API key does not have the ${scope} scope`);
    }
    signedIn.set(request, who);
  };
  return Object.assign(guard, { role, key });
}
