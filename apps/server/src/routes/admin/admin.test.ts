import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { engines, startTestApp, type TestApp } from '../../test-support/app.ts';
import { hashPassword } from '../../operators/passwords.ts';
import { IDLE_MS, LOCK_MS, SIGN_INS_PER_MINUTE } from '../../operators/sessions.ts';
import {
  auditOf,
  findOperatorByEmail,
  insertOperator,
  type OperatorRole,
} from '../../repositories/operators.ts';
import { routesOf } from '../define.ts';

// docs/rules/operators.md: accounts, sessions, CSRF, roles, lockout.

const PASSWORD = 'a long enough password';

/** Every sign-in from its own address, so the per-address limit is tested on its own. */
let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

describe.each(engines())('operator sign-in on %s', (engine) => {
  let t: TestApp;
  let hash: string;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
    hash = await hashPassword(PASSWORD);
    await addOperator('manager@example.com', 'manager');
    await addOperator('viewer@example.com', 'viewer');
  });
  afterAll(() => t.close());

  async function addOperator(email: string, role: OperatorRole) {
    await insertOperator(t.database.db, {
      id: email,
      email,
      role,
      password_hash: hash,
      created_at: t.clock.now,
    });
  }

  const attempt = (email: string, password: string, remoteAddress = newAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email, password },
      remoteAddress,
    });

  interface Session {
    cookie: string;
    csrfToken: string;
  }

  function sessionFrom(res: LightMyRequestResponse): Session {
    expect(res.statusCode, res.body).toBe(200);
    const set = res.cookies.find((c) => c.name === 'fibre_operator');
    return { cookie: `fibre_operator=${set!.value}`, csrfToken: res.json().csrfToken };
  }

  const signIn = async (email: string) => sessionFrom(await attempt(email, PASSWORD));

  const whoAmI = (session?: Session) =>
    t.app.inject({
      method: 'GET',
      url: '/admin/api/session',
      headers: session ? { cookie: session.cookie } : {},
    });

  /** The guarded routes, from the app's own list: a route added later is covered too. */
  const guarded = () => routesOf(t.app).filter((r) => r.url.startsWith('/admin/api/') && r.guard);
  const changes = () => guarded().filter((r) => r.method !== 'GET');
  const call = (
    route: { method: 'GET' | 'POST' | 'DELETE'; url: string },
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: route.method,
      // A path parameter filled with an account that exists.
      url: route.url.replace(/:(\w+)/g, 'viewer@example.com'),
      headers,
      ...(route.method === 'GET' ? {} : { payload: {} }),
    });

  it('signs in: an HttpOnly, SameSite=Strict cookie on /admin, the operator and a CSRF token', async () => {
    const res = await attempt('  Manager@Example.com ', PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.operator).toEqual({ email: 'manager@example.com', role: 'manager' });
    expect(body.csrfToken).toMatch(/^[\w-]{40,}$/);
    expect(new Date(body.expiresAt).getTime()).toBe(t.clock.now.getTime() + 24 * 3600_000);
    const cookie = res.cookies.find((c) => c.name === 'fibre_operator')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
    expect(cookie.secure).toBeUndefined();
    expect(cookie.value).toMatch(/^[\w-]{40,}$/);
    expect(res.headers['cache-control']).toBe('no-store');

    const me = await whoAmI(sessionFrom(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body);
  });

  it("keeps only a hash of the cookie's token", async () => {
    const session = await signIn('viewer@example.com');
    const token = session.cookie.split('=')[1]!;
    const rows = await t.database.db.selectFrom('operator_sessions').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash).not.toContain(token);
  });

  it('every guarded /admin/api/ route answers 401 without a session, or with one that is not', async () => {
    const routes = guarded();
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /admin/api/session', 'DELETE /admin/api/session']),
    );
    // Every /admin/api/ route is guarded but signing in itself and the first manager's setup
    // (docs/rules/operators.md#the-first-manager).
    const open = routesOf(t.app).filter((r) => r.url.startsWith('/admin/api/') && !r.guard);
    expect(open.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /admin/api/setup',
      'POST /admin/api/session',
      'POST /admin/api/setup',
    ]);
    for (const route of routes) {
      const anonymous: Record<string, string>[] = [{}, { cookie: 'fibre_operator=made-up-token' }];
      for (const headers of anonymous) {
        const res = await call(route, headers);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json()).toEqual({ error: 'unauthorised', message: 'Please sign in' });
      }
    }
  });

  it("refuses every change without the session's CSRF token, or with another", async () => {
    const session = await signIn('manager@example.com');
    const other = await signIn('manager@example.com');
    expect(changes().length).toBeGreaterThanOrEqual(2);
    for (const route of changes()) {
      const without: Record<string, string>[] = [
        { cookie: session.cookie },
        { cookie: session.cookie, 'x-csrf-token': other.csrfToken },
        { cookie: session.cookie, 'x-csrf-token': '' },
      ];
      for (const headers of without) {
        const res = await call(route, headers);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.json().error).toBe('csrf_failed');
      }
    }
    // The session is still there: refused changes changed nothing.
    expect((await whoAmI(session)).statusCode).toBe(200);
  });

  it('answers 403 to a viewer on every manager change, with a valid CSRF token', async () => {
    const viewer = await signIn('viewer@example.com');
    const managerOnly = changes().filter((r) => r.guard!.role !== 'viewer');
    expect(managerOnly.map((r) => `${r.method} ${r.url}`)).toContain(
      'POST /admin/api/operators/:email/unlock',
    );
    for (const route of managerOnly) {
      const res = await call(route, { cookie: viewer.cookie, 'x-csrf-token': viewer.csrfToken });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: 'Only a manager may do this' });
    }
    // A viewer reads.
    const list = await call(
      { method: 'GET', url: '/admin/api/operators' },
      { cookie: viewer.cookie },
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().operators).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'manager@example.com', role: 'manager' }),
        expect.objectContaining({ email: 'viewer@example.com', role: 'viewer' }),
      ]),
    );
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const wrong = await attempt('viewer@example.com', 'not the password');
    const unknown = await attempt('nobody@example.com', PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'sign_in_failed',
        message: 'The email or password is not right',
      });
      expect(res.cookies).toEqual([]);
    }
    // The right password restarts the count.
    await signIn('viewer@example.com');
    expect((await findOperatorByEmail(t.database.db, 'viewer@example.com'))!.failed_attempts).toBe(
      0,
    );
  });

  it('locks an account for 15 minutes after ten wrong passwords in a row', async () => {
    await addOperator('locked@example.com', 'viewer');
    for (let i = 1; i <= 9; i++) {
      expect((await attempt('locked@example.com', `wrong ${i}`)).statusCode).toBe(401);
    }
    // Nine wrong: the right one still signs in, and the count starts again.
    await signIn('locked@example.com');
    for (let i = 1; i <= 10; i++) {
      expect((await attempt('locked@example.com', `wrong ${i}`)).statusCode).toBe(401);
    }
    const locked = await attempt('locked@example.com', PASSWORD);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual((await attempt('nobody@example.com', PASSWORD)).json());

    t.clock.advance(LOCK_MS - 1000);
    expect((await attempt('locked@example.com', PASSWORD)).statusCode).toBe(401);
    t.clock.advance(1000);
    await signIn('locked@example.com');

    const audit = await auditOf(t.database.db, 'operator', 'locked@example.com');
    expect(audit.map((a) => a.action)).toContain('account_locked');
    expect(audit.filter((a) => a.action === 'sign_in_refused_locked')).toHaveLength(2);
  });

  it('lets a manager lift a lock, recorded in the audit with before and after', async () => {
    await addOperator('unlock-me@example.com', 'viewer');
    for (let i = 1; i <= 10; i++) await attempt('unlock-me@example.com', `wrong ${i}`);
    expect((await attempt('unlock-me@example.com', PASSWORD)).statusCode).toBe(401);

    const manager = await signIn('manager@example.com');
    const headers = { cookie: manager.cookie, 'x-csrf-token': manager.csrfToken };
    const res = await call(
      { method: 'POST', url: '/admin/api/operators/unlock-me@example.com/unlock' },
      headers,
    );
    expect(res.statusCode).toBe(204);
    await signIn('unlock-me@example.com');
    const entry = (await auditOf(t.database.db, 'operator', 'unlock-me@example.com')).find(
      (a) => a.action === 'operator_unlocked',
    )!;
    expect(entry.operator_email).toBe('manager@example.com');
    expect(entry.before).toEqual({
      failedAttempts: 0,
      lockedUntil: new Date(t.clock.now.getTime() + LOCK_MS).toISOString(),
    });
    expect(entry.after).toEqual({ failedAttempts: 0, lockedUntil: null });

    const missing = await call(
      { method: 'POST', url: '/admin/api/operators/nobody@example.com/unlock' },
      headers,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('ends a session after 8 hours unused, and after 24 hours in any case', async () => {
    const idle = await signIn('viewer@example.com');
    t.clock.advance(IDLE_MS - 1000);
    expect((await whoAmI(idle)).statusCode).toBe(200);
    // Used: the idle time starts again.
    t.clock.advance(IDLE_MS - 1000);
    expect((await whoAmI(idle)).statusCode).toBe(200);
    t.clock.advance(IDLE_MS);
    expect((await whoAmI(idle)).statusCode).toBe(401);

    const busy = await signIn('viewer@example.com');
    // Used every 7 hours: 21 hours in, still signed in; at 24 hours, out.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(7 * 3600_000);
      expect((await whoAmI(busy)).statusCode).toBe(200);
    }
    t.clock.advance(3 * 3600_000);
    expect((await whoAmI(busy)).statusCode).toBe(401);
  });

  it('signs out: the session ends, its cookie is cleared, other sessions stay', async () => {
    const session = await signIn('viewer@example.com');
    const other = await signIn('viewer@example.com');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/admin/api/session',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
    });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'fibre_operator')!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/admin');
    expect((await whoAmI(session)).statusCode).toBe(401);
    expect((await whoAmI(other)).statusCode).toBe(200);
    const audit = await auditOf(t.database.db, 'operator', 'viewer@example.com');
    expect(audit.map((a) => a.action)).toContain('sign_out');
  });

  it(`limits sign-in attempts to ${SIGN_INS_PER_MINUTE} a minute per address`, async () => {
    const address = newAddress();
    for (let i = 0; i < SIGN_INS_PER_MINUTE; i++) {
      expect((await attempt('nobody@example.com', 'guess', address)).statusCode).toBe(401);
    }
    const refused = await attempt('manager@example.com', PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect((await attempt('manager@example.com', PASSWORD)).statusCode).toBe(200);
  });
});

describe('the session cookie in production', () => {
  it('is Secure', async () => {
    // Production mode refuses the demo's parts unless told it is a demo (production.ts).
    const t = await startTestApp('pglite', { NODE_ENV: 'production', ALLOW_DEMO: '1' });
    try {
      await insertOperator(t.database.db, {
        id: 'p',
        email: 'p@example.com',
        role: 'viewer',
        password_hash: await hashPassword(PASSWORD),
        created_at: new Date(),
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: 'p@example.com', password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'fibre_operator')!.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});
