import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import {
  oidcEnv,
  startOidcIssuer,
  type OidcIssuer,
} from '../test-support/stand-ins/oidc-issuer.ts';
import { loadConfig } from '../config.ts';
import { productionGaps } from '../app/production.ts';
import { hashPassword, scryptForTests, TEST_SCRYPT } from './passwords.ts';
import { auditOf, findOperatorByEmail, insertOperator } from './repository/operators.ts';
import { roleFromClaim } from './oidc.ts';
import { isOperatorEmail } from './sessions.ts';

// docs/rules/operators.md#signing-in-through-the-providers-identity-service, against a stand-in
// issuer that speaks discovery, the token endpoint and JWKS, and checks PKCE and the client.

const MANAGER = { email: 'Ann.Manager@Example.com', email_verified: true, fibre_role: 'manager' };

let nextAddress = 1;
const newAddress = () => `203.0.113.${nextAddress++}`;

describe.each(engines())('staff sign-in through the identity service on %s', (engine) => {
  let issuer: OidcIssuer;
  let t: TestApp;
  beforeAll(async () => {
    issuer = await startOidcIssuer();
    t = await startTestApp(engine, { ...oidcEnv(issuer), OIDC_PROVIDER_NAME: 'Acme Staff' });
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });
  beforeEach(() => {
    issuer.user = { ...MANAGER };
    issuer.tamper = {};
    issuer.tamperUserInfo = {};
    issuer.refuse = undefined;
  });

  const cookieOf = (res: LightMyRequestResponse, name: string) =>
    res.cookies.find((c) => c.name === name);

  /** The browser's round trip: the start, the issuer's redirect, the callback. */
  async function roundTrip(
    change: { state?: string; dropFlow?: boolean; app?: TestApp } = {},
  ): Promise<LightMyRequestResponse> {
    const app = (change.app ?? t).app;
    const start = await app.inject({ method: 'GET', url: '/admin/api/sign-in/oidc' });
    expect(start.statusCode, start.body).toBe(302);
    const flow = cookieOf(start, 'fibre_oidc')!;
    expect(flow).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/admin/api/sign-in/oidc',
    });
    const authorize = new URL(start.headers.location!);
    expect(authorize.origin).toBe(issuer.origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    // Nothing secret travels in the URL: the verifier and nonce's origin stay in the cookie.
    expect(authorize.href).not.toContain(JSON.parse(atob64(flow.value)).verifier);
    const back = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    expect(callback.href.startsWith('http://localhost:3000/admin/api/sign-in/oidc/callback?')).toBe(
      true,
    );
    if (change.state) callback.searchParams.set('state', change.state);
    return app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: change.dropFlow ? {} : { cookie: `fibre_oidc=${flow.value}` },
      remoteAddress: newAddress(),
    });
  }
  const atob64 = (value: string) => Buffer.from(value, 'base64url').toString('utf8');

  function signedIn(res: LightMyRequestResponse): string {
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/admin');
    const session = cookieOf(res, 'fibre_operator')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
    return `fibre_operator=${session.value}`;
  }

  function refused(res: LightMyRequestResponse, reason: string) {
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(`/admin?signInError=${reason}`);
    expect(cookieOf(res, 'fibre_operator')).toBeUndefined();
  }

  it('answers the ways to sign in: passwords and the named identity service', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/sign-in/options' });
    expect(res.json()).toEqual({ passwords: true, identityService: { name: 'Acme Staff' } });
  });

  it('signs a manager in: the same session as a password, and they read the orders', async () => {
    const cookie = signedIn(await roundTrip());
    const who = await t.app.inject({
      method: 'GET',
      url: '/admin/api/session',
      headers: { cookie },
    });
    expect(who.json()).toMatchObject({
      operator: { email: 'ann.manager@example.com', role: 'manager' },
    });
    const orders = await t.app.inject({
      method: 'GET',
      url: '/admin/api/orders',
      headers: { cookie },
    });
    expect(orders.statusCode, orders.body).toBe(200);
    // A change works with the session's CSRF token, as for a password's session.
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/admin/api/session',
      headers: { cookie, 'x-csrf-token': who.json().csrfToken },
    });
    expect(out.statusCode).toBe(204);
    // The account was made with no password, by the identity service, and each sign-in audited.
    const account = await findOperatorByEmail(t.database.db, 'ann.manager@example.com');
    expect(account?.role).toBe('manager');
    const audit = await auditOf(t.database.db, 'operator', 'ann.manager@example.com');
    expect(audit.map((a) => [a.operator_email, a.action])).toEqual([
      ['identity service', 'operator_added'],
      ['ann.manager@example.com', 'sign_in'],
      ['ann.manager@example.com', 'sign_out'],
    ]);
    // ...and no password signs that account in.
    const attempt = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: {
        email: 'ann.manager@example.com',
        password: 'none: signs in through the identity service',
      },
      remoteAddress: newAddress(),
    });
    expect(attempt.statusCode).toBe(401);
  });

  it('takes the role from the claim at each sign-in: a viewer reads but may not change', async () => {
    issuer.user = {
      email: 'vic@example.com',
      email_verified: true,
      fibre_role: ['staff', 'viewer'],
    };
    const cookie = signedIn(await roundTrip());
    const who = await t.app.inject({
      method: 'GET',
      url: '/admin/api/session',
      headers: { cookie },
    });
    expect(who.json().operator).toEqual({ email: 'vic@example.com', role: 'viewer' });
    const unlock = await t.app.inject({
      method: 'POST',
      url: '/admin/api/operators/someone@example.com/unlock',
      headers: { cookie, 'x-csrf-token': who.json().csrfToken },
    });
    expect(unlock.statusCode).toBe(403);
    // Promoted at the identity service: a manager from the next sign-in, the change audited.
    issuer.user = { email: 'vic@example.com', email_verified: true, fibre_role: 'manager' };
    signedIn(await roundTrip());
    expect((await findOperatorByEmail(t.database.db, 'vic@example.com'))?.role).toBe('manager');
    const audit = await auditOf(t.database.db, 'operator', 'vic@example.com');
    expect(audit.find((a) => a.action === 'operator_role_changed')).toMatchObject({
      before: { role: 'viewer' },
      after: { role: 'manager' },
    });
  });

  /** An account as the CLI or the setup code makes it: a password, no identity. */
  const localAccount = (email: string, role: 'manager' | 'viewer', app: TestApp = t) =>
    insertOperator(app.database.db, {
      id: `local-${email}`,
      email,
      role,
      password_hash: 'kept',
      created_at: new Date(),
    });
  const identityOf = (email: string) =>
    t.database.db
      .selectFrom('operators')
      .select(['identity_issuer', 'identity_subject', 'identity_made', 'role'])
      .where('email', '=', email)
      .executeTakeFirst();

  it('binds an account made by the CLI to the identity once, keeping its password and its role', async () => {
    await localAccount('pat@example.com', 'viewer');
    issuer.user = {
      sub: 'pat-1',
      email: 'pat@example.com',
      email_verified: true,
      fibre_role: 'manager',
    };
    signedIn(await roundTrip());
    const account = await findOperatorByEmail(t.database.db, 'pat@example.com');
    // The role claim does not promote an account the identity service did not make.
    expect(account).toMatchObject({
      id: 'local-pat@example.com',
      role: 'viewer',
      password_hash: 'kept',
      identity_issuer: issuer.issuer,
      identity_subject: 'pat-1',
      identity_made: false,
    });
    const audit = await auditOf(t.database.db, 'operator', 'pat@example.com');
    expect(audit.map((a) => [a.operator_email, a.action, a.after])).toEqual([
      ['identity service', 'operator_identity_linked', { issuer: issuer.issuer, subject: 'pat-1' }],
      ['pat@example.com', 'sign_in', { method: 'identity service' }],
    ]);
    // The bound identity signs in by its subject, whatever email the service gives it later.
    issuer.user = {
      sub: 'pat-1',
      email: 'pat.new@example.com',
      email_verified: true,
      fibre_role: 'viewer',
    };
    const cookie = signedIn(await roundTrip());
    const who = await t.app.inject({
      method: 'GET',
      url: '/admin/api/session',
      headers: { cookie },
    });
    expect(who.json().operator).toEqual({ email: 'pat@example.com', role: 'viewer' });
    expect(await findOperatorByEmail(t.database.db, 'pat.new@example.com')).toBeUndefined();
  });

  it('refuses another subject with the email of an account bound to an identity', async () => {
    await localAccount('quin@example.com', 'manager');
    issuer.user = {
      sub: 'quin-1',
      email: 'quin@example.com',
      email_verified: true,
      fibre_role: 'manager',
    };
    signedIn(await roundTrip());
    issuer.user = {
      sub: 'intruder',
      email: 'Quin@Example.com',
      email_verified: true,
      fibre_role: 'manager',
    };
    refused(await roundTrip(), 'oidc_other_identity');
    expect(await identityOf('quin@example.com')).toMatchObject({ identity_subject: 'quin-1' });
    const audit = await auditOf(t.database.db, 'operator', 'quin@example.com');
    expect(audit.at(-1)).toMatchObject({
      action: 'sign_in_refused',
      after: { method: 'identity service', reason: 'oidc_other_identity' },
    });
    // An account the identity service made is bound to its subject alike.
    issuer.user = {
      sub: 'rae-1',
      email: 'rae@example.com',
      email_verified: true,
      fibre_role: 'viewer',
    };
    signedIn(await roundTrip());
    issuer.user = {
      sub: 'rae-2',
      email: 'rae@example.com',
      email_verified: true,
      fibre_role: 'manager',
    };
    refused(await roundTrip(), 'oidc_other_identity');
    expect(await identityOf('rae@example.com')).toMatchObject({
      identity_subject: 'rae-1',
      identity_made: true,
      role: 'viewer',
    });
  });

  it.each([
    ['no email_verified', {}, 'sam.none@example.com'],
    ['email_verified "true", a string', { email_verified: 'true' }, 'sam.true@example.com'],
    ['email_verified "false", a string', { email_verified: 'false' }, 'sam.false@example.com'],
    ['email_verified false', { email_verified: false }, 'sam.no@example.com'],
  ])('binds no account and makes none with %s', async (_, verified, email) => {
    await localAccount(email, 'manager');
    issuer.user = { sub: `other-${email}`, email, fibre_role: 'manager', ...verified };
    refused(await roundTrip(), 'oidc_email_unverified');
    expect(await identityOf(email)).toMatchObject({
      identity_issuer: null,
      identity_subject: null,
    });
    issuer.user = {
      sub: `new-${email}`,
      email: `new.${email}`,
      fibre_role: 'manager',
      ...verified,
    };
    refused(await roundTrip(), 'oidc_email_unverified');
    expect(await findOperatorByEmail(t.database.db, `new.${email}`)).toBeUndefined();
  });

  it('does not demote a manager the setup code or CLI made, nor their live password session', async () => {
    scryptForTests(TEST_SCRYPT);
    await insertOperator(t.database.db, {
      id: 'boss',
      email: 'boss@example.com',
      role: 'manager',
      password_hash: await hashPassword('a long enough password'),
      created_at: new Date(),
    });
    const password = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: 'boss@example.com', password: 'a long enough password' },
      remoteAddress: newAddress(),
    });
    expect(password.statusCode, password.body).toBe(200);
    const passwordCookie = `fibre_operator=${cookieOf(password, 'fibre_operator')!.value}`;
    issuer.user = {
      sub: 'boss-1',
      email: 'boss@example.com',
      email_verified: true,
      fibre_role: 'viewer',
    };
    const cookie = signedIn(await roundTrip());
    for (const session of [cookie, passwordCookie]) {
      const who = await t.app.inject({
        method: 'GET',
        url: '/admin/api/session',
        headers: { cookie: session },
      });
      expect(who.json().operator).toEqual({ email: 'boss@example.com', role: 'manager' });
    }
    const audit = await auditOf(t.database.db, 'operator', 'boss@example.com');
    expect(audit.map((a) => a.action)).not.toContain('operator_role_changed');
  });

  it('refuses an email the CLI would refuse (a NUL in it) with the sign-in screen, never a 5xx', async () => {
    for (const email of ['nul\u0000@example.com', 'two@@example.com', 'no-domain@example']) {
      issuer.user = { sub: `bad-${email}`, email, email_verified: true, fibre_role: 'manager' };
      const res = await roundTrip();
      refused(res, 'oidc_email_invalid');
    }
    const made = await t.database.db
      .selectFrom('operators')
      .select('email')
      .where('identity_subject', 'like', 'bad-%')
      .execute();
    expect(made).toEqual([]);
  });

  it.each([
    ['no role claim', { email: 'x@example.com' }, 'oidc_no_role'],
    ['a role it does not know', { email: 'x@example.com', fibre_role: 'admin' }, 'oidc_no_role'],
    ['no email', { fibre_role: 'manager' }, 'oidc_no_email'],
    [
      'an email the service has not verified',
      { email: 'x@example.com', email_verified: false, fibre_role: 'manager' },
      'oidc_email_unverified',
    ],
  ])('refuses an ID token with %s: nothing made, back to sign-in', async (_, user, reason) => {
    issuer.user = user;
    refused(await roundTrip(), reason);
    expect(await findOperatorByEmail(t.database.db, 'x@example.com')).toBeUndefined();
  });

  it('audits a refusal it can name an email for', async () => {
    issuer.user = { email: 'nobody@example.com', fibre_role: 'guest' };
    refused(await roundTrip(), 'oidc_no_role');
    const audit = await auditOf(t.database.db, 'operator', 'nobody@example.com');
    expect(audit.map((a) => [a.action, a.after])).toEqual([
      ['sign_in_refused', { method: 'identity service', reason: 'oidc_no_role' }],
    ]);
  });

  it.each([
    ['another audience', { aud: 'someone-else' }],
    ['another nonce', { nonce: 'not-the-one-sent' }],
    ['another issuer', { iss: 'https://impostor.example.com' }],
  ])('refuses an ID token for %s', async (_, tamper) => {
    issuer.tamper = tamper;
    refused(await roundTrip(), 'oidc_failed');
  });

  it('reads what the ID token lacks from UserInfo, whose subject must be the ID token’s', async () => {
    issuer.user = { sub: 'uma-1', fibre_role: 'viewer' };
    issuer.tamperUserInfo = {
      email: 'uma@example.com',
      email_verified: true,
      fibre_role: 'manager',
    };
    const cookie = signedIn(await roundTrip());
    const who = await t.app.inject({
      method: 'GET',
      url: '/admin/api/session',
      headers: { cookie },
    });
    // The ID token's own claims win: the role is its, the email UserInfo's.
    expect(who.json().operator).toEqual({ email: 'uma@example.com', role: 'viewer' });
    const info = issuer.requests.filter((r) => r.path === '/userinfo').at(-1)!;
    expect(info.headers.authorization).toMatch(/^Bearer /);
    // A UserInfo answer about another subject is not believed.
    issuer.user = { sub: 'vera-1', fibre_role: 'manager' };
    issuer.tamperUserInfo = { sub: 'uma-1', email: 'uma@example.com', email_verified: true };
    refused(await roundTrip(), 'oidc_failed');
    // A complete ID token needs no UserInfo request.
    issuer.user = { ...MANAGER };
    issuer.tamperUserInfo = {};
    const before = issuer.requests.filter((r) => r.path === '/userinfo').length;
    signedIn(await roundTrip());
    expect(issuer.requests.filter((r) => r.path === '/userinfo').length).toBe(before);
  });

  it('refuses a callback whose state is not the flow cookie’s, or with no flow cookie', async () => {
    refused(await roundTrip({ state: 'forged' }), 'oidc_state');
    refused(await roundTrip({ dropFlow: true }), 'oidc_state');
  });

  it('goes back to sign-in when the issuer refuses', async () => {
    issuer.refuse = 'access_denied';
    refused(await roundTrip(), 'oidc_refused');
  });

  it('sends the PKCE verifier and redirect URI the issuer checks', async () => {
    const before = issuer.refusals.length;
    signedIn(await roundTrip());
    expect(issuer.refusals.length).toBe(before);
    const token = issuer.requests.filter((r) => r.path === '/token').at(-1)!;
    expect(token.form.get('redirect_uri')).toBe(
      'http://localhost:3000/admin/api/sign-in/oidc/callback',
    );
    expect(token.form.get('code_verifier')).toMatch(/^[\w-]{43,}$/);
    expect(token.headers.authorization).toMatch(/^Basic /);
  });

  it('redirects to the configured public URL whatever Host the request names', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: '/admin/api/sign-in/oidc',
      headers: { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' },
    });
    const authorize = new URL(start.headers.location!);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/admin/api/sign-in/oidc/callback',
    );
  });
});

