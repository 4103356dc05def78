import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { prepare } from '../open-database.ts';
import { openPglite } from '../db/database.ts';
import { productionGaps } from '../app/production.ts';
import { findNotifications } from './repository.ts';
import {
  engines,
  eventually,
  startAppOn,
  startTestApp,
  testConfig,
  type TestApp,
} from '../test-support/app.ts';
import {
  opsWebhookEnv,
  startOpsReceiver,
  type OpsReceiver,
} from '../test-support/stand-ins/ops-receiver.ts';
import { verifySignature, signatureHeader } from './signing.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './worker.ts';

/**
 * docs/rules/notifications.md: a new lead or an order kept as needs_attention reaches the ops
 * webhook signed, retried with backoff, and is not lost across a restart; each is checked by a
 * local receiver that verifies the signature as the documented scheme says.
 */

let n = 0;
const lead = () => ({
  firstName: 'jane',
  lastName: 'CITIZEN',
  email: `jane${++n}@example.com`,
  phone: '0412345678',
  formatted_address: '10 Smith Street, Darwin City NT 0800',
  message: 'Please call after 5',
});

async function postLead(t: TestApp, body = lead()): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/public/leads', payload: body });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('ops notifications for leads', () => {
  let receiver: OpsReceiver;
  let t: TestApp;
  afterEach(async () => {
    await t.close();
    await receiver.close();
  });
  const start = async (answers: number[] = []) => {
    // The receiver reads the app's clock, as a real receiver's agrees with the sender's.
    receiver = await startOpsReceiver({ answers, now: () => t.clock.now });
    t = await startTestApp('pglite', opsWebhookEnv(receiver), { clock: true });
  };

  it('delivers a new lead once, signed, with what staff need', async () => {
    await start();
    const body = lead();
    const leadId = await postLead(t, body);
    // The same lead again within a day is stored once: no second notification.
    expect(await postLead(t, body)).toBe(leadId);
    expect(await t.app.notifications.runOnce()).toBe(1);
    expect(receiver.refused).toEqual([]);
    expect(receiver.deliveries).toEqual([
      {
        id: expect.any(String),
        type: 'lead.created',
        created_at: t.clock.now.toISOString(),
        data: {
          lead_id: leadId,
          first_name: 'Jane',
          last_name: 'Citizen',
          email: body.email,
          phone: '+61412345678',
          address: '10 Smith Street, Darwin City NT 0800',
          message: 'Please call after 5',
        },
      },
    ]);
    const request = receiver.requests[0]!;
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-fibre-delivery']).toBe(receiver.deliveries[0]!.id);
    expect(request.headers['x-fibre-timestamp']).toBe(
      String(Math.floor(t.clock.now.getTime() / 1000)),
    );
    const [row] = await findNotifications(t.database.db, 'lead.created');
    expect(row).toMatchObject({ attempts: 1, delivered_at: t.clock.now, last_error: null });
    // Nothing is sent twice.
    expect(await t.app.notifications.runOnce()).toBe(0);
    expect(receiver.requests).toHaveLength(1);
    expect(await t.app.metrics.text()).toMatch(
      /fibre_ops_notifications_total\{outcome="delivered"\} 1/,
    );
  });

  it('retries after a 500 with backoff, and delivers on the third attempt', async () => {
    await start([500, 500]);
    await postLead(t);
    expect(await t.app.notifications.runOnce()).toBe(0);
    let [row] = await findNotifications(t.database.db);
    expect(row).toMatchObject({ attempts: 1, delivered_at: null });
    expect(row!.last_error).toBe('receiver answered 500');
    const wait = row!.next_attempt_at!.getTime() - t.clock.now.getTime();
    expect(wait).toBeGreaterThanOrEqual(8_000);
    expect(wait).toBeLessThanOrEqual(12_000);
    // Not due yet: nothing is sent.
    expect(await t.app.notifications.runOnce()).toBe(0);
    expect(receiver.requests).toHaveLength(1);
    t.clock.advance(12_000);
    expect(await t.app.notifications.runOnce()).toBe(0);
    [row] = await findNotifications(t.database.db);
    const second = row!.next_attempt_at!.getTime() - t.clock.now.getTime();
    expect(second).toBeGreaterThanOrEqual(24_000);
    expect(second).toBeLessThanOrEqual(36_000);
    t.clock.advance(36_000);
    expect(await t.app.notifications.runOnce()).toBe(1);
    expect(receiver.requests).toHaveLength(3);
    expect(receiver.deliveries).toHaveLength(1);
    // Each attempt is a new signature over the same delivery.
    expect(new Set(receiver.requests.map((r) => r.headers['x-fibre-delivery'])).size).toBe(1);
    [row] = await findNotifications(t.database.db);
    expect(row).toMatchObject({ attempts: 3, delivered_at: t.clock.now, next_attempt_at: null });
  });

  it('gives up after the last attempt, keeping the row and its last error', async () => {
    await start(Array.from({ length: MAX_ATTEMPTS + 2 }, () => 503));
    await postLead(t);
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await t.app.notifications.runOnce();
      t.clock.advance(3_600_000 * 1.3);
    }
    expect(receiver.requests).toHaveLength(MAX_ATTEMPTS);
    const [row] = await findNotifications(t.database.db);
    expect(row).toMatchObject({
      attempts: MAX_ATTEMPTS,
      delivered_at: null,
      next_attempt_at: null,
      last_error: 'receiver answered 503',
    });
    expect(await t.app.metrics.text()).toMatch(
      /fibre_ops_notifications_total\{outcome="gave_up"\} 1/,
    );
  });

  it('a receiver refuses a delivery signed with another secret', async () => {
    await start();
    await receiver.close();
    receiver = await startOpsReceiver({ secret: 'another-secret-of-the-receiver' });
    await t.close();
    t = await startTestApp('pglite', opsWebhookEnv(receiver), { clock: true });
    await postLead(t);
    expect(await t.app.notifications.runOnce()).toBe(0);
    expect(receiver.refused).toHaveLength(1);
    expect(receiver.deliveries).toEqual([]);
  });
});

