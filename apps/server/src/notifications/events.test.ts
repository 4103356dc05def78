import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openPglite } from '../db/database.ts';
import { findMail } from '../mail/repository.ts';
import { prepare } from '../app/open-database.ts';
import { engines, eventually, freshPostgres, startAppOn, testConfig } from '../test-support/app.ts';
import { signedInAs, type TestSession } from '../test-support/operators.ts';
import { freeSlots, prepareOrder } from '../test-support/order.ts';
import { demoBuildings } from '../test-support/demo-catalogue.ts';
import { startArrivy, type ArrivyStandIn } from '../test-support/stand-ins/arrivy.ts';
import { startChargebee, type ChargebeeStandIn } from '../test-support/stand-ins/chargebee.ts';
import { arrivyEnv, chargebeeEnv } from '../test-support/stand-ins/env.ts';
import {
  opsWebhookEnv,
  startOpsReceiver,
  type OpsReceiver,
} from '../test-support/stand-ins/ops-receiver.ts';

/**
 * docs/rules/webhooks.md: every event of an order's and a lead's life, made on two instances,
 * reaches a receiver that verifies it with the `standardwebhooks` library, once each, numbered
 * 1, 2, 3 … per order, even when both instances stop between the commit and the send and two
 * others deliver what they left.
 */

const STATE = demoBuildings.find((b) => b.code === 'G1A2B3')!.state;

