import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { engines, eventually, startTestApp, type TestApp } from '../test-support/app.ts';
import { signedInAs, type TestSession } from '../test-support/operators.ts';
import { startOpsReceiver, type OpsReceiver } from '../test-support/stand-ins/ops-receiver.ts';
import { openSecret, sealSecret, SEALED_PREFIX } from './secret-box.ts';

// docs/decisions/027-webhooks.md ("Secrets at rest"), docs/rules/webhooks.md#endpoints: with
// WEBHOOK_SECRET_KEY set, an endpoint's signing secret is stored encrypted (AES-256-GCM), never in
// clear, and deliveries are still signed with it; secrets stored in clear before are sealed.

const KEY = randomBytes(32).toString('base64');

describe('the sealed secret', () => {
  it('opens with its key and its row only', () => {
    const key = Buffer.from(KEY, 'base64');
    const sealed = sealSecret('whsec_abc', 'ep_1', key);
    expect(sealed.startsWith(SEALED_PREFIX)).toBe(true);
    expect(sealed).not.toContain('abc');
    expect(openSecret(sealed, 'ep_1', key)).toBe('whsec_abc');
    expect(() => openSecret(sealed, 'ep_2', key)).toThrow(/does not open/);
    expect(() => openSecret(sealed, 'ep_1', randomBytes(32))).toThrow(/does not open/);
    expect(() => openSecret(sealed, 'ep_1', undefined)).toThrow(/WEBHOOK_SECRET_KEY is not set/);
    // Without a key, as before: in clear.
    expect(sealSecret('whsec_abc', 'ep_1', undefined)).toBe('whsec_abc');
    expect(openSecret('whsec_abc', 'ep_1', key)).toBe('whsec_abc');
  });

  it('WEBHOOK_SECRET_KEY must be the base64 of 32 bytes', () => {
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY: 'too-short' })).toThrow(
      /WEBHOOK_SECRET_KEY must be the base64 of 32 random bytes/,
    );
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY: randomBytes(16).toString('base64') })).toThrow(
      /WEBHOOK_SECRET_KEY/,
    );
    expect(loadConfig({ WEBHOOK_SECRET_KEY: KEY }).webhooks.secretKey).toEqual(
      Buffer.from(KEY, 'base64'),
    );
  });
});

describe.each(engines())('webhook secrets encrypted at rest on %s', (engine) => {
  let t: TestApp;
  let manager: TestSession;
  let receiver: OpsReceiver | undefined;
  beforeAll(async () => {
    // The receiver listens on loopback: named as meant to be reached.
    t = await startTestApp(
      engine,
      { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_SECRET_KEY: KEY },
      { clock: true },
    );
    manager = await signedInAs(t, 'manager');
  });
  afterAll(async () => {
    await t.close();
    await receiver?.close();
  });

  const stored = async (id: string) =>
    (
      await t.database.db
        .selectFrom('webhook_endpoints')
        .select('secret')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).secret;

  it('stores a new endpoint’s secret encrypted, and signs its deliveries with the secret shown', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/webhooks/endpoints',
      headers: manager.headers(true),
      payload: { url: 'http://127.0.0.1:1/hook', eventTypes: ['lead.created'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { endpoint, secret } = res.json<{ endpoint: { id: string }; secret: string }>();
    const column = await stored(endpoint.id);
    expect(column.startsWith(SEALED_PREFIX)).toBe(true);
    expect(column).not.toContain(secret);
    expect(column).not.toContain(secret.slice('whsec_'.length));

    receiver = await startOpsReceiver({ secret, path: '/hook' });
    await t.database.db
      .updateTable('webhook_endpoints')
      .set({ url: receiver.url })
      .where('id', '=', endpoint.id)
      .execute();
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      payload: {
        firstName: 'Sam',
        lastName: 'Sealed',
        email: 'sam.sealed@example.com',
        phone: '0412345678',
        formatted_address: '10 Smith Street, Darwin City NT 0800',
      },
    });
    expect(lead.statusCode, lead.body).toBe(201);
    while ((await t.app.notifications.runOnce()) > 0);
    await eventually(() => receiver!.deliveries.length >= 1);
    // The receiver verified the signature with the secret the manager was shown.
    expect(receiver.refused).toEqual([]);
    expect(receiver.deliveries.map((d) => d.type)).toEqual(['lead.created']);
  });

  it('seals a secret stored in clear before the key was set, at the worker’s next round', async () => {
    await t.database.db
      .insertInto('webhook_endpoints')
      .values({
        id: 'ep_before_the_key',
        url: 'http://127.0.0.1:1/old',
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        event_types: ['order.confirmed'],
        created_at: t.clock.now,
        created_by: 'manager@example.com',
      })
      .execute();
    await t.app.notifications.runOnce();
    const column = await stored('ep_before_the_key');
    expect(column.startsWith(SEALED_PREFIX)).toBe(true);
    expect(column).not.toContain('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    expect(openSecret(column, 'ep_before_the_key', Buffer.from(KEY, 'base64'))).toBe(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    );
  });
});
