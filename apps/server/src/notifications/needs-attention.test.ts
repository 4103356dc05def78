import { defaultDomainConfig } from '@fibre/domain/shared';
import type { InstallBody } from '@fibre/domain/install';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepStaleOrders } from '../orders/sweep.ts';
import { findEvents } from './repository.ts';
import { eventually, startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';
import { startArrivy, type ArrivyStandIn } from '../test-support/stand-ins/arrivy.ts';
import { startChargebee, type ChargebeeStandIn } from '../test-support/stand-ins/chargebee.ts';
import { arrivyEnv, chargebeeEnv } from '../test-support/stand-ins/env.ts';
import {
  opsWebhookEnv,
  startOpsReceiver,
  type OpsReceiver,
} from '../test-support/stand-ins/ops-receiver.ts';

/**
 * docs/rules/webhooks.md: an order kept as needs_attention (billing or scheduling failed in a way
 * that cannot be undone, or its request died) makes an `order.needs_attention` event, signed, with
 * its reason, the customer, the address and the window; never card data. A confirmed order makes
 * `order.confirmed` instead.
 */
describe('order.needs_attention events', () => {
  let t: TestApp;
  let cb: ChargebeeStandIn;
  let arrivy: ArrivyStandIn;
  let receiver: OpsReceiver;
  let n = 0;
  beforeAll(async () => {
    [cb, arrivy] = await Promise.all([startChargebee(), startArrivy()]);
    receiver = await startOpsReceiver();
    t = await startTestApp(
      'pglite',
      { ...chargebeeEnv(cb), ...arrivyEnv(arrivy), ...opsWebhookEnv(receiver) },
      { clock: true },
    );
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([cb.close(), arrivy.close(), receiver.close()]);
  });
  beforeEach(() => {
    cb.faults.clear();
    arrivy.faults.clear();
  });

  const order = async (cardToken = `cb_tok_note_${++n}`) =>
    (await prepareOrder(t.app, { cardToken, slotIndex: n % 6 }, t.clock.now)).body;
  const install = (body: InstallBody, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
      headers: { 'idempotency-key': key },
    });

  it('a confirmed order makes order.confirmed, not order.needs_attention', async () => {
    const body = await order();
    const res = await install(body, `ok-${body.reservation_id}`);
    expect(res.statusCode).toBe(201);
    const { order_id } = res.json<{ order_id: string }>();
    const row = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order_id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('confirmed');
    expect(await findEvents(t.database.db, 'order.needs_attention')).toEqual([]);
    // The app's own worker polls too: whichever sends, wait for it to arrive.
    await t.app.notifications.runOnce();
    await eventually(() => receiver.deliveries.some((d) => d.data.order_id === order_id));
    expect(receiver.deliveries.at(-1)).toMatchObject({
      type: 'order.confirmed',
      data: { order_id, sequence: 1, status: 'confirmed' },
    });
  });

  it('tells staff of an order kept when the task failed and billing could not be undone', async () => {
    const body = await order();
    arrivy.faults.fail('POST', /^\/api\/tasks\/new$/, { status: 500, body: {} });
    cb.faults.fail('POST', /cancel_for_items$/, { status: 503, body: { message: 'busy' } });
    const res = await install(body, `attention-${body.reservation_id}`);
    expect(res.statusCode).toBe(201);
    const { order_id } = res.json<{ order_id: string }>();
    const from = receiver.requests.length;
    await t.app.notifications.runOnce();
    await eventually(() => receiver.deliveries.some((d) => d.data.order_id === order_id));
    const sent = receiver.deliveries.at(-1)!;
    expect(sent).toMatchObject({
      type: 'order.needs_attention',
      data: {
        order_id,
        reason: 'installer task not created and billing not undone',
        customer: {
          first_name: body.charge_bee.first_name,
          last_name: body.charge_bee.last_name,
          email: body.charge_bee.email,
          mobile: expect.stringMatching(/^\+61\d{9}$/),
        },
        address: { building_code: 'G1A2B3', formatted_address: expect.any(String) },
        window: {
          starts_at: new Date(body.arrivy_booking.start_datetime).toISOString(),
          ends_at: expect.any(String),
          state: expect.any(String),
        },
      },
    });
    // No card data: neither the token nor anything from billing goes out.
    expect(receiver.requests[from]!.text).not.toContain(body.charge_bee.tmp_token);
  });

  it('tells staff of a pending order the sweep keeps as needing attention', async () => {
    const body = await order();
    arrivy.faults.fail('POST', /^\/api\/tasks\/new$/, 'hang', 1);
    const pending = install(body, `stale-${body.reservation_id}`);
    const pendingRow = () =>
      t.database.db
        .selectFrom('orders')
        .selectAll()
        .where('reservation_id', '=', body.reservation_id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
    for (let i = 0; i < 200 && !(await pendingRow()); i++)
      await new Promise((r) => setTimeout(r, 25));
    const row = (await pendingRow())!;
    const lapsed = new Date(row.lease_until!.getTime() + 1);
    const source = {
      config: t.config,
      now: () => t.clock.now,
      newId: () => `note-${row.id}`,
      catalogue: { current: () => ({ domain: defaultDomainConfig }) },
    };
    expect(await keepStaleOrders(t.database, lapsed, source)).toEqual([row.id]);
    await t.app.notifications.runOnce();
    await eventually(() => receiver.deliveries.some((d) => d.data.order_id === row.id));
    expect(receiver.deliveries.at(-1)).toMatchObject({
      id: `evt_note${row.id.replaceAll('-', '')}`,
      type: 'order.needs_attention',
      data: {
        order_id: row.id,
        reason: expect.stringMatching(/^interrupted/),
        customer: { email: body.charge_bee.email },
      },
    });
    arrivy.dropHanging();
    await pending;
  });
});
