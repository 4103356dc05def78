import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } from './stand-ins/oidc-issuer.ts';

/**
 * A real OpenID provider, panva's `oidc-provider` (a certified implementation), on 127.0.0.1 at a
 * port the system picks, for the route tests of staff sign-in
 * (docs/rules/operators.md#signing-in-through-the-providers-identity-service). Beside the stand-in
 * issuer, which is written to be told what to answer, this one answers as the standard says: in
 * its default configuration the `email` and `profile` scopes' claims (the role claim among them)
 * come only from the UserInfo endpoint (OpenID Connect Core 5.4); with `idTokenClaims` they are
 * in the ID token as well (its `conformIdTokenClaims: false`). Its login and consent are answered
 * at once for `user`, as a person who is signed in there would see no page.
 */

export interface RealOidcProvider {
  /** The issuer identifier: OIDC_ISSUER. */
  issuer: string;
  /** The account the next sign-in signs in: its subject and claims. */
  user: { sub: string } & Record<string, unknown>;
  /** How many requests the UserInfo endpoint has had. */
  userInfoRequests: number;
  /** What the provider failed on (its `server_error` events), for a test to show. */
  errors: unknown[];
  /** Follows the browser from the authorization URL to the client's redirect URI with the code. */
  authorize(url: URL | string): Promise<URL>;
  close(): Promise<void>;
}

export async function startRealOidcProvider(
  options: { idTokenClaims?: boolean; redirectUri?: string } = {},
): Promise<RealOidcProvider> {
  const redirectUri =
    options.redirectUri ?? 'http://localhost:3000/admin/api/sign-in/oidc/callback';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'real-1', alg: 'RS256', use: 'sig' };
  const state = { userInfoRequests: 0 };
  // Listening first: the issuer identifier names the port the system picked.
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const real: RealOidcProvider = {
    issuer,
    user: { sub: 'someone' },
    errors: [],
    get userInfoRequests() {
      return state.userInfoRequests;
    },
    async authorize(url) {
      // The browser's cookies at the provider, across its redirects (its interaction's session).
      const jar = new Map<string, string>();
      let next = new URL(url);
      for (let hop = 0; hop < 10; hop++) {
        if (next.href.startsWith(`${redirectUri}?`)) return next;
        const res = await fetch(next, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const cookie of res.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
        next = new URL(location, next);
      }
      throw new Error('the provider redirected more than 10 times');
    },
    close: () => new Promise((done) => server.close(() => done())),
  };

  const configuration: Configuration = {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    // The role claim is a profile scope claim, as an identity service would list it.
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'fibre_role'],
    },
    conformIdTokenClaims: options.idTokenClaims !== true,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, found) => `/interaction/${found.uid}` },
    pkce: { required: () => true },
    ttl: { AccessToken: 300, Grant: 600, IdToken: 300, Interaction: 600, Session: 600 },
    findAccount: (_ctx, sub) =>
      sub === real.user.sub ? { accountId: sub, claims: () => ({ ...real.user, sub }) } : undefined,
    routes: { userinfo: '/me' },
  };
  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx, error) => real.errors.push(error));
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) return void interaction(provider, req, res);
    if (req.url?.startsWith('/me')) state.userInfoRequests += 1;
    void handle(req, res);
  });
  return real;

  /** The login and the consent, answered for `real.user` with no page. */
  async function interaction(
    p: Provider,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    try {
      const details = await p.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await p.interactionFinished(req, res, { login: { accountId: real.user.sub } });
        return;
      }
      const grant = new p.Grant({
        accountId: String(details.session?.accountId),
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      await p.interactionFinished(req, res, { consent: { grantId: await grant.save() } });
    } catch (error) {
      res.writeHead(500).end(error instanceof Error ? error.message : String(error));
    }
  }
}
