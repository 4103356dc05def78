import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../config.ts';
import { prepare } from '../app/open-database.ts';
import { openPglite } from '../db/database.ts';
import { productionGaps } from '../app/production.ts';
import {
  engines,
  eventually,
  startAppOn,
  startTestApp,
  testConfig,
  type TestApp,
} from '../test-support/app.ts';
import { signedInAs, type TestSession } from '../test-support/operators.ts';
import {
  opsWebhookEnv,
  startOpsReceiver,
  type OpsReceiver,
} from '../test-support/stand-ins/ops-receiver.ts';
import { signedHeaders } from './signing.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './worker.ts';

/**
 * docs/rules/webhooks.md: events reach each endpoint signed as Standard Webhooks sign them (a
 * receiver verifies with the `standardwebhooks` library), retried with backoff, not lost across a
 * restart, never sent twice by two instances; managers add endpoints and resend deliveries.
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

async function postLead(t: { app: TestApp['app'] }, body = lead()): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/public/leads', payload: body });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

const deliveries = (t: TestApp) =>
  t.database.db.selectFrom('webhook_deliveries').selectAll().orderBy('created_at').execute();

describe('lead events to the configured endpoint', () => {
  let receiver: OpsReceiver;
  let t: TestApp;
  afterEach(async () => {
    await t.close();
    await receiver.close();
  });
  const start = async (answers: number[] = [], secret?: string) => {
    receiver = await startOpsReceiver({ answers, ...(secret ? { secret } : {}) });
    t = await startTestApp('pglite', opsWebhookEnv(receiver, secret), { clock: true });
  };

  it('delivers a new lead once, signed as Standard Webhooks sign, with what staff need', async () => {
    await start();
    const body = lead();
    const leadId = await postLead(t, body);
    // The same lead again within a day is stored once: no second event.
    expect(await postLead(t, body)).toBe(leadId);
    expect(await t.app.notifications.runOnce()).toBe(1);
    expect(receiver.refused).toEqual([]);
    const [sent] = receiver.deliveries;
    expect(receiver.deliveries).toEqual([
      {
        webhookId: sent!.id,
        id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
        type: 'lead.created',
        timestamp: t.clock.now.toISOString(),
        version: 1,
        data: {
          lead_id: leadId,
          sequence: 1,
          created_at: t.clock.now.toISOString(),
          first_name: 'Jane',
          last_name: 'Citizen',
          email: body.email,
          phone: '+61412345678',
          address: '10 Smith Street, Darwin City NT 0800',
          message: 'Please call after 5',
          contacted_at: null,
          contacted_by: null,
        },
      },
    ]);
    const request = receiver.requests[0]!;
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // The signature's time is the wall clock's (the receiver compares it with its own).
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(
      60,
    );
    expect(await deliveries(t)).toMatchObject([
      { attempts: 1, delivered_at: t.clock.now, last_error: null, last_status: 200 },
    ]);
    // Nothing is sent twice.
    expect(await t.app.notifications.runOnce()).toBe(0);
    expect(receiver.requests).toHaveLength(1);
    expect(await t.app.metrics.text()).toMatch(
      /fibre_ops_notifications_total\{outcome="delivered"\} 1/,
    );
  });

  it('retries after a 500 with backoff, and delivers on the third attempt with the same webhook-id', async () => {
    await start([500, 500]);
    await postLead(t);
    expect(await t.app.notifications.runOnce()).toBe(0);
    let [row] = await deliveries(t);
    expect(row).toMatchObject({ attempts: 1, delivered_at: null, last_status: 500 });
    expect(row!.last_error).toBe('receiver answered 500');
    const wait = row!.next_attempt_at!.getTime() - t.clock.now.getTime();
    expect(wait).toBeGreaterThanOrEqual(8_000);
    expect(wait).toBeLessThanOrEqual(12_000);
    // Not due yet: nothing is sent.
    expect(await t.app.notifications.runOnce()).toBe(0);
    expect(receiver.requests).toHaveLength(1);
    t.clock.advance(12_000);
    expect(await t.app.notifications.runOnce()).toBe(0);
    [row] = await deliveries(t);
    const second = row!.next_attempt_at!.getTime() - t.clock.now.getTime();
    expect(second).toBeGreaterThanOrEqual(24_000);
    expect(second).toBeLessThanOrEqual(36_000);
    t.clock.advance(36_000);
    expect(await t.app.notifications.runOnce()).toBe(1);
    expect(receiver.requests).toHaveLength(3);
    expect(receiver.deliveries).toHaveLength(1);
    expect(new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    [row] = await deliveries(t);
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
    expect(await deliveries(t)).toMatchObject([
      {
        attempts: MAX_ATTEMPTS,
        delivered_at: null,
        next_attempt_at: null,
        last_error: 'receiver answered 503',
      },
    ]);
    expect(await t.app.metrics.text()).toMatch(
      /fibre_ops_notifications_total\{outcome="gave_up"\} 1/,
    );
  });

  it('a receiver refuses a delivery signed with another secret', async () => {
    await start();
    await receiver.close();
    receiver = await startOpsReceiver({ secret: 'whsec_QW5vdGhlclNlY3JldE9mVGhlUmVjZWl2ZXIh' });
    await t.close();
    t = await startTestApp('pglite', opsWebhookEnv(receiver), { clock: true });
    await postLead(t);
    expect(await t.app.notifications.runOnce()).toBe(0);
    expect(receiver.refused).toHaveLength(1);
    expect(receiver.deliveries).toEqual([]);
  });

  it('keeps an OPS_WEBHOOK_SECRET set before the standard working: its raw bytes are the key', async () => {
    await start([], 'an-older-secret-of-sixteen-or-more');
    await postLead(t);
    expect(await t.app.notifications.runOnce()).toBe(1);
    expect(receiver.refused).toEqual([]);
    expect(receiver.deliveries).toHaveLength(1);
  });
});

describe('a rolling upgrade from the old outbox', () => {
  it('carries over what an older instance writes to ops_notifications, numbered after the lead’s events', async () => {
    const receiver = await startOpsReceiver();
    const t = await startTestApp('pglite', opsWebhookEnv(receiver), { clock: true });
    try {
      const leadId = await postLead(t);
      // An instance of the version before writes its row, as it did (decision 015).
      await t.database.db
        .insertInto('ops_notifications')
        .values({
          id: 'old-row-1',
          kind: 'lead.created',
          payload: JSON.stringify({
            lead_id: leadId,
            first_name: 'Jane',
            last_name: 'Citizen',
            email: 'jane@example.com',
            phone: null,
            address: '10 Smith Street, Darwin City NT 0800',
            message: null,
          }),
          created_at: t.clock.now,
          next_attempt_at: t.clock.now,
        })
        .execute();
      while ((await t.app.notifications.runOnce()) > 0);
      expect(receiver.refused).toEqual([]);
      expect(receiver.deliveries.map((d) => [d.type, d.data.lead_id, d.data.sequence])).toEqual([
        ['lead.created', leadId, 1],
        ['lead.created', leadId, 2],
      ]);
      expect(await t.database.db.selectFrom('ops_notifications').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});

describe('events across a restart', () => {
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

  it('never sends one delivery twice', async () => {
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
      const sent = receiver.requests.map((r) => r.headers['webhook-id']);
      expect(sent).toHaveLength(30);
      expect(new Set(sent).size).toBe(30);
      expect(receiver.deliveries.map((d) => d.data.lead_id).sort()).toEqual(ids.sort());
    } finally {
      await other.close();
    }
  });
});

describe('endpoints managed in the console', () => {
  let t: TestApp;
  let manager: TestSession;
  let viewer: TestSession;
  let orders: OpsReceiver;
  let leads: OpsReceiver;
  beforeAll(async () => {
    // The receivers listen on loopback: named as meant to be reached.
    t = await startTestApp('pglite', { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }, { clock: true });
    manager = await signedInAs(t, 'manager');
    viewer = await signedInAs(t, 'viewer');
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([orders?.close(), leads?.close()]);
  });

  const api = (method: 'GET' | 'POST', url: string, as: TestSession, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: as.headers(method !== 'GET'),
      ...(payload ? { payload } : {}),
    });

  it('adds endpoints with their own secret and types; each gets only its types, signed with its secret', async () => {
    // A viewer reads but cannot add.
    expect(
      (await api('POST', '/admin/api/webhooks/endpoints', viewer, { url: 'http://x.example' }))
        .statusCode,
    ).toBe(403);
    const bad = await api('POST', '/admin/api/webhooks/endpoints', manager, {
      url: 'ftp://x.example/',
      eventTypes: ['order.confirmed', 'order.exploded'],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['eventTypes.1', 'url']);

    // Each receiver learns its secret from the answer, as the manager copies it.
    const add = async (path: string, eventTypes?: string[]) => {
      t.clock.advance(1000);
      const res = await api('POST', '/admin/api/webhooks/endpoints', manager, {
        url: `http://127.0.0.1:1${path}`,
        description: path,
        ...(eventTypes ? { eventTypes } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json<{ endpoint: { id: string }; secret: string }>();
    };
    const forLeads = await add('/leads', ['lead.created']);
    expect(forLeads.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    leads = await startOpsReceiver({ secret: forLeads.secret, path: '/leads' });
    const forAll = await add('/all');
    orders = await startOpsReceiver({ secret: forAll.secret, path: '/all' });
    // Point them at the receivers (the ports were not known before the secrets).
    await t.database.db
      .updateTable('webhook_endpoints')
      .set({ url: leads.url })
      .where('id', '=', forLeads.endpoint.id)
      .execute();
    await t.database.db
      .updateTable('webhook_endpoints')
      .set({ url: orders.url })
      .where('id', '=', forAll.endpoint.id)
      .execute();

    const listed = await api('GET', '/admin/api/webhooks/endpoints', viewer);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(forLeads.secret);
    expect(listed.json().items).toMatchObject([
      {
        id: forLeads.endpoint.id,
        eventTypes: ['lead.created'],
        createdBy: 'manager@example.com',
        disabled: null,
      },
      { id: forAll.endpoint.id, eventTypes: [] },
    ]);

    const leadId = await postLead(t);
    // Each event a second apart, so 'newest first' below has one answer (the clock is fixed).
    t.clock.advance(1000);
    const contacted = await api('POST', `/admin/api/leads/${leadId}/contacted`, manager);
    expect(contacted.statusCode, contacted.body).toBe(200);
    // The app's own worker polls too: whichever sends, wait for what is due to arrive.
    while ((await t.app.notifications.runOnce()) > 0);
    await eventually(() => orders.deliveries.length >= 2 && leads.deliveries.length >= 1);
    expect(leads.refused).toEqual([]);
    expect(orders.refused).toEqual([]);
    expect(leads.deliveries.map((d) => d.type)).toEqual(['lead.created']);
    expect(orders.deliveries.map((d) => [d.type, d.data.sequence])).toEqual([
      ['lead.created', 1],
      ['lead.contacted', 2],
    ]);
    // One event, one webhook-id, whichever endpoint it reaches.
    expect(leads.deliveries[0]!.webhookId).toBe(orders.deliveries[0]!.webhookId);
    expect(orders.deliveries[1]!.data).toMatchObject({ contacted_by: 'manager@example.com' });

    // Disabled: nothing more goes to it, and the audit says who did it.
    const off = await api(
      'POST',
      `/admin/api/webhooks/endpoints/${forLeads.endpoint.id}/disable`,
      manager,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ disabledBy: 'manager@example.com' });
    expect(
      (await api('POST', `/admin/api/webhooks/endpoints/${forLeads.endpoint.id}/disable`, manager))
        .statusCode,
    ).toBe(409);
    t.clock.advance(1000);
    await postLead(t);
    while ((await t.app.notifications.runOnce()) > 0);
    await eventually(() => orders.deliveries.length >= 3);
    expect(leads.deliveries).toHaveLength(1);
    expect(orders.deliveries).toHaveLength(3);
    const audit = await t.database.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_email'])
      .where('subject_type', '=', 'webhook_endpoint')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'webhook_endpoint_added',
      'webhook_endpoint_added',
      'webhook_endpoint_disabled',
    ]);
  });

  it('lists deliveries with their state and resends one, audited', async () => {
    const list = await api('GET', '/admin/api/webhooks/deliveries?limit=2', manager);
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<{ items: Array<Record<string, unknown>>; nextCursor: string }>();
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      state: 'delivered',
      attempts: 1,
      lastStatus: 200,
      type: 'lead.created',
    });
    // A viewer sees delivered or not, never the receiver's status or words.
    const seen = await api('GET', '/admin/api/webhooks/deliveries?limit=2', viewer);
    expect(seen.json().items[0]).toMatchObject({
      id: page.items[0]!.id,
      state: 'delivered',
      lastStatus: null,
      lastError: null,
    });
    const rest = await api(
      'GET',
      `/admin/api/webhooks/deliveries?limit=100&cursor=${page.nextCursor}`,
      viewer,
    );
    expect(rest.json().items).toHaveLength(2);
    expect(
      (await api('GET', '/admin/api/webhooks/deliveries?state=gave_up', viewer)).json().items,
    ).toEqual([]);
    expect((await api('GET', '/admin/api/webhooks/deliveries?state=lost', viewer)).statusCode).toBe(
      400,
    );

    const target = page.items[1]!;
    expect(
      (await api('POST', `/admin/api/webhooks/deliveries/${String(target.id)}/resend`, viewer))
        .statusCode,
    ).toBe(403);
    const resent = await api(
      'POST',
      `/admin/api/webhooks/deliveries/${String(target.id)}/resend`,
      manager,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ state: 'waiting', attempts: 0 });
    const before = orders.deliveries.length;
    await t.app.notifications.runOnce();
    await eventually(() => orders.deliveries.length > before);
    expect(orders.deliveries).toHaveLength(before + 1);
    expect(orders.deliveries.at(-1)!.webhookId).toBe(target.eventId);
    const audit = await t.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'webhook_delivery_resent')
      .execute();
    expect(audit).toMatchObject([{ operator_email: 'manager@example.com', subject_id: target.id }]);
    expect(
      (await api('POST', '/admin/api/webhooks/deliveries/nope/resend', manager)).statusCode,
    ).toBe(404);
  });
});

describe('the signature scheme and its configuration', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const body = '{"id":"x"}';

  it('signs so the standardwebhooks library verifies, and refuses a tampered body or another secret', () => {
    const headers = signedHeaders(secret, 'evt_1', new Date(), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual({ id: 'x' });
    expect(() => new Webhook(secret).verify('{"id":"y"}', headers)).toThrow(/signature/);
    expect(() =>
      new Webhook('whsec_QW5vdGhlclNlY3JldE9mVGhlUmVjZWl2ZXIh').verify(body, headers),
    ).toThrow(/signature/);
    // A stale timestamp is refused by the receiver (a replay).
    const old = signedHeaders(secret, 'evt_1', new Date(Date.now() - 10 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/too old/);
  });

  it('backs off 10 s, 30 s, 2 min ... with jitter, never past an hour', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(10_000);
    expect(retryDelayMs(2, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(3, () => 0.5)).toBe(120_000);
    expect(retryDelayMs(1, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, () => 1)).toBe(12_000);
    expect(retryDelayMs(20, () => 1)).toBe(3_600_000);
  });

  it('takes both variables or neither, a whsec_ secret of at least 16 bytes, and only https in production, ALLOW_DEMO or not', () => {
    expect(() => loadConfig({ OPS_WEBHOOK_URL: 'https://ops.example.com/hook' })).toThrow(
      /OPS_WEBHOOK_URL and OPS_WEBHOOK_SECRET: set both/,
    );
    expect(() => loadConfig({ OPS_WEBHOOK_SECRET: secret })).toThrow(/set both/);
    expect(() =>
      loadConfig({ OPS_WEBHOOK_URL: 'https://ops.example.com/hook', OPS_WEBHOOK_SECRET: 'short' }),
    ).toThrow(/OPS_WEBHOOK_SECRET must be at least 16 characters/);
    expect(() =>
      loadConfig({
        OPS_WEBHOOK_URL: 'https://ops.example.com/hook',
        OPS_WEBHOOK_SECRET: 'whsec_dG9vc2hvcnQ=',
      }),
    ).toThrow(/OPS_WEBHOOK_SECRET: a whsec_ secret must be the base64 of at least 16 bytes/);
    expect(() =>
      loadConfig({ OPS_WEBHOOK_URL: 'ftp://ops.example.com/', OPS_WEBHOOK_SECRET: secret }),
    ).toThrow(/OPS_WEBHOOK_URL must be an http\(s\) URL/);
    // In production only https, read from the parsed URL, and ALLOW_DEMO=1 changes nothing
    // (docs/rules/webhooks.md#where-an-endpoint-may-point).
    const production = (url: string, demo: Record<string, string> = {}) =>
      productionGaps(
        loadConfig({
          NODE_ENV: 'production',
          DATABASE_URL: 'postgres://db/x',
          CHARGEBEE_SITE: 'acme',
          CHARGEBEE_PUBLISHABLE_KEY: 'pk',
          CHARGEBEE_API_KEY: 'sk',
          WEBHOOK_SECRET_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
          PUBLIC_URL: 'https://signup.example.com',
          OPS_WEBHOOK_URL: url,
          OPS_WEBHOOK_SECRET: secret,
          ...demo,
        }),
      );
    expect(() => production('http://ops.example.com/hook')).toThrow(
      /OPS_WEBHOOK_URL: must be an https URL in production/,
    );
    expect(() => production('http://ops.example.com/hook', { ALLOW_DEMO: '1' })).toThrow(
      /OPS_WEBHOOK_URL: must be an https URL in production/,
    );
    expect(production('https://ops.example.com/hook')).toEqual([]);
  });
});
