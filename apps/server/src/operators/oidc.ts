import * as client from 'openid-client';
import type { IdentitySignInRefusal } from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import type { OidcSettings } from '../config.ts';
import { recordAudit, type OperatorRole } from './repository/operators.ts';
import { identityAccount } from './repository/identities.ts';
import { NO_PASSWORD } from './passwords.ts';
import {
  isOperatorEmail,
  newOperatorId,
  normaliseEmail,
  startSession,
  type SignedIn,
} from './sessions.ts';

/*
 * Staff sign-in through the provider's identity service: OpenID Connect, authorization code with
 * PKCE, by openid-client (docs/rules/operators.md#signing-in-through-the-providers-identity-service,
 * docs/decisions/028-staff-sign-in-oidc.md). The account is the one bound to the ID token's issuer
 * and subject; the email and the role come from the ID token, or from the UserInfo endpoint when
 * the ID token lacks them (OpenID Connect Core 5.4); the session made is the one a password makes.
 */

/** Who the audit names for what the identity service did to an account (made it, set its role). */
export const IDENTITY_AUDIT_NAME = 'identity service';

/** One sign-in's secrets, kept in the browser's short-lived flow cookie until the callback. */
export interface OidcFlow {
  state: string;
  nonce: string;
  verifier: string;
}

export type OidcFinish =
  | { ok: true; token: string; session: SignedIn }
  | { ok: false; reason: IdentitySignInRefusal; detail?: string };

export interface OidcSignIn {
  /** Where to send the browser, and the flow to keep for the callback. */
  start(): Promise<{ url: URL; flow: OidcFlow }>;
  /** The callback's query, checked against the kept flow, to a session. */
  finish(ctx: AppContext, query: URLSearchParams, flow: OidcFlow | undefined): Promise<OidcFinish>;
}

/** Thrown by start() when the issuer's discovery document cannot be had. */
export class IssuerUnavailable extends Error {}

/**
 * The role the claim gives: `manager` or `viewer`, or a list holding either (manager wins);
 * undefined for anything else.
 */
export function roleFromClaim(value: unknown): OperatorRole | undefined {
  const values = Array.isArray(value) ? value : [value];
  if (values.includes('manager')) return 'manager';
  if (values.includes('viewer')) return 'viewer';
  return undefined;
}

export function createOidcSignIn(settings: OidcSettings): OidcSignIn {
  // Plain http only where production mode allows it: tests, development, a demo deployment
  // (app/production.ts refuses it otherwise).
  const insecure = new URL(settings.issuer).protocol === 'http:';
  let configuration: Promise<client.Configuration> | undefined;

  /** Discovery once, on first use; a failure is not kept, so the next sign-in tries again. */
  const configured = () => {
    configuration ??= discover(settings, insecure).catch((error: unknown) => {
      configuration = undefined;
      throw new IssuerUnavailable(error instanceof Error ? error.message : String(error));
    });
    return configuration;
  };

  return {
    async start() {
      const config = await configured();
      const flow: OidcFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
      });
      return { url, flow };
    },

    async finish(ctx, query, flow) {
      // No flow cookie: it expired (10 minutes), or the sign-in began in another browser.
      if (!flow || query.get('state') !== flow.state) return { ok: false, reason: 'oidc_state' };
      if (query.has('error')) {
        return { ok: false, reason: 'oidc_refused', detail: query.get('error') ?? undefined };
      }
      let claims: Claims;
      try {
        const config = await configured();
        // The redirect URI is the configured one, never rebuilt from the request's Host.
        const current = new URL(settings.redirectUri);
        current.search = query.toString();
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) return { ok: false, reason: 'oidc_failed', detail: 'no ID token' };
        claims = await withUserInfo(config, settings, idToken, tokens.access_token);
      } catch (error) {
        const reason = error instanceof IssuerUnavailable ? 'oidc_unavailable' : 'oidc_failed';
        return {
          ok: false,
          reason,
          detail: error instanceof Error ? error.message : String(error),
        };
      }
      return signInWithClaims(ctx, settings, claims);
    },
  };
}

/** What the sign-in reads: the ID token's issuer and subject, the email and the role claim. */
interface Claims {
  iss: string;
  sub: string;
  email: unknown;
  emailVerified: unknown;
  role: unknown;
}

/**
 * The ID token's claims, with the ones it lacks read from the UserInfo endpoint (OpenID Connect
 * Core 5.4: with the code flow, the `email` and `profile` scopes' claims may come only from there),
 * by the access token. Its `sub` must be the ID token's (Core 5.3.2; the library checks it). The
 * email and `email_verified` come as a pair from one source: the ID token's when it has both.
 */
