import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../operators/passwords.ts';
import { insertOperator } from '../operators/repository/operators.ts';
import type { Database } from '../db/database.ts';

/** An operator's session in a route test: its cookie and CSRF token, as the console sends them. */
export interface TestSession {
  cookie: string;
  csrfToken: string;
  /** The headers of a read (the cookie) or a change (the cookie and X-CSRF-Token). */
  headers(change?: boolean): Record<string, string>;
}

const PASSWORD = 'a long enough password';

/**
 * Makes an account with this role (email `<role>@example.com` unless given), unless it exists,
 * and signs it in (again, after a test's clock moved past a session's end).
 */
export async function signedInAs(
  t: { app: FastifyInstance; database: Database },
  role: 'manager' | 'viewer',
  email = `${role}@example.com`,
): Promise<TestSession> {
  const exists = await t.database.db
    .selectFrom('operators')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (!exists)
    await insertOperator(t.database.db, {
      id: email,
      email,
      role,
      password_hash: await hashPassword(PASSWORD),
      created_at: new Date(),
    });
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/session',
    payload: { email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
  const set = res.cookies.find((c) => c.name === 'fibre_operator')!;
  const cookie = `fibre_operator=${set.value}`;
  const csrfToken = res.json<{ csrfToken: string }>().csrfToken;
  return {
    cookie,
    csrfToken,
    headers: (change = false): Record<string, string> =>
      change ? { cookie, 'x-csrf-token': csrfToken } : { cookie },
  };
}
