import type { FastifyInstance, FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import {
  adminSessionAnswer,
  errorAnswer,
  operatorEmailParams,
  operatorsAnswer,
  signInSchema,
} from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { operatorOf, sessionOfRequest } from './guard.ts';
import { defineAdminRoute } from './admin-route.ts';
import { ABSOLUTE_MS, COOKIE, normaliseEmail, signIn, signOut, type SignedIn } from './sessions.ts';
import { listOperators, unlockOperator } from './repository/operators.ts';
import { defineRoute, registerDefined, type AnyRoute } from '../http/define.ts';
import { adminSetupRoutes } from './setup-routes.ts';
import { apiKeyRoutes } from './api-key-routes.ts';
import { oidcSignInRoutes, type SessionCookieOptions } from './oidc-routes.ts';

/*
 * The operator console's API (docs/rules/operators.md): signing in and out, who is signed in, and
 * the accounts, here; every other resource's console routes (orders, leads, schedule, holds,
 * offers, mail) are defined in its own feature folder as `<feature>/admin-routes.ts` and handed in
 * by app/routes.ts, so that they are registered under the same cookie and cache rules. Every route
 * but sign-in is guarded by requireOperator (operators/guard.ts).
 */

const sessionBody = (session: SignedIn) => ({
  operator: { email: session.email, role: session.role },
  csrfToken: session.csrfToken,
  expiresAt: session.expiresAt.toISOString(),
});

/** A checked password that is not right, or an email with no account: the same answer. */
const refused = () => new HttpError(401, 'sign_in_failed', 'The email or password is not right');

/**
 * An attempt refused unchecked while a sign-in bound holds (operators/bounds.ts): when it may be
 * tried again, or that a manager must lift the bound. The same for an email with no account.
 */
function delayed(reply: FastifyReply, retryAt: Date | null, now: Date): HttpError {
  if (!retryAt) {
    return new HttpError(
      429,
      'sign_in_locked',
      'Too many wrong passwords in a row for this email: a manager must unlock it',
    );
  }
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  void reply.header('retry-after', String(seconds));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const wait = seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
  return new HttpError(
    429,
    'sign_in_delayed',
    `Too many wrong passwords: try again in ${wait}`,
    undefined,
    { retryAt: retryAt.toISOString() },
  );
}

export async function adminRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  /** Every other resource's console routes, in the order they are registered. */
  resources: readonly AnyRoute[],
): Promise<void> {
  await app.register(cookie);
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: ctx.config.env === 'production',
    path: '/admin',
  };
  // Every console API answer, errors included, is the operator's own and may carry personal data:
  // never stored by a cache (docs/rules/operators.md). On send, so a refusal made before the
  // route (the rate limit, a 404, a fault) carries it too.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/admin/api/')) void reply.header('cache-control', 'no-store');
    return payload;
  });

  registerDefined(app, [
    signInRoute(ctx, cookieOptions),
    currentOperatorRoute(ctx),
    signOutRoute(ctx, cookieOptions),
    listOperatorsRoute(ctx),
    unlockOperatorRoute(ctx),
    // The identity service (docs/rules/operators.md#signing-in-through-the-providers-identity-service).
    ...oidcSignInRoutes(ctx, cookieOptions),
    // The first manager, with the setup code (docs/rules/operators.md#the-first-manager).
    ...adminSetupRoutes(ctx),
    // The back-office API's keys (docs/rules/operators.md#api-keys).
    ...apiKeyRoutes(ctx),
    ...resources,
  ]);
}