async function withUserInfo(
  config: client.Configuration,
  settings: OidcSettings,
  idToken: client.IDToken,
  accessToken: string,
): Promise<Claims> {
  const fromToken: Claims = {
    iss: idToken.iss,
    sub: idToken.sub,
    email: idToken.email,
    emailVerified: idToken.email_verified,
    role: idToken[settings.roleClaim],
  };
  const complete =
    fromToken.email !== undefined &&
    fromToken.emailVerified !== undefined &&
    fromToken.role !== undefined;
  if (complete || !config.serverMetadata().userinfo_endpoint) return fromToken;
  const info = await client.fetchUserInfo(config, accessToken, idToken.sub);
  const tokenPair = fromToken.email !== undefined && fromToken.emailVerified !== undefined;
  const infoPair = !tokenPair && info.email !== undefined;
  return {
    ...fromToken,
    email: infoPair ? info.email : fromToken.email,
    emailVerified: infoPair ? info.email_verified : fromToken.emailVerified,
    role: fromToken.role ?? info[settings.roleClaim],
  };
}

async function discover(settings: OidcSettings, insecure: boolean): Promise<client.Configuration> {
  const options = { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10 };
  const found = await client.discovery(
    new URL(settings.issuer),
    settings.clientId,
    settings.clientSecret,
    undefined,
    options,
  );
  const metadata = found.serverMetadata();
  // client_secret_basic unless the issuer says it takes only client_secret_post (RFC 8414: basic
  // is the default when it says nothing).
  const methods = metadata.token_endpoint_auth_methods_supported;
  const auth =
    methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
      ? client.ClientSecretPost(settings.clientSecret)
      : client.ClientSecretBasic(settings.clientSecret);
  const config = new client.Configuration(metadata, settings.clientId, settings.clientSecret, auth);
  if (insecure) client.allowInsecureRequests(config);
  config.timeout = 10;
  return config;
}

/** The checked claims to a session: the identity's account and a recognised role. */
async function signInWithClaims(
  ctx: AppContext,
  settings: OidcSettings,
  claims: Claims,
): Promise<OidcFinish> {
  const db = ctx.database.db;
  const now = ctx.now();
  const typed = typeof claims.email === 'string' ? normaliseEmail(claims.email) : undefined;
  // The CLI's email rule: a claim it refuses (a NUL in it, no domain) names nobody, and is not
  // written to the audit either.
  if (typed !== undefined && !isOperatorEmail(typed)) {
    return { ok: false, reason: 'oidc_email_invalid' };
  }
  const refuse = async (
    reason: IdentitySignInRefusal,
    email: string | undefined,
  ): Promise<OidcFinish> => {
    if (email !== undefined) {
      await recordAudit(db, {
        operatorEmail: email,
        at: now,
        action: 'sign_in_refused',
        subjectType: 'operator',
        subjectId: email,
        after: { method: 'identity service', reason },
      });
    }
    return { ok: false, reason };
  };
  if (claims.emailVerified === false) return refuse('oidc_email_unverified', typed);
  const role = roleFromClaim(claims.role);
  if (!role) return refuse('oidc_no_role', typed);
  const account = await identityAccount(db, {
    issuer: claims.iss,
    subject: claims.sub,
    email: typed,
    // The boolean true only: a string ("true", "false") or no claim is no verification.
    emailVerified: claims.emailVerified === true,
    role,
    managesLocalRoles: settings.managesLocalRoles,
    id: newOperatorId(),
    passwordHash: NO_PASSWORD,
    now,
  });
  if (!account.ok) return refuse(account.reason, typed);
  const { email } = account;
  const byService = { operatorEmail: IDENTITY_AUDIT_NAME, at: now, subjectType: 'operator' };
  if (account.added) {
    await recordAudit(db, {
      ...byService,
      subjectId: email,
      action: 'operator_added',
      after: { email, role },
    });
  }
  if (account.linked) {
    await recordAudit(db, {
      ...byService,
      subjectId: email,
      action: 'operator_identity_linked',
      after: { issuer: claims.iss, subject: claims.sub },
    });
  }
  if (account.roleBefore !== undefined) {
    await recordAudit(db, {
      ...byService,
      subjectId: email,
      action: 'operator_role_changed',
      before: { role: account.roleBefore },
      after: { role: account.role },
    });
  }
  const { token, session } = await startSession(ctx, { id: account.id, email, role: account.role });
  await recordAudit(db, {
    operatorEmail: email,
    at: now,
    action: 'sign_in',
    subjectType: 'operator',
    subjectId: email,
    after: { method: 'identity service' },
  });
  return { ok: true, token, session };
}
