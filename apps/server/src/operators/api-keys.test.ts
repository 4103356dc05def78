import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import {
  engines,
  freshPostgres,
  startAppOn,
  startTestApp,
  type TestApp,
} from '../test-support/app.ts';
import { routesOf } from '../http/define.ts';
import { hashPassword, scryptForTests, TEST_SCRYPT } from './passwords.ts';
import { auditOf, insertOperator } from './repository/operators.ts';
import { createApiKey } from './api-keys.ts';
import type { ApiKeyScope } from '@fibre/domain/api';

// docs/rules/operators.md#api-keys: keys made, listed and revoked by a manager; a request with
// `Authorization: Bearer KEY` judged by the key alone.

const PASSWORD = 'a long enough password';

describe.each(engines())('API keys on %s', (engine) => {
  let t: TestApp;
  /** A second instance on the same database: on PostgreSQL, with its own connections. */
  let other: FastifyInstance;
  let otherDatabase: Database | undefined;
  let manager: { cookie: string; csrfToken: string };
  let viewer: { cookie: string; csrfToken: string };

  beforeAll(async () => {
    scryptForTests(TEST_SCRYPT);
    const schema = `t_keys_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    t = await startTestApp(engine, {}, { schema });
    if (engine === 'postgres') otherDatabase = await freshPostgres(schema);
    other = await startAppOn(t.config, otherDatabase ?? t.database);
    const hash = await hashPassword(PASSWORD);
    for (const role of ['manager', 'viewer'] as const) {
      const email = `${role}@example.com`;
      await insertOperator(t.database.db, {
        id: email,
        email,
        role,
        password_hash: hash,
        created_at: new Date(),
      });
    }
    manager = await signIn('manager@example.com');
    viewer = await signIn('viewer@example.com');
    await t.database.db
      .insertInto('leads')
      .values({
        id: 'lead-1',
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann@example.com',
        phone: null,
        formatted_address: '1 Main St',
        message: null,
        created_at: new Date(),
      })
      .execute();
  });
  afterAll(async () => {
    await other.close();
    await otherDatabase?.close();
    await t.close();
  });

  async function signIn(email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const set = res.cookies.find((c) => c.name === 'fibre_operator')!;
    return { cookie: `fibre_operator=${set.value}`, csrfToken: res.json().csrfToken as string };
  }

  const asManager = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: manager.cookie, 'x-csrf-token': manager.csrfToken },
      ...(payload ? { payload } : {}),
    });

  const withKey = (
    key: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    app: FastifyInstance = t.app,
  ) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(method === 'GET' ? {} : { payload: {} }),
    });

  const newKey = async (name: string, role: 'viewer' | 'manager', scopes?: ApiKeyScope[]) => {
    const made = await createApiKey(t.database.db, {
      name,
      role,
      ...(scopes ? { scopes } : {}),
      by: 'test',
      now: new Date(),
    });
    if ('taken' in made) throw new Error(`${name} taken`);
    return made.key;
  };

  it('a manager makes a key in the console: its text answered once, only its hash kept, audited', async () => {
    const res = await asManager('POST', '/admin/api/keys', {
      name: 'billing sync',
      role: 'viewer',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { key, apiKey } = res.json();
    expect(key).toMatch(/^fk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'billing sync',
      role: 'viewer',
      scopes: ['orders:read'],
      prefix: key.slice(0, 10),
      createdBy: 'manager@example.com',
      lastUsedAt: null,
      revokedAt: null,
    });
    const list = await asManager('GET', '/admin/api/keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    expect(list.json().keys).toContainEqual(apiKey);
    const row = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', apiKey.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key);
    const audit = await auditOf(t.database.db, 'api_key', apiKey.id);
    expect(audit.map((a) => [a.operator_email, a.action, a.after])).toEqual([
      [
        'manager@example.com',
        'api_key_created',
        { name: 'billing sync', role: 'viewer', scopes: ['orders:read'], prefix: apiKey.prefix },
      ],
    ]);
    // The name is taken while the key lives.
    const again = await asManager('POST', '/admin/api/keys', {
      name: 'billing sync',
      role: 'manager',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('name_taken');
    const bad = await asManager('POST', '/admin/api/keys', {
      name: '',
      role: 'admin',
      scopes: ['everything'],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['name', 'role', 'scopes.0']);
  });

  it('only a signed-in manager manages keys: not a viewer, not a key', async () => {
    const viewerRes = await t.app.inject({
      method: 'GET',
      url: '/admin/api/keys',
      headers: { cookie: viewer.cookie },
    });
    expect(viewerRes.statusCode).toBe(403);
    const managerKey = await newKey('ops robot', 'manager');
    for (const [method, url] of [
      ['GET', '/admin/api/keys'],
      ['DELETE', '/admin/api/keys/anything'],
    ] as const) {
      const res = await withKey(managerKey, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(
        'An API key cannot do this: a person must, signed in to the console',
      );
    }
    const made = await t.app.inject({
      method: 'POST',
      url: '/admin/api/keys',
      headers: { authorization: `Bearer ${managerKey}` },
      payload: { name: 'successor', role: 'manager' },
    });
    expect(made.statusCode).toBe(403);
  });

  it('a viewer key reads every list, and cannot change anything', async () => {
    const key = await newKey('reader', 'viewer');
    for (const url of ['/admin/api/orders', '/admin/api/leads', '/admin/api/orders/changes']) {
      const res = await withKey(key, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const changes = routesOf(t.app).filter(
      (r) => r.url.startsWith('/admin/api/') && r.guard && r.method !== 'GET',
    );
    expect(changes.length).toBeGreaterThan(10);
    for (const route of changes) {
      const url = route.url.replace(/:(\w+)/g, 'lead-1');
      const res = await withKey(key, route.method as 'POST' | 'DELETE', url);
      // Signing out is a viewer's change too, but a key has no session to end.
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    const lead = await t.database.db
      .selectFrom('leads')
      .select('contacted_at')
      .where('id', '=', 'lead-1')
      .executeTakeFirstOrThrow();
    expect(lead.contacted_at).toBeNull();
  });

  it('a manager key changes without a CSRF token, audited as the key', async () => {
    const key = await newKey('crm', 'manager', ['orders:read', 'orders:act']);
    const res = await withKey(key, 'POST', '/admin/api/leads/lead-1/contacted');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contactedBy).toBe('key:crm');
    const audit = await auditOf(t.database.db, 'lead', 'lead-1');
    expect(audit.at(-1)).toMatchObject({ operator_email: 'key:crm', action: 'lead_contacted' });
  });

  it('refuses an unknown key, an empty bearer, and a key sent with the session cookie', async () => {
    const key = await newKey('both', 'viewer');
    for (const authorization of ['Bearer fk_made-up', 'Bearer', 'bearer   ']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/admin/api/orders',
        headers: { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorised', message: 'The API key is not valid' });
    }
    const both = await t.app.inject({
      method: 'GET',
      url: '/admin/api/orders',
      headers: { authorization: `Bearer ${key}`, cookie: manager.cookie },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('bearer_with_cookie');
  });

  it('still refuses a cookie session its change without the CSRF token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/keys',
      headers: { cookie: manager.cookie },
      payload: { name: 'no csrf', role: 'viewer' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('csrf_failed');
  });

  it('a revoked key is refused at once, by every instance; the key is marked used', async () => {
    const made = await asManager('POST', '/admin/api/keys', { name: 'to revoke', role: 'viewer' });
    const { key, apiKey } = made.json();
    expect((await withKey(key, 'GET', '/admin/api/leads')).statusCode).toBe(200);
    expect((await withKey(key, 'GET', '/admin/api/leads', other)).statusCode).toBe(200);
    const listed = (await asManager('GET', '/admin/api/keys')).json().keys;
    expect(listed.find((k: { id: string }) => k.id === apiKey.id).lastUsedAt).not.toBeNull();

    const revoked = await asManager('DELETE', `/admin/api/keys/${apiKey.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({
      revokedBy: 'manager@example.com',
      disabledEndpoints: [],
    });
    for (const app of [t.app, other]) {
      const res = await withKey(key, 'GET', '/admin/api/leads', app);
      expect(res.statusCode).toBe(401);
    }
    expect((await asManager('DELETE', `/admin/api/keys/${apiKey.id}`)).statusCode).toBe(404);
    const audit = await auditOf(t.database.db, 'api_key', apiKey.id);
    expect(audit.map((a) => a.action)).toEqual(['api_key_created', 'api_key_revoked']);
    // Its name is free again.
    const again = await asManager('POST', '/admin/api/keys', { name: 'to revoke', role: 'viewer' });
    expect(again.statusCode).toBe(201);
  });
});

describe('the per-key rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { API_KEY_REQUESTS_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('counts each key apart, by the key, whatever the address', async () => {
    const keys: string[] = [];
    for (const name of ['a', 'b']) {
      const made = await createApiKey(t.database.db, {
        name,
        role: 'viewer',
        by: 'test',
        now: new Date(),
      });
      if ('taken' in made) throw new Error('taken');
      keys.push(made.key);
    }
    const read = (key: string, remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: '/admin/api/leads',
        headers: { authorization: `Bearer ${key}` },
        remoteAddress,
      });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await read(keys[0]!, `192.0.2.${i + 1}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await read(keys[0]!, '192.0.2.9');
    expect(limited.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many requests with this API key: please wait a minute and try again',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another key, from the same address, has its own budget.
    expect((await read(keys[1]!, '192.0.2.1')).statusCode).toBe(200);
  });
});
