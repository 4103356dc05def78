import { webhookEventBody } from '@fibre/domain/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../operators/api-keys.ts';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { signedInAs } from '../test-support/operators.ts';
import { prepareOrder } from '../test-support/order.ts';

// docs/rules/personal-data-requests.md#erase: an erasure is told to the receivers of webhooks
// (`person.erased`, ids only: docs/rules/webhooks.md#event-types) and to the change lists, which
// list the erased order and lead as erased, without their personal fields.

const ALEX = {
  firstName: 'Alex',
  lastName: 'Erasable',
  email: 'alex.erasable@example.com',
  phone: '0411222333',
};

interface ChangeRow {
  id: string;
  erased: boolean;
  [field: string]: unknown;
}

describe.each(engines())('an erasure told to webhooks and the change lists on %s', (engine) => {
  let t: TestApp;
  let key: string;
  let session: { cookie: string; csrfToken: string };
  let orderId: string;
  let reference: string;
  let leadId: string;

  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
    session = await signedInAs(t, 'manager');
    const made = await createApiKey(t.database.db, {
      name: 'erasure-sync',
      role: 'viewer',
      by: 'test',
      now: new Date(),
    });
    if ('taken' in made) throw new Error('taken');
    key = made.key;
    const { body } = await prepareOrder(t.app, { slotIndex: 0, contact: ALEX }, t.clock.now);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    orderId = placed.json<{ order_id: string }>().order_id;
    reference = (
      await t.database.db
        .selectFrom('orders')
        .select('reference')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).reference!;
    const cancelled = await post(`/admin/api/orders/${orderId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      payload: { ...ALEX, formatted_address: '10 Smith Street, Darwin City NT 0800' },
    });
    expect(lead.statusCode, lead.body).toBe(201);
    leadId = lead.json<{ id: string }>().id;
    const erased = await post('/admin/api/personal-data/erase', { email: ALEX.email });
    expect(erased.statusCode, erased.body).toBe(200);
  });
  afterAll(() => t.close());

  function post(url: string, payload: object) {
    return t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
    });
  }

  /** The change list once it shows `id` (a row waits for older transactions: the cluster's). */
  async function changed(path: 'orders' | 'leads', id: string): Promise<ChangeRow> {
    let row: ChangeRow | undefined;
    await expect
      .poll(
        async () => {
          const res = await t.app.inject({
            method: 'GET',
            url: `/admin/api/${path}/changes?limit=100`,
            headers: { authorization: `Bearer ${key}` },
          });
          expect(res.statusCode, res.body).toBe(200);
          row = res.json<{ items: ChangeRow[] }>().items.find((item) => item.id === id);
          return row !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    return row!;
  }

  it('queues person.erased with the order and lead references only, and no personal data', async () => {
    const events = await t.database.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('type', '=', 'person.erased')
      .execute();
    expect(events).toHaveLength(1);
    const [event] = events;
    const data = event!.data;
    expect(data).toEqual({
      orders: [{ order_id: orderId, reference }],
      lead_ids: [leadId],
      erased_at: expect.any(String),
    });
    // The documented body's schema reads it.
    const body = {
      id: event!.id,
      type: 'person.erased',
      timestamp: event!.created_at.toISOString(),
      version: 1,
      data,
    };
    expect(webhookEventBody('person.erased').safeParse(body).success).toBe(true);
    const text = JSON.stringify(event);
    for (const value of ['Alex', 'Erasable', ALEX.email, '+61411222333', 'Smith Street'])
      expect(text).not.toContain(value);
    // The order's and lead's own events are deleted; this one stays for its receivers.
    expect(event!.order_id).toBeNull();
    expect(event!.lead_id).toBeNull();
  });

  it('lists the erased order in the change list as erased, its customer and address null', async () => {
    const row = await changed('orders', orderId);
    expect(row).toMatchObject({ id: orderId, erased: true, customer: null, address: null });
    expect(JSON.stringify(row)).not.toContain(ALEX.email);
  });

  it('lists the erased (deleted) lead in the change list as erased, every personal field null', async () => {
    const row = await changed('leads', leadId);
    expect(row).toEqual({
      id: leadId,
      created: expect.any(String),
      updated: expect.any(String),
      erased: true,
      firstName: null,
      lastName: null,
      email: null,
      phone: null,
      address: null,
      message: null,
      contactedAt: null,
      contactedBy: null,
    });
  });
});
