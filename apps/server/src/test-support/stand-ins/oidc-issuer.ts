import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { startStandIn, type RecordedRequest, type StandIn } from './recorder.ts';

/**
 * The provider's identity service (docs/rules/operators.md#signing-in-through-the-providers-identity-service),
 * as an OpenID Connect issuer written from the specifications would answer: discovery
 * (`/.well-known/openid-configuration`), the authorization endpoint, the token endpoint and the
 * JWKS and the UserInfo endpoint. The authorization endpoint signs in `user` at once (no login page) and sends the browser
 * back with a code. The token endpoint checks what a real one checks: the client's id and secret
 * (client_secret_basic), the code (once, for 60 s), the redirect URI it was issued for and the
 * PKCE verifier (S256). ID tokens are signed RS256 by a key the JWKS publishes. UserInfo answers
 * the signed-in user's claims to the access token the token endpoint gave for them.
 */

export const OIDC_CLIENT_ID = 'fibre-console';
export const OIDC_CLIENT_SECRET = 'oidc-test-client-secret';

export interface OidcIssuer extends StandIn {
  /** The issuer identifier: OIDC_ISSUER. */
  issuer: string;
  /** The claims the next sign-in's ID token carries beside the standard ones: email, role... */
  user: Record<string, unknown>;
  /** Claims to put over the next ID tokens' standard ones (a wrong `aud`, `nonce`, `iss`). */
  tamper: Record<string, unknown>;
  /** Claims to put over UserInfo's answer (another `sub`). */
  tamperUserInfo: Record<string, unknown>;
  /** An OAuth error the authorization endpoint answers instead of a code (`access_denied`). */
  refuse: string | undefined;
  /** Codes the token endpoint refused, and why. */
  refusals: string[];
}

interface Grant {
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  user: Record<string, unknown>;
  expires: number;
}

const sha256url = (text: string) => createHash('sha256').update(text).digest('base64url');

export async function startOidcIssuer(
  options: { user?: Record<string, unknown> } = {},
): Promise<OidcIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'stand-in-1', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  /** The user each access token was given for, for UserInfo. */
  const accessTokens = new Map<string, Record<string, unknown>>();
  let issuer = '';

  const authorize = (req: RecordedRequest) => {
    const q = req.query;
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== OIDC_CLIENT_ID || !redirectUri) {
      return { status: 400, body: { error: 'invalid_request' } };
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', q.get('state') ?? '');
    back.searchParams.set('iss', issuer);
    if (state.refuse) {
      back.searchParams.set('error', state.refuse);
    } else if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256') {
      back.searchParams.set('error', 'unsupported_response_type');
    } else {
      const code = randomBytes(16).toString('base64url');
      grants.set(code, {
        redirectUri,
        challenge: q.get('code_challenge') ?? '',
        nonce: q.get('nonce') ?? undefined,
        user: { ...state.user },
        expires: Date.now() + 60_000,
      });
      back.searchParams.set('code', code);
    }
    return { status: 302, headers: { location: back.href } };
  };

  const token = async (req: RecordedRequest) => {
    const refuse = (error: string, why: string) => {
      state.refusals.push(why);
      return { status: 400, body: { error, error_description: why } };
    };
    const basic = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    const [id, secret] = Buffer.from(basic ?? '', 'base64')
      .toString('utf8')
      .split(':')
      .map((part) => decodeURIComponent(part));
    if (id !== OIDC_CLIENT_ID || secret !== OIDC_CLIENT_SECRET) {
      return { status: 401, body: { error: 'invalid_client' } };
    }
    const code = req.form.get('code') ?? '';
    const grant = grants.get(code);
    grants.delete(code);
    if (req.form.get('grant_type') !== 'authorization_code') {
      return refuse('unsupported_grant_type', 'grant type');
    }
    if (!grant || grant.expires < Date.now()) return refuse('invalid_grant', 'unknown code');
    if (req.form.get('redirect_uri') !== grant.redirectUri) {
      return refuse('invalid_grant', 'redirect_uri differs');
    }
    if (sha256url(req.form.get('code_verifier') ?? '') !== grant.challenge) {
      return refuse('invalid_grant', 'PKCE verifier');
    }
    const now = Math.floor(Date.now() / 1000);
    const subject = String(grant.user.sub ?? grant.user.email ?? 'someone');
    const accessToken = randomBytes(16).toString('base64url');
    accessTokens.set(accessToken, { ...grant.user, sub: subject });
    const idToken = await new SignJWT({
      ...grant.user,
      ...(grant.nonce === undefined ? {} : { nonce: grant.nonce }),
      ...state.tamper,
    })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
      .setIssuer(String(state.tamper.iss ?? issuer))
      .setAudience((state.tamper.aud as string | undefined) ?? OIDC_CLIENT_ID)
      .setSubject(subject)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(privateKey);
    return {
      status: 200,
      headers: { 'cache-control': 'no-store' },
      body: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      },
    };
  };

  const standIn = await startStandIn(async (req) => {
    if (req.method === 'GET' && req.path === '/.well-known/openid-configuration') {
      return {
        status: 200,
        body: {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          userinfo_endpoint: `${issuer}/userinfo`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          code_challenge_methods_supported: ['S256'],
          authorization_response_iss_parameter_supported: true,
          scopes_supported: ['openid', 'email', 'profile'],
        },
      };
    }
    if (req.method === 'GET' && req.path === '/userinfo') {
      const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
      const user = accessTokens.get(bearer ?? '');
      if (!user) return { status: 401, body: { error: 'invalid_token' } };
      return { status: 200, body: { ...user, ...state.tamperUserInfo } };
    }
    if (req.method === 'GET' && req.path === '/jwks') return { status: 200, body: { keys: [jwk] } };
    if (req.method === 'GET' && req.path === '/authorize') return authorize(req);
    if (req.method === 'POST' && req.path === '/token') return token(req);
    return { status: 404, body: { error: 'not_found' } };
  });
  issuer = standIn.origin;
  const state: OidcIssuer = {
    ...standIn,
    issuer,
    user: options.user ?? {},
    tamper: {},
    tamperUserInfo: {},
    refuse: undefined,
    refusals: [],
  };
  return state;
}

/** The configuration that points the server's staff sign-in at the stand-in. */
export const oidcEnv = (issuer: Pick<OidcIssuer, 'issuer'>) => ({
  OIDC_ISSUER: issuer.issuer,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
});