/** Signing in with a password: the session cookie set. */
function signInRoute(ctx: AppContext, cookieOptions: SessionCookieOptions): AnyRoute {
  return defineRoute({
    method: 'POST',
    url: '/admin/api/session',
    operationId: 'signIn',
    summary: 'Signs an operator in: sets the session cookie',
    description:
      'A wrong password and an unknown email answer the same 401. Each attempt is counted before its password is checked, per email, per client address and per both; while a count makes it wait, an attempt is refused unchecked with 429, whether or not the email has an account (docs/rules/operators.md#signing-in).',
    tags: ['admin'],
    security: 'public',
    body: signInSchema,
    responses: {
      200: {
        description: 'Signed in; Set-Cookie carries the session',
        schema: adminSessionAnswer,
      },
      401: {
        description: 'sign_in_failed: the email or password is not right',
        schema: errorAnswer,
      },
      403: {
        description:
          'password_sign_in_off: OPERATOR_PASSWORDS=off; staff sign in through the identity service',
        schema: errorAnswer,
      },
      429: {
        description:
          'sign_in_delayed: too many wrong passwords; `retryAt` (and Retry-After, in seconds) says when to try again. sign_in_locked: 100 wrong passwords in a row at this email; a manager must unlock it. rate_limited: too many attempts from this address this minute.',
        schema: errorAnswer,
      },
    },
    handler: async (request, reply) => {
      // docs/rules/operators.md#signing-in-through-the-providers-identity-service
      if (!ctx.config.operatorSignIn.passwords) {
        throw new HttpError(
          403,
          'password_sign_in_off',
          "Password sign-in is turned off here: sign in through the provider's identity service",
        );
      }
      const { email, password } = request.body;
      const result = await signIn(ctx, email, password, request.ip);
      if (!result.ok) {
        throw result.reason === 'delayed' ? delayed(reply, result.retryAt, ctx.now()) : refused();
      }
      void reply.setCookie(COOKIE, result.token, {
        ...cookieOptions,
        maxAge: ABSOLUTE_MS / 1000,
      });
      return sessionBody(result.session);
    },
  });
}

/** Who is signed in. */
function currentOperatorRoute(ctx: AppContext): AnyRoute {
  return defineAdminRoute(ctx, {
    method: 'GET',
    url: '/admin/api/session',
    operationId: 'currentOperator',
    summary: 'Who is signed in, and the CSRF token for changes',
    // A key has no session (docs/rules/operators.md#api-keys).
    key: 'session',
    responses: {
      200: { description: 'The signed-in operator', schema: adminSessionAnswer },
    },
    handler: async (request) => {
      return sessionBody(sessionOfRequest(request));
    },
  });
}

/** Signing out: the session ended, its cookie cleared. */
function signOutRoute(ctx: AppContext, cookieOptions: SessionCookieOptions): AnyRoute {
  return defineAdminRoute(ctx, {
    method: 'DELETE',
    url: '/admin/api/session',
    operationId: 'signOut',
    summary: 'Signs the operator out: the session ends and its cookie is cleared',
    role: 'viewer',
    key: 'session',
    responses: { 204: { description: 'Signed out' } },
    handler: async (request, reply) => {
      await signOut(ctx, sessionOfRequest(request));
      return reply.clearCookie(COOKIE, cookieOptions).status(204).send();
    },
  });
}

/** The operator accounts. */
function listOperatorsRoute(ctx: AppContext): AnyRoute {
  return defineAdminRoute(ctx, {
    method: 'GET',
    url: '/admin/api/operators',
    operationId: 'listOperators',
    summary: 'Every operator account, by email',
    responses: { 200: { description: 'The accounts', schema: operatorsAnswer } },
    handler: async () => {
      const rows = await listOperators(ctx.database.db);
      return {
        operators: rows.map((row) => ({
          email: row.email,
          role: row.role,
          createdAt: row.created_at.toISOString(),
        })),
      };
    },
  });
}

/** Lifting an account's sign-in bounds. */
function unlockOperatorRoute(ctx: AppContext): AnyRoute {
  return defineAdminRoute(ctx, {
    method: 'POST',
    url: '/admin/api/operators/:email/unlock',
    operationId: 'unlockOperator',
    summary:
      "Lifts every sign-in bound on an account's email, at every address (signed-in managers only, no API key; audited)",
    // Unlocking reopens password guessing against a person: a person's session, never a key
    // (docs/decisions/026-api-keys.md).
    key: 'session',
    params: operatorEmailParams,
    responses: {
      204: { description: 'Unlocked: the account may sign in again' },
      404: { description: 'not_found: no account has this email', schema: errorAnswer },
    },
    handler: async (request, reply) => {
      const email = normaliseEmail(request.params.email);
      const who = { operatorEmail: operatorOf(request).email, at: ctx.now() };
      const before = await unlockOperator(ctx.database.db, email, who);
      if (!before) throw notFound('No account has this email');
      return reply.status(204).send();
    },
  });
}
