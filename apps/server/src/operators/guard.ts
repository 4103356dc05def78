import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { Refusal } from '../http/errors.ts';
import type { RouteGuard } from '../http/define.ts';
import { COOKIE, csrfMatches, sessionOf, type SignedIn } from './sessions.ts';

/*
 * The guard of every /admin/api/ route but sign-in (docs/rules/operators.md): a live session
 * (401), on a change the session's CSRF token in X-CSRF-Token (403), and the role (403).
 */

const signedIn = new WeakMap<FastifyRequest, SignedIn>();

/** The operator a guarded route's request was let through for. */
export function operatorOf(request: FastifyRequest): SignedIn {
  const session = signedIn.get(request);
  if (!session)
    throw new Error(`${request.method} ${request.routeOptions.url} has no operator guard`);
  return session;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isChange = (method: string) => !READS.has(method);

/**
 * `requireOperator(ctx)`: a read lets any operator through, a change only a manager.
 * `requireOperator(ctx, 'viewer')` lets a viewer make the change too (signing out).
 */
export function requireOperator(ctx: AppContext, role?: 'viewer' | 'manager'): RouteGuard {
  const guard = async (request: FastifyRequest) => {
    const session = await sessionOf(ctx, request.cookies[COOKIE]);
    if (!session) throw new Refusal('unauthorised', 'unauthorised', 'Please sign in');
    const change = isChange(request.method);
    if (change) {
      const sent = request.headers['x-csrf-token'];
      if (!csrfMatches(session, typeof sent === 'string' ? sent : undefined)) {
        throw new Refusal(
          'forbidden',
          'csrf_failed',
          "The request did not carry this session's X-CSRF-Token",
        );
      }
    }
    const needed = role ?? (change ? 'manager' : 'viewer');
    if (needed === 'manager' && session.role !== 'manager') {
      throw new Refusal('forbidden', 'forbidden', 'Only a manager may do this');
    }
    signedIn.set(request, session);
  };
  return Object.assign(guard, { role });
}
