import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { oidcEnv } from '../test-support/stand-ins/oidc-issuer.ts';
import { startRealOidcProvider, type RealOidcProvider } from '../test-support/oidc-provider.ts';
import { auditOf, findOperatorByEmail, insertOperator } from './repository/operators.ts';

// docs/rules/operators.md#signing-in-through-the-providers-identity-service, against a real
// OpenID provider (oidc-provider) rather than the stand-in: in its default configuration the
// email and the role come only from the UserInfo endpoint; with conformIdTokenClaims off they
// are in the ID token too.

const configurations = [
  ['its default configuration (claims from UserInfo)', false],
  ['the ID-token-claims configuration', true],
] as const;

let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

describe.each(engines())('staff sign-in through oidc-provider on %s', (engine) => {
  describe.each(configurations)('in %s', (_, idTokenClaims) => {
    let provider: RealOidcProvider;
    let t: TestApp;
    beforeAll(async () => {
      provider = await startRealOidcProvider({ idTokenClaims });
      t = await startTestApp(engine, oidcEnv(provider));
    });
    afterAll(async () => {
      await t.close();
      await provider.close();
    });

    async function roundTrip(): Promise<LightMyRequestResponse> {
      const start = await t.app.inject({ method: 'GET', url: '/admin/api/sign-in/oidc' });
      expect(start.statusCode, start.body).toBe(302);
      const flow = start.cookies.find((c) => c.name === 'fibre_oidc')!;
      const callback = await provider.authorize(start.headers.location!);
      return t.app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: `fibre_oidc=${flow.value}` },
        remoteAddress: newAddress(),
      });
    }

    async function operatorOf(res: LightMyRequestResponse) {
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe('/admin');
      const session = res.cookies.find((c) => c.name === 'fibre_operator')!;
      const who = await t.app.inject({
        method: 'GET',
        url: '/admin/api/session',
        headers: { cookie: `fibre_operator=${session.value}` },
      });
      return who.json().operator;
    }

    it('signs a manager in, made by the identity service and bound to the subject', async () => {
      provider.user = {
        sub: 'ann-1',
        email: 'Ann@Example.com',
        email_verified: true,
        fibre_role: 'manager',
      };
      const before = provider.userInfoRequests;
      expect(await operatorOf(await roundTrip())).toEqual({
        email: 'ann@example.com',
        role: 'manager',
      });
      // The ID token lacks the claims in the default configuration: read from UserInfo then only.
      expect(provider.userInfoRequests - before).toBe(idTokenClaims ? 0 : 1);
      expect(await findOperatorByEmail(t.database.db, 'ann@example.com')).toMatchObject({
        identity_issuer: provider.issuer,
        identity_subject: 'ann-1',
        identity_made: true,
      });
      // Demoted at the provider: a viewer from the next sign-in.
      provider.user = { ...provider.user, fibre_role: 'viewer' };
      expect(await operatorOf(await roundTrip())).toEqual({
        email: 'ann@example.com',
        role: 'viewer',
      });
      expect(provider.errors).toEqual([]);
    });

    it('binds an account the CLI made, keeps its role, and refuses another subject later', async () => {
      await insertOperator(t.database.db, {
        id: 'cli-made',
        email: 'cli@example.com',
        role: 'manager',
        password_hash: 'kept',
        created_at: new Date(),
      });
      provider.user = {
        sub: 'cli-1',
        email: 'cli@example.com',
        email_verified: true,
        fibre_role: 'viewer',
      };
      expect(await operatorOf(await roundTrip())).toEqual({
        email: 'cli@example.com',
        role: 'manager',
      });
      provider.user = { ...provider.user, sub: 'cli-2' };
      const res = await roundTrip();
      expect(res.headers.location).toBe('/admin?signInError=oidc_other_identity');
      const audit = await auditOf(t.database.db, 'operator', 'cli@example.com');
      expect(audit.map((a) => a.action)).toEqual([
        'operator_identity_linked',
        'sign_in',
        'sign_in_refused',
      ]);
    });

    it('refuses to make or bind an account for an email it has not verified', async () => {
      provider.user = { sub: 'unv-1', email: 'unv@example.com', fibre_role: 'manager' };
      const res = await roundTrip();
      expect(res.headers.location).toBe('/admin?signInError=oidc_email_unverified');
      expect(await findOperatorByEmail(t.database.db, 'unv@example.com')).toBeUndefined();
    });
  });
});
