import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswer, signInOptionsAnswer } from '@fibre/domain/api';
import { OIDC_CALLBACK_PATH } from '../config.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/define.ts';
import { createOidcSignIn, IssuerUnavailable, type OidcFlow } from './oidc.ts';
import { ABSOLUTE_MS, COOKIE } from './sessions.ts';

/*
 * How staff may sign in, and signing in through the provider's identity service
 * (docs/rules/operators.md#signing-in-through-the-providers-identity-service): the browser is
 * sent to the issuer with the flow's state, nonce and PKCE challenge, and comes back to the
 * callback, which makes the session a password would and opens the console. Every failure ends
 * on the console's sign-in screen with its reason in `signInError`, never as an error page.
 */

/** The flow's state, nonce and PKCE verifier, between the start and the callback. */
const FLOW_COOKIE = 'fibre_oidc';
const START_PATH = '/admin/api/sign-in/oidc';
const FLOW_SECONDS = 600;

export interface SessionCookieOptions {
  httpOnly: boolean;
  sameSite: 'strict';
  secure: boolean;
  path: string;
}

function readFlow(request: FastifyRequest): OidcFlow | undefined {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) return undefined;
  try {
    const flow = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<OidcFlow>;
    const { state, nonce, verifier } = flow;
    if (typeof state === 'string' && typeof nonce === 'string' && typeof verifier === 'string') {
      return { state, nonce, verifier };
    }
  } catch {
    // A cookie that is not one of ours is no flow.
  }
  return undefined;
}

export function oidcSignInRoutes(ctx: AppContext, sessionCookie: SessionCookieOptions): AnyRoute[] {
  const { passwords, oidc: settings } = ctx.config.operatorSignIn;
  const oidc = settings ? createOidcSignIn(settings) : undefined;
  // Lax, not Strict: the callback is a top-level navigation from the issuer's site.
  const flowCookie = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.env === 'production',
    path: START_PATH,
  };
  const notConfigured = () => notFound('Sign-in through an identity service is not configured');
  const toConsole = (reply: FastifyReply, refusal?: string) =>
    reply
      .clearCookie(FLOW_COOKIE, flowCookie)
      .redirect(refusal ? `/admin?signInError=${refusal}` : '/admin', 302);

  return [
    defineRoute({
      method: 'GET',
      url: '/admin/api/sign-in/options',
      operationId: 'signInOptions',
      summary: 'How staff may sign in: passwords, the identity service, or both',
      tags: ['admin'],
      security: 'public',
      responses: { 200: { description: 'The ways to sign in', schema: signInOptionsAnswer } },
      handler: async () => ({
        passwords,
        identityService: settings ? { name: settings.providerName ?? null } : null,
      }),
    }),
    defineRoute({
      method: 'GET',
      url: START_PATH,
      operationId: 'startIdentitySignIn',
      summary: "Sends the browser to the provider's identity service to sign in",
      description:
        'OpenID Connect, authorization code with PKCE: the state, nonce and code verifier are kept in a short-lived HttpOnly cookie for the callback (docs/rules/operators.md#signing-in-through-the-providers-identity-service). When the issuer cannot be reached, the browser goes back to the sign-in screen with signInError=oidc_unavailable.',
      tags: ['admin'],
      security: 'public',
      responses: {
        302: { description: "To the issuer's authorization endpoint, or back to /admin" },
        404: { description: 'not_found: no identity service is configured', schema: errorAnswer },
      },
      handler: async (request, reply) => {
        if (!oidc) throw notConfigured();
        try {
          const { url, flow } = await oidc.start();
          const value = Buffer.from(JSON.stringify(flow)).toString('base64url');
          return reply
            .setCookie(FLOW_COOKIE, value, { ...flowCookie, maxAge: FLOW_SECONDS })
            .redirect(url.href, 302);
        } catch (error) {
          if (!(error instanceof IssuerUnavailable)) throw error;
          request.log.warn({ err: error }, 'identity service discovery failed');
          return toConsole(reply, 'oidc_unavailable');
        }
      },
    }),
    defineRoute({
      method: 'GET',
      url: OIDC_CALLBACK_PATH,
      operationId: 'finishIdentitySignIn',
      summary:
        "Where the provider's identity service sends the browser back: signs the operator in",
      description:
        "Checks the state against the flow cookie, exchanges the code with the PKCE verifier, and checks the ID token (issuer, audience, nonce, signature); the claims it lacks (email, email_verified, the role) are read from the UserInfo endpoint, whose sub must be the ID token's. The account is the one bound to the issuer and subject; an email account with no identity yet is bound once, when email_verified is true. The operator is then signed in as a password would: the session cookie is set and the browser goes to /admin. Any failure goes to /admin?signInError=REASON (oidc_state, oidc_refused, oidc_failed, oidc_unavailable, oidc_no_email, oidc_email_invalid, oidc_email_unverified, oidc_other_identity, oidc_no_role) (docs/rules/operators.md#signing-in-through-the-providers-identity-service).",
      tags: ['admin'],
      security: 'public',
      responses: {
        302: { description: 'To /admin, signed in, or with signInError saying why not' },
        404: { description: 'not_found: no identity service is configured', schema: errorAnswer },
      },
      handler: async (request, reply) => {
        if (!oidc) throw notConfigured();
        const query = new URL(request.url, 'http://callback').searchParams;
        const result = await oidc.finish(ctx, query, readFlow(request));
        if (!result.ok) {
          request.log.warn(
            { reason: result.reason, detail: result.detail },
            'identity service sign-in refused',
          );
          return toConsole(reply, result.reason);
        }
        void reply.setCookie(COOKIE, result.token, {
          ...sessionCookie,
          maxAge: ABSOLUTE_MS / 1000,
        });
        return toConsole(reply);
      },
    }),
  ];
}
