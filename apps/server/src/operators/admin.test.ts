import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { scryptSync } from 'node:crypto';
import { BOUNDS, EMAIL_CEILING } from './bounds.ts';
import { hashPassword, SCRYPT, scryptForTests, TEST_SCRYPT, verifyPassword } from './passwords.ts';
import { IDLE_MS, SIGN_INS_PER_MINUTE } from './sessions.ts';
import {
  auditOf,
  findOperatorByEmail,
  insertOperator,
  type OperatorRole,
} from './repository/operators.ts';
import { boundOf } from './repository/sign-in-bounds.ts';
import { routesOf } from '../http/define.ts';

// docs/rules/operators.md: accounts, sessions, CSRF, roles, sign-in bounds.

const PASSWORD = 'a long enough password';

/** Every sign-in from its own address, so the per-address limit is tested on its own. */
let nextAddress = 1;
const newAddress = () => {
  const n = nextAddress++;
  return `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

const MINUTE = 60_000;

describe.each(engines())('operator sign-in on %s', (engine) => {
  let t: TestApp;
  let hash: string;
  beforeAll(async () => {
    // These tests sign in hundreds of times: cheap test parameters (the rehash test below and
    // passwords.test.ts run on the real ones).
    scryptForTests(TEST_SCRYPT);
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

  const signIn = async (email: string, address?: string) =>
    sessionFrom(await attempt(email, PASSWORD, address));

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
    // Every /admin/api/ route is guarded but signing in itself (by password or through the
    // identity service) and the first manager's setup (docs/rules/operators.md#the-first-manager).
    const open = routesOf(t.app).filter((r) => r.url.startsWith('/admin/api/') && !r.guard);
    expect(open.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /admin/api/setup',
      'GET /admin/api/sign-in/oidc',
      'GET /admin/api/sign-in/oidc/callback',
      'GET /admin/api/sign-in/options',
      'POST /admin/api/session',
      'POST /admin/api/setup',
    ]);
    for (const route of routes) {
      const anonymous: Record<string, string>[] = [{}, { cookie: 'fibre_operator=made-up-token' }];
      for (const headers of anonymous) {
        const res = await call(route, headers);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json()).toEqual({ error: 'unauthorised', message: 'Please sign in' });
        expect(res.headers['cache-control'], `${route.method} ${route.url}`).toBe('no-store');
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
        expect(res.headers['cache-control'], `${route.method} ${route.url}`).toBe('no-store');
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
      expect(res.headers['cache-control'], `${route.method} ${route.url}`).toBe('no-store');
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

  it('marks every /admin/api/ answer no-store: successes, and every refusal and fault', async () => {
    const manager = await signIn('manager@example.com');
    // Every read a manager may make, answered (200, or 400/404 for the made-up parameters).
    for (const route of guarded().filter((r) => r.method === 'GET')) {
      const res = await call(route, { cookie: manager.cookie });
      expect(res.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      expect(res.headers['cache-control'], `${route.method} ${route.url}`).toBe('no-store');
    }
    const answers = [
      // Signing in: right, wrong, bad input.
      await attempt('manager@example.com', PASSWORD),
      await attempt('manager@example.com', 'wrong'),
      await t.app.inject({ method: 'POST', url: '/admin/api/session', payload: { email: 1 } }),
      // No such route, no such order.
      await t.app.inject({ method: 'GET', url: '/admin/api/nothing-here' }),
      await call({ method: 'GET', url: '/admin/api/orders/nope' }, { cookie: manager.cookie }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 400, 404, 404]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
    // Not the rest of the API.
    const wizard = await t.app.inject({ method: 'GET', url: '/api/v1/public/plans' });
    expect(wizard.headers['cache-control']).not.toBe('no-store');
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
    // The right password ends the wrong ones in a row.
    await signIn('viewer@example.com');
    expect(
      (await boundOf(t.database.db, { email: 'viewer@example.com', address: '' }))!.failures,
    ).toBe(0);
  });

  /** The email's own count: every attempt at it, from anywhere. */
  const emailBound = (email: string) => boundOf(t.database.db, { email, address: '' });

  it('counts a burst before checking it: only the free wrong passwords are checked, and the right one waits', async () => {
    await addOperator('burst@example.com', 'viewer');
    // 30 wrong passwords at once, each from its own address: only the email's count can hold them.
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt('burst@example.com', `wrong ${i}`)),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(BOUNDS.email.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - BOUNDS.email.free);
    // The right password, from yet another address: refused unchecked while the wait holds.
    const right = await attempt('burst@example.com', PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ error: 'sign_in_delayed' });
    expect(right.headers['retry-after']).toBe(String(BOUNDS.email.firstWaitMs / 1000));
    expect(right.cookies).toEqual([]);
    // The count and its wait are as the wrong passwords left them.
    const bound = (await emailBound('burst@example.com'))!;
    expect(bound.failures).toBe(BOUNDS.email.free);
    expect(bound.next_at!.getTime()).toBe(t.clock.now.getTime() + BOUNDS.email.firstWaitMs);

    // When the wait is over, the right password signs in.
    t.clock.advance(BOUNDS.email.firstWaitMs);
    await signIn('burst@example.com');
    const audit = await auditOf(t.database.db, 'operator', 'burst@example.com');
    expect(audit.filter((a) => a.action === 'sign_in_refused')).toHaveLength(BOUNDS.email.free - 1);
    expect(audit.filter((a) => a.action === 'sign_in_delayed')).toHaveLength(1);
  });

  it('a right password amid a burst takes back only its own count: the wait the wrong ones set stands', async () => {
    await addOperator('amid@example.com', 'viewer');
    const home = newAddress();
    // The staff member's own address: a right password there before.
    await signIn('amid@example.com', home);
    const answers = await Promise.all([
      ...Array.from({ length: 15 }, (_, i) => attempt('amid@example.com', `wrong ${i}`)),
      attempt('amid@example.com', PASSWORD, home),
      ...Array.from({ length: 15 }, (_, i) => attempt('amid@example.com', `wrong ${i + 15}`)),
    ]);
    // From their own address the staff member is in, the burst notwithstanding...
    expect(answers[15]!.statusCode).toBe(200);
    const wrong = answers.filter((_, i) => i !== 15).map((res) => res.statusCode);
    // The free number, less the right password's own count when it was counted among them.
    const checked = wrong.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThanOrEqual(BOUNDS.email.free - 1);
    expect(checked).toBeLessThanOrEqual(BOUNDS.email.free);
    // ...and their success did not take back the wrong ones' count.
    const bound = (await emailBound('amid@example.com'))!;
    expect(bound.failures).toBe(checked);
    // Whether the wrong ones alone reached the free number is a race (the right password's count
    // may have been among the first ten). When they did, the wait they set stands for everyone else.
    if (checked === BOUNDS.email.free) {
      expect(bound.next_at!.getTime()).toBeGreaterThan(t.clock.now.getTime());
      const elsewhere = await attempt('amid@example.com', PASSWORD);
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.json().error).toBe('sign_in_delayed');
    }
  });

  it("a stranger's wrong passwords on schedule, from ever new addresses, cannot keep the staff member out of their own address", async () => {
    await addOperator('staff@example.com', 'viewer');
    const home = newAddress();
    await signIn('staff@example.com', home);
    // The attack that kept an account locked: ten wrong passwords every 15 minutes, for 8 hours,
    // each from an address never used before.
    let checked = 0;
    for (let round = 0; round < 32; round++) {
      for (let i = 0; i < 10; i++) {
        const res = await attempt('staff@example.com', `guess ${round}.${i}`);
        expect([401, 429]).toContain(res.statusCode);
        if (res.statusCode === 401) checked++;
      }
      // Right after a round, from their own address (a few times: the per-address limit counts
      // real minutes).
      if (round % 8 === 0) await signIn('staff@example.com', home);
      // A typo of their own there does not shut them out either.
      if (round === 11) {
        expect((await attempt('staff@example.com', 'typo', home)).statusCode).toBe(401);
        await signIn('staff@example.com', home);
      }
      t.clock.advance(15 * MINUTE);
    }
    await signIn('staff@example.com', home);
    // The stranger was bounded: 10 free, then a wait doubling from 30 seconds to an hour, about a
    // dozen more in 8 hours; the staff member's sign-ins did not start the run again. Without the
    // bounds, all 320 were checked.
    expect(checked).toBeLessThanOrEqual(BOUNDS.email.free + 15);
    // Elsewhere the email is held, as the stranger is.
    expect((await attempt('staff@example.com', PASSWORD)).statusCode).toBe(429);
  });

  it(`holds an email after ${EMAIL_CEILING} wrong passwords in a row until a manager lifts it, an email with no account alike`, async () => {
    await addOperator('ceiling@example.com', 'viewer');
    const emails = ['ceiling@example.com', 'no-account@example.com'];
    for (let i = 0; i < EMAIL_CEILING; i++) {
      for (const email of emails) {
        const res = await attempt(email, `wrong ${i}`);
        expect(res.statusCode, `${email}: attempt ${i + 1}`).toBe(401);
      }
      // Past every wait: each wrong password is checked.
      t.clock.advance(BOUNDS.email.capMs);
    }
    const answers = await Promise.all(emails.map((email) => attempt(email, PASSWORD)));
    for (const res of answers) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        error: 'sign_in_locked',
        message: 'Too many wrong passwords in a row for this email: a manager must unlock it',
      });
      expect(res.headers['retry-after']).toBeUndefined();
    }
    t.clock.advance(7 * 24 * 60 * MINUTE);
    expect((await attempt('ceiling@example.com', PASSWORD)).statusCode).toBe(429);
    const audit = await auditOf(t.database.db, 'operator', 'ceiling@example.com');
    expect(audit.filter((a) => a.action === 'account_locked')).toHaveLength(1);

    const manager = await signIn('manager@example.com');
    const res = await call(
      { method: 'POST', url: '/admin/api/operators/ceiling@example.com/unlock' },
      { cookie: manager.cookie, 'x-csrf-token': manager.csrfToken },
    );
    expect(res.statusCode).toBe(204);
    await signIn('ceiling@example.com');
  });

  it('answers a wait the same whether or not the email has an account, with when to try again', async () => {
    await addOperator('waits@example.com', 'viewer');
    const emails = ['waits@example.com', 'nobody-waits@example.com'];
    // Each from one address: the email at that address holds after its free number.
    const addresses = emails.map(() => newAddress());
    const answers = [];
    for (let i = 0; i < BOUNDS.pair.free + 1; i++) {
      answers.push(
        await Promise.all(emails.map((email, e) => attempt(email, 'wrong', addresses[e]))),
      );
    }
    for (const [known, unknown] of answers) {
      expect(known!.statusCode).toBe(unknown!.statusCode);
      expect(known!.json()).toEqual(unknown!.json());
      expect(known!.headers['retry-after']).toBe(unknown!.headers['retry-after']);
    }
    const last = answers.at(-1)![0]!;
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({
      error: 'sign_in_delayed',
      message: 'Too many wrong passwords: try again in 1 second',
      retryAt: new Date(t.clock.now.getTime() + BOUNDS.pair.firstWaitMs).toISOString(),
    });
    expect(last.headers['retry-after']).toBe('1');
  });

  it('lets a manager lift the bounds on an email, recorded in the audit with before and after', async () => {
    await addOperator('unlock-me@example.com', 'viewer');
    for (let i = 1; i <= BOUNDS.email.free; i++)
      await attempt('unlock-me@example.com', `wrong ${i}`);
    expect((await attempt('unlock-me@example.com', PASSWORD)).statusCode).toBe(429);

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
      failures: BOUNDS.email.free,
      nextAttemptAt: new Date(t.clock.now.getTime() + BOUNDS.email.firstWaitMs).toISOString(),
    });
    expect(entry.after).toEqual({ failures: 0, nextAttemptAt: null });

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
      expect((await attempt(`nobody-${i}@example.com`, 'guess', address)).statusCode).toBe(401);
    }
    const refused = await attempt('manager@example.com', PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await attempt('manager@example.com', PASSWORD)).statusCode).toBe(200);
  });
});

describe('a fault under /admin/api/', () => {
  it('is no-store too', async () => {
    const t = await startTestApp('pglite');
    try {
      // The database gone: the guard's session read fails.
      await t.database.close();
      const res = await t.app.inject({
        method: 'GET',
        url: '/admin/api/orders',
        headers: { cookie: 'fibre_operator=some-token' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await t.app.close();
    }
  });
});

describe.each(engines())('operator passwords on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // The real parameters here.
    scryptForTests(SCRYPT);
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('hashes a password again with the current parameters at its next right sign-in', async () => {
    // A hash made before issue 28: N = 2^15.
    const salt = Buffer.alloc(16, 7);
    const key = scryptSync(PASSWORD, salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 2 ** 20 });
    const old = `scrypt$${2 ** 15}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    await insertOperator(t.database.db, {
      id: 'old',
      email: 'old@example.com',
      role: 'viewer',
      password_hash: old,
      created_at: new Date(),
    });
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: 'old@example.com', password },
        remoteAddress: newAddress(),
      });
    // A wrong password changes nothing.
    expect((await signIn('not it')).statusCode).toBe(401);
    expect((await findOperatorByEmail(t.database.db, 'old@example.com'))!.password_hash).toBe(old);

    expect((await signIn(PASSWORD)).statusCode).toBe(200);
    const stored = (await findOperatorByEmail(t.database.db, 'old@example.com'))!.password_hash;
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 17), '8', '1']);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    // And it signs in with the new one.
    expect((await signIn(PASSWORD)).statusCode).toBe(200);
  });
});

describe('the session cookie in production', () => {
  it('is Secure', async () => {
    // Production mode refuses the demo's parts unless told it is a demo (app/production.ts).
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