describe.each(engines())('with OIDC_MANAGES_LOCAL_ROLES=on on %s', (engine) => {
  let issuer: OidcIssuer;
  let t: TestApp;
  beforeAll(async () => {
    issuer = await startOidcIssuer();
    t = await startTestApp(engine, { ...oidcEnv(issuer), OIDC_MANAGES_LOCAL_ROLES: 'on' });
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  it('the role claim sets the role of an account the CLI made too, audited', async () => {
    await insertOperator(t.database.db, {
      id: 'cli-made',
      email: 'pat@example.com',
      role: 'viewer',
      password_hash: 'kept',
      created_at: new Date(),
    });
    issuer.user = {
      sub: 'pat-1',
      email: 'pat@example.com',
      email_verified: true,
      fibre_role: 'manager',
    };
    const start = await t.app.inject({ method: 'GET', url: '/admin/api/sign-in/oidc' });
    const flow = start.cookies.find((c) => c.name === 'fibre_oidc')!;
    const back = await fetch(start.headers.location!, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    const res = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `fibre_oidc=${flow.value}` },
    });
    expect(res.headers.location).toBe('/admin');
    const account = await findOperatorByEmail(t.database.db, 'pat@example.com');
    expect(account).toMatchObject({ id: 'cli-made', role: 'manager', password_hash: 'kept' });
    const audit = await auditOf(t.database.db, 'operator', 'pat@example.com');
    expect(audit.find((a) => a.action === 'operator_role_changed')).toMatchObject({
      before: { role: 'viewer' },
      after: { role: 'manager' },
    });
  });
});

