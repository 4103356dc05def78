import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyScope } from '@fibre/domain/api';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { signedInAs, type TestSession } from '../test-support/operators.ts';
import { scryptForTests, TEST_SCRYPT } from './passwords.ts';
import { auditOf } from './repository/operators.ts';
import { createApiKey } from './api-keys.ts';

// docs/rules/operators.md#api-keys, docs/decisions/026-api-keys.md: a key does what its scopes say
// (a new key reads only), never what takes a person's session (an order page's link, unlocking an
// operator); revoking a key disables the webhook endpoints it added (docs/rules/webhooks.md#endpoints).

const LEAD = {
  firstName: 'Kay',
  lastName: 'Scope',
  phone: '0412345678',
  formatted_address: '10 Smith Street, Darwin City NT 0800',
};

describe.each(engines())('API key scopes on %s', (engine) => {
  let t: TestApp;
  let manager: TestSession;
  let leads = 0;

  beforeAll(async () => {
    scryptForTests(TEST_SCRYPT);
    // No worker round in the test's time: deliveries are only queued, and read from the table.
    t = await startTestApp(
      engine,
      { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
      { notificationPollMs: 600_000 },
    );
    manager = await signedInAs(t, 'manager');
    await signedInAs(t, 'viewer');
  });
  afterAll(() => t.close());

  const newKey = async (name: string, scopes: ApiKeyScope[]) => {
    const made = await createApiKey(t.database.db, {
      name,
      role: 'manager',
      scopes: ['orders:read', ...scopes],
      by: 'test',
      now: new Date(),
    });
    if ('taken' in made) throw new Error(`${name} taken`);
    return made.key;
  };

  const withKey = (key: string, method: 'GET' | 'POST', url: string, payload: object = {}) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(method === 'GET' ? {} : { payload }),
    });

  const addEndpoint = (key: string, path: string) =>
    withKey(key, 'POST', '/admin/api/webhooks/endpoints', { url: `http://127.0.0.1:9/${path}` });

  async function postLead(): Promise<void> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      payload: { ...LEAD, email: `kay${++leads}@example.com` },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  const deliveriesTo = async (endpointId: string) =>
    (
      await t.database.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', endpointId)
        .execute()
    ).length;

  const endpointCount = async () =>
    (await t.database.db.selectFrom('webhook_endpoints').select('id').execute()).length;

  it('a manager key made without scopes reads, and changes nothing', async () => {
    const key = await newKey('read only', []);
    for (const url of ['/admin/api/orders', '/admin/api/leads', '/admin/api/webhooks/endpoints']) {
      expect((await withKey(key, 'GET', url)).statusCode, url).toBe(200);
    }
    const before = await endpointCount();
    for (const [url, scope] of [
      ['/admin/api/leads/lead-x/contacted', 'orders:act'],
      ['/admin/api/orders/order-x/cancel', 'orders:act'],
      ['/admin/api/webhooks/endpoints', 'webhooks:manage'],
      ['/admin/api/webhooks/endpoints/ep_x/disable', 'webhooks:manage'],
      ['/admin/api/webhooks/deliveries/d-x/resend', 'webhooks:manage'],
    ] as const) {
      const res = await withKey(key, 'POST', url, { url: 'http://127.0.0.1:9/x', reason: 'x' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({
        error: 'forbidden',
        message: `This API key does not have the ${scope} scope`,
      });
    }
    expect(await endpointCount()).toBe(before);
  });

  it('orders:act acts on orders and leads, and adds no webhook endpoint', async () => {
    const key = await newKey('crm', ['orders:act']);
    // Past the guard: the lead is not there (404), not refused (403).
    expect((await withKey(key, 'POST', '/admin/api/leads/lead-x/contacted')).statusCode).toBe(404);
    const res = await addEndpoint(key, 'crm');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This API key does not have the webhooks:manage scope');
  });

  it("no scope lets a key mint an order page link, unlock an operator, reach a person's data or read the session", async () => {
    const key = await newKey('everything', ['orders:act', 'webhooks:manage']);
    const linksBefore = await t.database.db.selectFrom('order_links').select('order_id').execute();
    for (const [method, url] of [
      ['POST', '/admin/api/orders/order-x/link'],
      ['POST', '/admin/api/operators/viewer@example.com/unlock'],
      ['GET', '/admin/api/session'],
      ['GET', '/admin/api/keys'],
      ['POST', '/admin/api/keys'],
      // A person's data: correcting a customer's email to the key holder's, then mailing the
      // order link again, would hand the order over.
      ['GET', '/admin/api/personal-data?email=kay1%40example.com'],
      ['GET', '/admin/api/personal-data/export?email=kay1%40example.com'],
      ['POST', '/admin/api/personal-data/correct'],
      ['POST', '/admin/api/personal-data/erase'],
    ] as const) {
      const res = await withKey(key, method, url, { name: 'successor', role: 'manager' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({
        error: 'forbidden',
        message: 'An API key cannot do this: a person must, signed in to the console',
      });
    }
    const linksAfter = await t.database.db.selectFrom('order_links').select('order_id').execute();
    expect(linksAfter).toEqual(linksBefore);
    const unlocks = async () =>
      (await auditOf(t.database.db, 'operator', 'viewer@example.com')).filter(
        (a) => a.action === 'operator_unlocked',
      );
    expect(await unlocks()).toEqual([]);
    // A person still unlocks.
    const unlocked = await t.app.inject({
      method: 'POST',
      url: '/admin/api/operators/viewer@example.com/unlock',
      headers: manager.headers(true),
    });
    expect(unlocked.statusCode, unlocked.body).toBe(204);
    expect((await unlocks()).map((a) => a.operator_email)).toEqual(['manager@example.com']);
  });

  it('a manager makes a key with scopes in the console; a viewer key takes none', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/admin/api/keys',
      headers: manager.headers(true),
      payload: { name: 'hooks', role: 'manager', scopes: ['webhooks:manage', 'webhooks:manage'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().apiKey.scopes).toEqual(['orders:read', 'webhooks:manage']);
    const audit = await auditOf(t.database.db, 'api_key', made.json().apiKey.id);
    expect(audit[0]!.after).toMatchObject({ scopes: ['orders:read', 'webhooks:manage'] });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/admin/api/keys',
      headers: manager.headers(true),
      payload: { name: 'plain', role: 'manager' },
    });
    expect(plain.json().apiKey.scopes).toEqual(['orders:read']);

    for (const payload of [
      { name: 'viewer hooks', role: 'viewer', scopes: ['orders:act'] },
      { name: 'unknown scope', role: 'manager', scopes: ['keys:manage'] },
      { name: 'not a list', role: 'manager', scopes: 'orders:act' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/api/keys',
        headers: manager.headers(true),
        payload,
      });
      expect(res.statusCode, payload.name).toBe(400);
      expect(res.json().error).toBe('invalid_input');
      expect(Object.keys(res.json().fields).join(), payload.name).toMatch(/^scopes/);
    }
  });

  it('revoking a key disables the endpoints it added, lists them and audits each', async () => {
    const key = await newKey('leaky', ['webhooks:manage']);
    const other = await newKey('other robot', ['webhooks:manage']);
    const byKey = (await addEndpoint(key, 'leaky')).json().endpoint;
    const alsoByKey = (await addEndpoint(key, 'leaky-2')).json().endpoint;
    const byOther = (await addEndpoint(other, 'other')).json().endpoint;
    const byPerson = await t.app.inject({
      method: 'POST',
      url: '/admin/api/webhooks/endpoints',
      headers: manager.headers(true),
      payload: { url: 'http://127.0.0.1:9/person' },
    });
    expect(byPerson.statusCode).toBe(201);
    expect(byKey.createdBy).toBe('key:leaky');
    await postLead();
    expect(await deliveriesTo(byKey.id)).toBe(1);

    const keyId = (
      await t.database.db
        .selectFrom('api_keys')
        .select('id')
        .where('name', '=', 'leaky')
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/admin/api/keys/${keyId}`,
      headers: manager.headers(true),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({
      name: 'leaky',
      revokedBy: 'manager@example.com',
      disabledEndpoints: [byKey, alsoByKey]
        .map(({ id, url }) => ({ id, url }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    });

    const listed = (
      await t.app.inject({
        method: 'GET',
        url: '/admin/api/webhooks/endpoints',
        headers: manager.headers(),
      })
    ).json().items as Array<{ id: string; disabled: string | null; disabledBy: string | null }>;
    const state = (id: string) => listed.find((e) => e.id === id)!;
    expect(state(byKey.id).disabled).not.toBeNull();
    expect(state(byKey.id).disabledBy).toBe('manager@example.com');
    expect(state(alsoByKey.id).disabled).not.toBeNull();
    expect(state(byOther.id).disabled).toBeNull();
    expect(state(byPerson.json().endpoint.id).disabled).toBeNull();

    const endpointAudit = await auditOf(t.database.db, 'webhook_endpoint', byKey.id);
    expect(endpointAudit.map((a) => [a.operator_email, a.action, a.after])).toEqual([
      ['key:leaky', 'webhook_endpoint_added', expect.anything()],
      [
        'manager@example.com',
        'webhook_endpoint_disabled',
        { reason: 'api_key_revoked', apiKeyId: keyId, apiKeyName: 'leaky' },
      ],
    ]);
    const keyAudit = await auditOf(t.database.db, 'api_key', keyId);
    expect(keyAudit.at(-1)).toMatchObject({
      action: 'api_key_revoked',
      after: { disabledEndpoints: [byKey.id, alsoByKey.id].sort() },
    });

    // The next lead reaches the other endpoints, not the revoked key's.
    await postLead();
    expect(await deliveriesTo(byKey.id)).toBe(1);
    expect(await deliveriesTo(alsoByKey.id)).toBe(1);
    expect(await deliveriesTo(byOther.id)).toBe(2);
    // And the key itself is refused.
    expect((await addEndpoint(key, 'again')).statusCode).toBe(401);

    // Another key that enables the revoked key's endpoint takes it on: its own revocation
    // disables it again, so no key keeps an endpoint alive past its revocation.
    const enabled = await withKey(
      other,
      'POST',
      `/admin/api/webhooks/endpoints/${byKey.id}/enable`,
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    const otherId = (
      await t.database.db
        .selectFrom('api_keys')
        .select('id')
        .where('name', '=', 'other robot')
        .executeTakeFirstOrThrow()
    ).id;
    const second = await t.app.inject({
      method: 'DELETE',
      url: `/admin/api/keys/${otherId}`,
      headers: manager.headers(true),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(
      second
        .json()
        .disabledEndpoints.map((e: { id: string }) => e.id)
        .sort(),
    ).toEqual([byKey.id, byOther.id].sort());
  });
});
