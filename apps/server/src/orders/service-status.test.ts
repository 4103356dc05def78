import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMail } from '../mail/repository.ts';
import { eventually, startTestApp, type TestApp } from '../test-support/app.ts';
import { signedInAs, type TestSession } from '../test-support/operators.ts';
import { prepareOrder } from '../test-support/order.ts';
import {
  opsWebhookEnv,
  startOpsReceiver,
  type OpsReceiver,
} from '../test-support/stand-ins/ops-receiver.ts';

// docs/rules/orders.md#service-status: a manager sets where the service is after installation;
// the order page shows it and an order.service_changed event goes out.

describe('service status', () => {
  let t: TestApp;
  let receiver: OpsReceiver;
  let manager: TestSession;
  let viewer: TestSession;
  beforeAll(async () => {
    receiver = await startOpsReceiver();
    t = await startTestApp('pglite', opsWebhookEnv(receiver), { clock: true });
    manager = await signedInAs(t, 'manager');
    viewer = await signedInAs(t, 'viewer');
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const set = (id: string, payload: object, as = manager) =>
    t.app.inject({
      method: 'POST',
      url: `/admin/api/orders/${id}/service`,
      headers: as.headers(true),
      payload,
    });

  it('moves a confirmed order from installed to active to cancelled, once its window has begun', async () => {
    const { body, slot } = await prepareOrder(t.app, {}, t.clock.now);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json<{ order_id: string }>().order_id;
    const [mail] = await findMail(t.database.db, id);
    const page = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/public/orders/${mail!.link_token!}` })
      ).json<{
        service_status: string | null;
      }>();
    expect((await page()).service_status).toBeNull();

    // Before the installation: refused, with the day it is booked for.
    const early = await set(id, { status: 'installed' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'not_installed_yet' });
    expect(early.json().message).toMatch(/^The installation is booked for \w+day \d+ \w+ \d{4}/);
    // A viewer may not; bad input names the field.
    expect((await set(id, { status: 'installed' }, viewer)).statusCode).toBe(403);
    const bad = await set(id, { status: 'exploded' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['status']);

    t.clock.now = new Date(new Date(slot.start).getTime() + 60_000);
    manager = await signedInAs(t, 'manager');
    const installed = await set(id, { status: 'installed', note: 'Tech: Sam' });
    expect(installed.statusCode, installed.body).toBe(200);
    expect(installed.json().service).toEqual({
      status: 'installed',
      note: 'Tech: Sam',
      changed: t.clock.now.toISOString(),
    });
    expect((await page()).service_status).toBe('installed');
    expect((await set(id, { status: 'installed' })).json()).toMatchObject({ error: 'unchanged' });

    expect((await set(id, { status: 'active' })).statusCode).toBe(200);
    expect((await page()).service_status).toBe('active');
    expect((await set(id, { status: 'cancelled' })).statusCode).toBe(200);
    const after = await set(id, { status: 'active' });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({
      error: 'not_allowed',
      message: 'A service that is cancelled cannot become active.',
    });

    // The app's own worker polls too: whichever sends, wait for the three to arrive.
    const changed = () => receiver.deliveries.filter((d) => d.type === 'order.service_changed');
    while ((await t.app.notifications.runOnce()) > 0);
    await eventually(() => changed().length >= 3);
    const changes = changed();
    expect(
      changes.map((d) => [d.data.sequence, d.data.service_status, d.data.previous_service_status]),
    ).toEqual([
      [2, 'installed', null],
      [3, 'active', 'installed'],
      [4, 'cancelled', 'active'],
    ]);
    expect(changes[0]!.data).toMatchObject({
      changed_by: { kind: 'operator', email: 'manager@example.com' },
      note: 'Tech: Sam',
    });
    const audit = await t.database.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject_id', '=', id)
      .where('action', '=', 'order_service_changed')
      .execute();
    expect(audit).toHaveLength(3);
  });

  it('refuses an order that is not confirmed, and an unknown one', async () => {
    const { body } = await prepareOrder(t.app, { slotIndex: 3 }, t.clock.now);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
    });
    const id = placed.json<{ order_id: string }>().order_id;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/admin/api/orders/${id}/cancel`,
      headers: manager.headers(true),
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await set(id, { status: 'installed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'not_confirmed',
      message: "Only a confirmed order's service can change; this order is cancelled.",
    });
    expect((await set('no-such-order', { status: 'installed' })).statusCode).toBe(404);
  });
});