describe.each(engines())('every event, delivered once, in order, on %s', (engine) => {
  let database: Database;
  let receiver: OpsReceiver;
  let cb: ChargebeeStandIn;
  let arrivy: ArrivyStandIn;
  let config: ReturnType<typeof testConfig>;
  /** The two instances that act; their workers would wait an hour, so nothing is sent yet. */
  let a: FastifyInstance;
  let b: FastifyInstance;
  let manager: TestSession;
  let n = 0;

  beforeAll(async () => {
    [cb, arrivy, receiver] = await Promise.all([
      startChargebee(),
      startArrivy(),
      startOpsReceiver(),
    ]);
    config = testConfig({ ...chargebeeEnv(cb), ...arrivyEnv(arrivy), ...opsWebhookEnv(receiver) });
    database = engine === 'postgres' ? await freshPostgres() : await openPglite(undefined);
    await prepare(database, config);
    a = await startAppOn(config, database, { notificationPollMs: 3_600_000 });
    b = await startAppOn(config, database, { notificationPollMs: 3_600_000 });
    manager = await signedInAs({ app: b, database }, 'manager');
  });
  afterAll(async () => {
    await database.close();
    await Promise.all([cb.close(), arrivy.close(), receiver.close()]);
  });

  /** A wizard order placed on `app`: its id and its order page's token (from its mail). */
  async function place(app: FastifyInstance) {
    const { body } = await prepareOrder(app, { cardToken: `cb_tok_evt_${++n}`, slotIndex: n });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
      headers: { 'idempotency-key': `evt-${body.reservation_id}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ order_id: string }>().order_id;
    const [mail] = await findMail(database.db, id);
    return { id, token: mail?.link_token ?? '' };
  }

  it('tells every change across two instances and a restart', async () => {
    // A confirmed wizard order, rescheduled and then cancelled on its order page.
    const paged = await place(a);
    const slots = await freeSlots(b, STATE);
    const later = slots.at(-1)!;
    const moved = await b.inject({
      method: 'POST',
      url: `/api/v1/public/orders/${paged.token}/reschedule`,
      payload: { booking_id: later.booking_id, start: later.start, end: later.end },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await a.inject({
      method: 'POST',
      url: `/api/v1/public/orders/${paged.token}/cancel`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // An order an operator cancels.
    const staff = await place(b);
    const staffCancel = await b.inject({
      method: 'POST',
      url: `/admin/api/orders/${staff.id}/cancel`,
      headers: manager.headers(true),
      payload: { note: 'Customer rang to cancel' },
    });
    expect(staffCancel.statusCode, staffCancel.body).toBe(200);

    // An order kept for attention (the installer task failed, billing could not be undone),
    // then resolved by a manager.
    arrivy.faults.fail('POST', /^\/api\/tasks\/new$/, { status: 500, body: {} });
    cb.faults.fail('POST', /cancel_for_items$/, { status: 503, body: { message: 'busy' } });
    const attention = await place(a);
    arrivy.faults.clear();
    cb.faults.clear();
    const resolved = await b.inject({
      method: 'POST',
      url: `/admin/api/orders/${attention.id}/resolve`,
      headers: manager.headers(true),
      payload: { note: 'Booked the installer by phone' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);

    // A lead, marked contacted.
    const lead = await a.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      payload: {
        firstName: 'Lee',
        lastName: 'Lead',
        email: 'lee@example.com',
        phone: '0412345678',
        formatted_address: '1 Unserved Road, Darwin City NT 0800',
      },
    });
    expect(lead.statusCode).toBe(201);
    const leadId = lead.json<{ id: string }>().id;
    const contacted = await b.inject({
      method: 'POST',
      url: `/admin/api/leads/${leadId}/contacted`,
      headers: manager.headers(true),
    });
    expect(contacted.statusCode, contacted.body).toBe(200);

    // Both instances stop with everything committed and nothing sent; two others start.
    await Promise.all([a.close(), b.close()]);
    expect(receiver.requests).toEqual([]);
    const [c, d] = await Promise.all([
      startAppOn(config, database, { notificationPollMs: 20 }),
      startAppOn(config, database, { notificationPollMs: 20 }),
    ]);
    try {
      await eventually(() => receiver.deliveries.length >= 9);
      // A last look: nothing more arrives.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await Promise.all([c.close(), d.close()]);
    }

    expect(receiver.refused).toEqual([]);
    const ids = receiver.deliveries.map((x) => x.webhookId);
    expect(new Set(ids).size).toBe(ids.length);
    const story = (key: 'order_id' | 'lead_id', id: string) =>
      receiver.deliveries
        .filter((x) => x.data[key] === id)
        .sort((x, y) => Number(x.data.sequence) - Number(y.data.sequence))
        .map((x) => [x.data.sequence, x.type]);
    expect(story('order_id', paged.id)).toEqual([
      [1, 'order.confirmed'],
      [2, 'order.rescheduled'],
      [3, 'order.cancelled'],
    ]);
    expect(story('order_id', staff.id)).toEqual([
      [1, 'order.confirmed'],
      [2, 'order.cancelled'],
    ]);
    expect(story('order_id', attention.id)).toEqual([
      [1, 'order.needs_attention'],
      [2, 'order.resolved'],
    ]);
    expect(story('lead_id', leadId)).toEqual([
      [1, 'lead.created'],
      [2, 'lead.contacted'],
    ]);
    expect(receiver.deliveries).toHaveLength(9);

    // Each carries the order's reference and says who acted.
    const of = (id: string, type: string) =>
      receiver.deliveries.find((x) => x.data.order_id === id && x.type === type)!.data;
    expect(of(paged.id, 'order.confirmed').reference).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(of(paged.id, 'order.rescheduled')).toMatchObject({
      rescheduled_by: { kind: 'customer' },
      window: { starts_at: new Date(later.start).toISOString() },
      previous_window: { starts_at: expect.any(String) },
    });
    expect(of(paged.id, 'order.cancelled')).toMatchObject({
      status: 'cancelled',
      cancelled_by: { kind: 'customer' },
    });
    expect(of(staff.id, 'order.cancelled')).toMatchObject({
      cancelled_by: { kind: 'operator', email: 'manager@example.com' },
      note: 'Customer rang to cancel',
    });
    expect(of(attention.id, 'order.needs_attention')).toMatchObject({
      status: 'needs_attention',
      reason: 'installer task not created and billing not undone',
    });
    expect(of(attention.id, 'order.resolved')).toMatchObject({
      status: 'confirmed',
      resolution: 'marked_resolved',
      note: 'Booked the installer by phone',
    });
  });
});