describe('ops notifications across a restart', () => {
  it('delivers what an app left in the outbox once a new app starts on the same database', async () => {
    const receiver = await startOpsReceiver();
    const config = testConfig(opsWebhookEnv(receiver));
    const database = await openPglite(undefined);
    try {
      await prepare(database, config);
      // The first app records the lead and stops before its worker's first round.
      const first = await startAppOn(config, database, { notificationPollMs: 60_000 });
      const res = await first.inject({
        method: 'POST',
        url: '/api/v1/public/leads',
        payload: lead(),
      });
      expect(res.statusCode).toBe(201);
      await first.close();
      expect(receiver.requests).toEqual([]);

      const second = await startAppOn(config, database, { notificationPollMs: 20 });
      try {
        await eventually(() => receiver.deliveries.length > 0);
        expect(receiver.deliveries).toEqual([
          expect.objectContaining({
            type: 'lead.created',
            data: expect.objectContaining({ lead_id: res.json().id }),
          }),
        ]);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
      await receiver.close();
    }
  });
});

describe.each(engines().filter((e) => e === 'postgres'))('two workers on %s', (engine) => {
  let t: TestApp;
  let receiver: OpsReceiver;
  beforeAll(async () => {
    receiver = await startOpsReceiver();
    t = await startTestApp(engine, opsWebhookEnv(receiver));
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('never sends one notification twice', async () => {
    const other = await startAppOn(t.config, t.database, { notificationPollMs: 60_000 });
    try {
      const ids = [];
      for (let i = 0; i < 30; i++) ids.push(await postLead(t));
      await Promise.all(
        Array.from({ length: 3 }, () =>
          Promise.all([t.app.notifications.runOnce(), other.notifications.runOnce()]),
        ),
      );
      while ((await t.app.notifications.runOnce()) + (await other.notifications.runOnce()) > 0);
      const sent = receiver.requests.map((r) => r.headers['x-fibre-delivery']);
      expect(sent).toHaveLength(30);
      expect(new Set(sent).size).toBe(30);
      expect(receiver.deliveries.map((d) => d.data.lead_id).sort()).toEqual(ids.sort());
    } finally {
      await other.close();
    }
  });
});

describe('the signature scheme and its configuration', () => {
  const secret = 'a-secret-of-sixteen-chars';
  const body = '{"id":"x"}';

  it('verifies a fresh signature and refuses a stale, tampered or missing one', () => {
    const header = signatureHeader(secret, 1_700_000_000, body);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, header, body, 1_700_000_100)).toBe(true);
    expect(verifySignature(secret, header, body, 1_700_000_000 + 301)).toBe(false);
    expect(verifySignature(secret, header, '{"id":"y"}', 1_700_000_000)).toBe(false);
    expect(verifySignature('another-secret-value', header, body, 1_700_000_000)).toBe(false);
    expect(verifySignature(secret, undefined, body, 1_700_000_000)).toBe(false);
  });

  it('backs off 10 s, 30 s, 2 min ... with jitter, never past an hour', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(10_000);
    expect(retryDelayMs(2, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(3, () => 0.5)).toBe(120_000);
    expect(retryDelayMs(1, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, () => 1)).toBe(12_000);
    expect(retryDelayMs(20, () => 1)).toBe(3_600_000);
  });

  it('takes both variables or neither, and only https in production', () => {
    expect(() => loadConfig({ OPS_WEBHOOK_URL: 'https://ops.example.com/hook' })).toThrow(
      /OPS_WEBHOOK_URL and OPS_WEBHOOK_SECRET: set both/,
    );
    expect(() => loadConfig({ OPS_WEBHOOK_SECRET: secret })).toThrow(/set both/);
    expect(() =>
      loadConfig({ OPS_WEBHOOK_URL: 'https://ops.example.com/hook', OPS_WEBHOOK_SECRET: 'short' }),
    ).toThrow(/OPS_WEBHOOK_SECRET must be at least 16 characters/);
    expect(() =>
      loadConfig({ OPS_WEBHOOK_URL: 'ftp://ops.example.com/', OPS_WEBHOOK_SECRET: secret }),
    ).toThrow(/OPS_WEBHOOK_URL must be an http\(s\) URL/);
    const production = (url: string) =>
      productionGaps(
        loadConfig({
          NODE_ENV: 'production',
          DATABASE_URL: 'postgres://db/x',
          CHARGEBEE_SITE: 'acme',
          CHARGEBEE_PUBLISHABLE_KEY: 'pk',
          CHARGEBEE_API_KEY: 'sk',
          PUBLIC_URL: 'https://signup.example.com',
          OPS_WEBHOOK_URL: url,
          OPS_WEBHOOK_SECRET: secret,
        }),
      );
    expect(production('http://ops.example.com/hook')).toEqual([
      'OPS_WEBHOOK_URL is not https: ops notifications would travel unencrypted',
    ]);
    expect(production('https://ops.example.com/hook')).toEqual([]);
  });
});
