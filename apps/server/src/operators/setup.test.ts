import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { hashPassword } from './passwords.ts';
import { SETUP_ATTEMPTS_PER_MINUTE, SETUP_AUDIT_NAME } from './first-manager.ts';
import { auditOf, findOperatorByEmail, insertOperator } from './repository/operators.ts';

// docs/rules/operators.md#the-first-manager: the first manager from the console, with the setup
// code the server printed at start.

const PASSWORD = 'a long enough password';

let nextAddress = 1;
const newAddress = () => `203.0.113.${nextAddress++}`;

describe.each(engines())('the first manager on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
  });
  afterAll(() => t.close());
  // Each case starts with no account; it offers a code itself when it needs one.
  beforeEach(async () => {
    await t.database.db.deleteFrom('operators').execute();
  });

  const status = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/setup' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json() as { open: boolean };
  };

  const setup = (payload: object, remoteAddress = newAddress()) =>
    t.app.inject({ method: 'POST', url: '/admin/api/setup', payload, remoteAddress });

  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email, password },
      remoteAddress: newAddress(),
    });

  it('is closed while no code was offered, and when a manager exists at start', async () => {
    const none = await setup({
      email: 'boss@example.com',
      password: PASSWORD,
      code: 'AAAA-BBBB-CCCC-DDDD',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe('setup_closed');

    await insertOperator(t.database.db, {
      id: 'm1',
      email: 'manager@example.com',
      role: 'manager',
      password_hash: await hashPassword(PASSWORD),
      created_at: t.clock.now,
    });
    expect(await t.app.firstManager.offer()).toBeUndefined();
    expect(await status()).toEqual({ open: false });
  });

  it('with the right code makes a manager who signs in; audited; then closes for good', async () => {
    const code = await t.app.firstManager.offer();
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(await status()).toEqual({ open: true });

    // Typed as a person would: lower case, no dashes, spaces around.
    const typed = ` ${code!.toLowerCase().replace(/-/g, '')} `;
    const made = await setup({ email: ' First@Example.com ', password: PASSWORD, code: typed });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({ operator: { email: 'first@example.com', role: 'manager' } });
    expect(made.headers['cache-control']).toBe('no-store');

    const row = await findOperatorByEmail(t.database.db, 'first@example.com');
    expect(row).toMatchObject({ role: 'manager' });
    const audit = await auditOf(t.database.db, 'operator', 'first@example.com');
    expect(audit.map((a) => [a.operator_email, a.action, a.after])).toEqual([
      [SETUP_AUDIT_NAME, 'operator_added', { email: 'first@example.com', role: 'manager' }],
    ]);

    const session = await signIn('first@example.com', PASSWORD);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().operator).toEqual({ email: 'first@example.com', role: 'manager' });

    // The same code again, and a new one offered after: refused, nothing made.
    expect(await status()).toEqual({ open: false });
    const again = await setup({ email: 'second@example.com', password: PASSWORD, code: code! });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('setup_closed');
    expect(await t.app.firstManager.offer()).toBeUndefined();
    expect(
      (await setup({ email: 'third@example.com', password: PASSWORD, code: code! })).statusCode,
    ).toBe(409);
    expect(await findOperatorByEmail(t.database.db, 'second@example.com')).toBeUndefined();
    expect(await findOperatorByEmail(t.database.db, 'third@example.com')).toBeUndefined();
  });

  it('refuses a wrong code with 403, audited, and makes nothing; the right code still works', async () => {
    const code = await t.app.firstManager.offer();
    const wrong = await setup({
      email: 'guess@example.com',
      password: PASSWORD,
      code: 'AAAA-BBBB-CCCC-DDDD',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      error: 'wrong_setup_code',
      message: 'The setup code is not right',
    });
    expect(await findOperatorByEmail(t.database.db, 'guess@example.com')).toBeUndefined();
    const audit = await auditOf(t.database.db, 'operator', 'guess@example.com');
    expect(audit.map((a) => [a.operator_email, a.action])).toEqual([
      [SETUP_AUDIT_NAME, 'setup_code_refused'],
    ]);
    expect((await signIn('guess@example.com', PASSWORD)).statusCode).toBe(401);

    expect(await status()).toEqual({ open: true });
    const right = await setup({ email: 'boss@example.com', password: PASSWORD, code: code! });
    expect(right.statusCode).toBe(201);
  });

  it('closes when a manager is made another way after the code was offered (the CLI on PostgreSQL)', async () => {
    const code = await t.app.firstManager.offer();
    await insertOperator(t.database.db, {
      id: 'm1',
      email: 'manager@example.com',
      role: 'manager',
      password_hash: await hashPassword(PASSWORD),
      created_at: t.clock.now,
    });
    expect(await status()).toEqual({ open: false });
    const late = await setup({ email: 'late@example.com', password: PASSWORD, code: code! });
    expect(late.statusCode).toBe(409);
    expect(await findOperatorByEmail(t.database.db, 'late@example.com')).toBeUndefined();
  });

  it('makes one manager when two right attempts race', async () => {
    const code = await t.app.firstManager.offer();
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((who) =>
        setup({ email: `${who}@example.com`, password: PASSWORD, code: code! }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const managers = await t.database.db
      .selectFrom('operators')
      .select('email')
      .where('role', '=', 'manager')
      .execute();
    expect(managers).toHaveLength(1);
  });

  it('refuses bad input with 400 naming the field: a short password, no email, no code', async () => {
    const code = await t.app.firstManager.offer();
    const short = await setup({ email: 'boss@example.com', password: 'short', code: code! });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      error: 'invalid_input',
      fields: { password: expect.any(String) },
    });
    const noEmail = await setup({ email: 'not an email', password: PASSWORD, code: code! });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().fields).toHaveProperty('email');
    const noCode = await setup({ email: 'boss@example.com', password: PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().fields).toHaveProperty('code');
    // Still open: bad input used nothing up.
    expect(await status()).toEqual({ open: true });
  });

  it(`limits attempts to ${SETUP_ATTEMPTS_PER_MINUTE} a minute per address`, async () => {
    await t.app.firstManager.offer();
    const address = newAddress();
    const codes: number[] = [];
    for (let i = 0; i <= SETUP_ATTEMPTS_PER_MINUTE; i++) {
      const res = await setup(
        { email: 'g@example.com', password: PASSWORD, code: `WRONG${i}` },
        address,
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, SETUP_ATTEMPTS_PER_MINUTE).every((c) => c === 403)).toBe(true);
    const last = await setup(
      { email: 'g@example.com', password: PASSWORD, code: 'WRONG' },
      address,
    );
    expect(codes.at(-1)).toBe(429);
    expect(last.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many setup attempts from this address: please wait a minute and try again',
    });
  });
});