describe('with passwords off', () => {
  let issuer: OidcIssuer;
  let t: TestApp;
  beforeAll(async () => {
    scryptForTests(TEST_SCRYPT);
    issuer = await startOidcIssuer();
    t = await startTestApp('pglite', { ...oidcEnv(issuer), OPERATOR_PASSWORDS: 'off' });
    await insertOperator(t.database.db, {
      id: 'pw',
      email: 'pw@example.com',
      role: 'manager',
      password_hash: await hashPassword('a long enough password'),
      created_at: new Date(),
    });
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  it('the options say so, and the password API refuses even a right password', async () => {
    const options = await t.app.inject({ method: 'GET', url: '/admin/api/sign-in/options' });
    expect(options.json()).toEqual({ passwords: false, identityService: { name: null } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: 'pw@example.com', password: 'a long enough password' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'password_sign_in_off',
      message:
        "Password sign-in is turned off here: sign in through the provider's identity service",
    });
    expect(cookieNames(res)).not.toContain('fibre_operator');
  });

  const cookieNames = (res: LightMyRequestResponse) => res.cookies.map((c) => c.name);
});

describe('without an identity service', () => {
  it('has no identity sign-in: the options say so and its routes answer 404', async () => {
    const t = await startTestApp('pglite');
    try {
      const options = await t.app.inject({ method: 'GET', url: '/admin/api/sign-in/options' });
      expect(options.json()).toEqual({ passwords: true, identityService: null });
      const start = await t.app.inject({ method: 'GET', url: '/admin/api/sign-in/oidc' });
      expect(start.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('goes back to sign-in with oidc_unavailable when the issuer cannot be reached', async () => {
    const t = await startTestApp('pglite', {
      OIDC_ISSUER: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
    });
    try {
      const start = await t.app.inject({ method: 'GET', url: '/admin/api/sign-in/oidc' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/admin?signInError=oidc_unavailable');
    } finally {
      await t.close();
    }
  });
});

describe('the configuration of staff sign-in', () => {
  const oidc = {
    OIDC_ISSUER: 'https://id.example.com',
    OIDC_CLIENT_ID: 'c',
    OIDC_CLIENT_SECRET: 's',
  };

  it.each([
    ['OIDC_ISSUER alone', { OIDC_ISSUER: oidc.OIDC_ISSUER }],
    ['no secret', { OIDC_ISSUER: oidc.OIDC_ISSUER, OIDC_CLIENT_ID: 'c' }],
    ['a secret alone', { OIDC_CLIENT_SECRET: 's' }],
  ])('stops the start with %s: all three or none', (_, env) => {
    expect(() => loadConfig(env)).toThrow(
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three (staff sign in through the identity service) or none',
    );
  });

  it('stops the start with passwords off and no identity service: nobody could sign in', () => {
    expect(() => loadConfig({ OPERATOR_PASSWORDS: 'off' })).toThrow(
      'OPERATOR_PASSWORDS=off needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
    );
    expect(() => loadConfig({ OPERATOR_PASSWORDS: 'no' })).toThrow(
      'OPERATOR_PASSWORDS must be on or off',
    );
  });

  it('derives the redirect URI from PUBLIC_URL and reads the role from fibre_role unless told', () => {
    const config = loadConfig({ ...oidc, PUBLIC_URL: 'https://join.example.com/' });
    expect(config.operatorSignIn).toEqual({
      passwords: true,
      oidc: {
        issuer: 'https://id.example.com',
        clientId: 'c',
        clientSecret: 's',
        roleClaim: 'fibre_role',
        providerName: undefined,
        managesLocalRoles: false,
        redirectUri: 'https://join.example.com/admin/api/sign-in/oidc/callback',
      },
    });
    expect(loadConfig({ ...oidc, OIDC_ROLE_CLAIM: 'groups' }).operatorSignIn.oidc?.roleClaim).toBe(
      'groups',
    );
    expect(
      loadConfig({ ...oidc, OIDC_MANAGES_LOCAL_ROLES: 'on' }).operatorSignIn.oidc
        ?.managesLocalRoles,
    ).toBe(true);
    expect(() => loadConfig({ ...oidc, OIDC_MANAGES_LOCAL_ROLES: 'yes' })).toThrow(
      'OIDC_MANAGES_LOCAL_ROLES must be on or off',
    );
  });

  it('refuses a plain-http issuer in production mode, unless a demo deployment is meant', () => {
    const production = (issuer: string, demo: Record<string, string> = {}) =>
      productionGaps(
        loadConfig({
          NODE_ENV: 'production',
          DATABASE_URL: 'postgres://db/x',
          CHARGEBEE_SITE: 'acme',
          CHARGEBEE_PUBLISHABLE_KEY: 'pk',
          CHARGEBEE_API_KEY: 'sk',
          WEBHOOK_SECRET_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
          PUBLIC_URL: 'https://signup.example.com',
          ...oidc,
          OIDC_ISSUER: issuer,
          ...demo,
        }),
      );
    expect(production('http://id.example.com')).toEqual([
      'OIDC_ISSUER is not https: staff sign-in would travel unencrypted',
    ]);
    expect(production('https://id.example.com')).toEqual([]);
    expect(production('http://id.example.com', { ALLOW_DEMO: '1' })).toEqual([]);
  });

  it.each([
    ['manager', 'manager'],
    [['viewer', 'manager'], 'manager'],
    [['viewer'], 'viewer'],
    ['Manager', undefined],
    [undefined, undefined],
    [42, undefined],
  ])('reads the role claim %j as %s', (claim, role) => {
    expect(roleFromClaim(claim)).toBe(role);
  });
});

describe('the email rule of every account (the CLI’s and the identity service’s)', () => {
  it.each([
    ['ann@example.com', true],
    ['ann.o+staff@mail.example.co.nz', true],
    ['nul\u0000@example.com', false],
    ['tab\t@example.com', false],
    ['bell\u0007@example.com', false],
    ['del\u007f@example.com', false],
    ['two@@example.com', false],
    ['no-domain@example', false],
    ['space @example.com', false],
    [`${'a'.repeat(243)}@example.com`, false],
  ])('takes %j: %s', (email, taken) => {
    expect(isOperatorEmail(email)).toBe(taken);
  });
});
