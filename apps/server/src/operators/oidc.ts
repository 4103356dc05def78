import * as client from 'openid-client';
import type { IdentitySignInRefusal } from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import type { OidcSettings } from '../config.ts';
import { recordAudit, upsertIdentityOperator, type OperatorRole } from './repository/operators.ts';
import { NO_PASSWORD } from './passwords.ts';
import { newOperatorId, normaliseEmail, startSession, type SignedIn } from './sessions.ts';

/*
 * Staff sign-in through the provider's identity service: OpenID Connect, authorization code with
 * PKCE, by openid-client (docs/rules/operators.md#signing-in-through-the-providers-identity-service,
 * docs/decisions/028-staff-sign-in-oidc.md). The issuer's ID token names the email and the role;
 * the session made is the one a password makes.
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
      let claims: client.IDToken | undefined;
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
        claims = tokens.claims();
      } catch (error) {
        const reason = error instanceof IssuerUnavailable ? 'oidc_unavailable' : 'oidc_failed';
        return {
          ok: false,
          reason,
          detail: error instanceof Error ? error.message : String(error),
        };
      }
      if (!claims) return { ok: false, reason: 'oidc_failed', detail: 'no ID token' };
      return signInWithClaims(ctx, settings, claims);
    },
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

/** The checked ID token's claims to a session: the email (verified) and a recognised role. */
async function signInWithClaims(
  ctx: AppContext,
  settings: OidcSettings,
  claims: client.IDToken,
): Promise<OidcFinish> {
  const db = ctx.database.db;
  const now = ctx.now();
  if (typeof claims.email !== 'string' || !claims.email.includes('@')) {
    return { ok: false, reason: 'oidc_no_email' };
  }
  const email = normaliseEmail(claims.email);
  const refuse = async (reason: IdentitySignInRefusal): Promise<OidcFinish> => {
    await recordAudit(db, {
      operatorEmail: email,
      at: now,
      action: 'sign_in_refused',
      subjectType: 'operator',
      subjectId: email,
      after: { method: 'identity service', reason },
    });
    return { ok: false, reason };
  };
  if (claims.email_verified === false) return refuse('oidc_email_unverified');
  const role = roleFromClaim(claims[settings.roleClaim]);
  if (!role) return refuse('oidc_no_role');
  const account = await upsertIdentityOperator(db, {
    id: newOperatorId(),
    email,
    role,
    password_hash: NO_PASSWORD,
    now,
  });
  const byService = { operatorEmail: IDENTITY_AUDIT_NAME, at: now, subjectType: 'operator' };
  if (account.added) {
    await recordAudit(db, {
      ...byService,
      subjectId: email,
      action: 'operator_added',
      after: { email, role },
    });
  } else if (account.roleBefore !== role) {
    await recordAudit(db, {
      ...byService,
      subjectId: email,
      action: 'operator_role_changed',
      before: { role: account.roleBefore },
      after: { role },
    });
  }
  const { token, session } = await startSession(ctx, { id: account.id, email, role });
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
