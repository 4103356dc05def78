import type { InstallBody } from '@fibre/domain/install';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../operators/passwords.ts';
import { findMail } from '../mail/repository.ts';
import { insertOperator } from '../operators/repository/operators.ts';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { demoBuildings } from '../test-support/demo-catalogue.ts';
import { freeSlots, prepareOrder } from '../test-support/order.ts';
import { startArrivy, type ArrivyStandIn } from '../test-support/stand-ins/arrivy.ts';
import { startChargebee, type ChargebeeStandIn } from '../test-support/stand-ins/chargebee.ts';
import { arrivyEnv, chargebeeEnv } from '../test-support/stand-ins/env.ts';
import { applyRetention } from '../retention/index.ts';
import { monthsBefore } from '../retention/sweep.ts';

// docs/rules/operators.md#acting-on-orders: retry, resolve and cancel, each audited on the order.

const PASSWORD = 'a long enough password';
/** The state of the demo building prepareOrder orders for. */
const STATE = demoBuildings.find((b) => b.code === 'G1A2B3')!.state;

interface Session {
  cookie: string;
  csrfToken: string;
}

/** A manager account, signed in. */
async function signInManager(t: TestApp): Promise<Session> {
  await insertOperator(t.database.db, {
    id: 'manager',
    email: 'manager@example.com',
    role: 'manager',
    password_hash: await hashPassword(PASSWORD),
    created_at: t.clock.now,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/session',
    payload: { email: 'manager@example.com', password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const set = res.cookies.find((c) => c.name === 'fibre_operator')!;
  return { cookie: `fibre_operator=${set.value}`, csrfToken: res.json().csrfToken };
}

function helpers(t: () => TestApp, session: () => Session) {
  const act = (id: string, action: 'retry' | 'resolve' | 'cancel', payload?: object) =>
    t().app.inject({
      method: 'POST',
      url: `/admin/api/orders/${id}/${action}`,
      headers: { cookie: session().cookie, 'x-csrf-token': session().csrfToken },
      ...(payload ? { payload } : {}),
    });
  const show = async (id: string) => {
    const res = await t().app.inject({
      method: 'GET',
      url: `/admin/api/orders/${id}`,
      headers: { cookie: session().cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const install = async (body: InstallBody, key: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
      headers: { 'idempotency-key': key },
    });
  const orderRow = (id: string) =>
    t().database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const reservation = (id: string) =>
    t()
      .database.db.selectFrom('reservations')
      .select(['status', 'ended_at'])
      .where('reservation_id', '=', id)
      .executeTakeFirstOrThrow();
  return { act, show, install, orderRow, reservation };
}

describe.each(engines())('acting on orders with Chargebee and Arrivy on %s', (engine) => {
  let t: TestApp;
  let cb: ChargebeeStandIn;
  let arrivy: ArrivyStandIn;
  let session: Session;
  let n = 0;
  beforeAll(async () => {
    [cb, arrivy] = await Promise.all([startChargebee(), startArrivy()]);
    t = await startTestApp(engine, { ...chargebeeEnv(cb), ...arrivyEnv(arrivy) }, { clock: true });
    session = await signInManager(t);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([cb.close(), arrivy.close()]);
  });
  beforeEach(() => {
    cb.faults.clear();
    arrivy.faults.clear();
  });
  const { act, show, install, orderRow, reservation } = helpers(
    () => t,
    () => session,
  );
  const prepared = () =>
    prepareOrder(t.app, { cardToken: `cb_tok_act_${++n}`, slotIndex: n % 8 }, t.clock.now);
  const order = async () => (await prepared()).body;
  const calls = (standIn: { requests: Array<{ method: string; path: string }> }, from: number) =>
    standIn.requests.slice(from).map((r) => `${r.method} ${r.path}`);

  /**
   * An order kept as needs_attention by billing: the subscription call dropped, and neither
   * Chargebee's undo nor the customer's removal answering (so the customer holds the card).
   */
  async function billingFailedOrder(): Promise<{ id: string; body: InstallBody }> {
    const body = await order();
    cb.faults.fail('POST', /subscription_for_items$/, 'drop', 1);
    cb.faults.fail('POST', /cancel_for_items$/, 'drop', 1);
    cb.faults.fail('POST', /^\/api\/v2\/customers\/[^/]+\/delete$/, 'drop', 1);
    const res = await install(body, `attention-${body.reservation_id}`);
    expect(res.statusCode, res.body).toBe(503);
    const row = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('reservation_id', '=', body.reservation_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'needs_attention',
      attention_reason: 'billing outcome unknown and not undone',
      billing_subscription_ref: null,
      task_ref: null,
    });
    cb.faults.clear();
    return { id: row.id, body };
  }

  async function confirmedOrder() {
    const { body, slot } = await prepared();
    const res = await install(body, `ok-${body.reservation_id}`);
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().order_id as string, body, slot };
  }

  it('retries billing: 502 while it still fails, audited; confirmed with its references once it works', async () => {
    const { id } = await billingFailedOrder();
    cb.faults.fail('POST', /subscription_for_items$/, {
      status: 503,
      body: {
        message: 'Chargebee is busy',
        type: 'invalid_request',
        api_error_code: 'internal_error',
        http_status_code: 503,
      },
    });
    const failed = await act(id, 'retry');
    expect(failed.statusCode, failed.body).toBe(502);
    expect(failed.json().error).toBe('retry_failed');
    expect(failed.json().message).toMatch(/^The retry failed at billing \(/);
    expect(failed.json().message).toContain('Chargebee is busy');
    const stillAttention = await show(id);
    expect(stillAttention).toMatchObject({
      status: 'needs_attention',
      attentionReason: expect.stringMatching(/^retry failed at billing: .*Chargebee is busy/),
    });
    expect(stillAttention.history[0]).toMatchObject({
      operator: 'manager@example.com',
      action: 'order_retry_failed',
      before: { status: 'needs_attention', reason: 'billing outcome unknown and not undone' },
      after: { status: 'needs_attention', failedStep: 'billing' },
    });
    expect(await orderRow(id)).toMatchObject({ lease_until: null });
    // The visitor was told it failed: no confirmation yet.
    expect(await findMail(t.database.db, id)).toEqual([]);

    // Billing works again: the retry bills once and makes the installer task.
    cb.faults.clear();
    const [cbFrom, arFrom] = [cb.requests.length, arrivy.requests.length];
    const res = await act(id, 'retry');
    expect(res.statusCode, res.body).toBe(200);
    const task = arrivy.tasks.find((x) => x.external_id === id)!;
    expect(res.json()).toMatchObject({
      id,
      status: 'confirmed',
      attentionReason: null,
      references: {
        billingCustomer: id,
        billingSubscription: id,
        schedulingTask: String(task.id),
      },
    });
    expect(res.json().history.map((h: { action: string }) => h.action)).toEqual([
      'order_retried',
      'order_retry_failed',
    ]);
    expect(res.json().history[0].after).toMatchObject({
      status: 'confirmed',
      reason: null,
      refs: { billingSubscription: id, schedulingTask: String(task.id) },
    });
    expect(calls(cb, cbFrom)).toEqual([
      'POST /api/v2/customers',
      `POST /api/v2/customers/${id}/subscription_for_items`,
    ]);
    expect(calls(arrivy, arFrom)).toEqual(['GET /api/tasks', 'POST /api/tasks/new']);
    expect(cb.subscriptions.get(id)).toMatchObject({ customer_id: id });
    expect(await orderRow(id)).toMatchObject({ status: 'confirmed', lease_until: null });
    // Placed now: the customer's confirmation is queued with it (docs/rules/mail.md).
    expect(await findMail(t.database.db, id)).toEqual([
      expect.objectContaining({ kind: 'order.confirmation', recipient: expect.any(String) }),
    ]);

    // Confirmed now: nothing to retry.
    const again = await act(id, 'retry');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'not_retryable',
      message: 'Only an order that needs attention can be retried; this one is confirmed.',
    });
  });

  it('retries only the installer task when billing went through', async () => {
    const body = await order();
    arrivy.faults.fail('POST', /^\/api\/tasks\/new$/, { status: 500, body: {} });
    cb.faults.fail('POST', /cancel_for_items$/, { status: 503, body: { message: 'busy' } });
    const placed = await install(body, `task-${body.reservation_id}`);
    expect(placed.statusCode).toBe(201);
    const id = placed.json().order_id;
    expect(await orderRow(id)).toMatchObject({
      status: 'needs_attention',
      billing_subscription_ref: id,
      task_ref: null,
    });
    cb.faults.clear();

    const failed = await act(id, 'retry');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/^The retry failed at installer task \(/);
    expect((await show(id)).status).toBe('needs_attention');

    arrivy.faults.clear();
    const cbFrom = cb.requests.length;
    const res = await act(id, 'retry');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('confirmed');
    expect(res.json().references.schedulingTask).toBe(
      String(arrivy.tasks.find((x) => x.external_id === id)!.id),
    );
    // Billing had its reference: it was not called again.
    expect(cb.requests.length).toBe(cbFrom);
    // The visitor got 201 and its confirmation then: the retry queues no second one.
    expect(await findMail(t.database.db, id)).toHaveLength(1);
  });

  it('refuses to retry an order whose install facts were not kept, telling the operator to resolve it by hand', async () => {
    const { id } = await billingFailedOrder();
    await t.database.db
      .updateTable('orders')
      .set({ install_facts: null })
      .where('id', '=', id)
      .execute();
    const res = await act(id, 'retry');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('not_retryable');
    expect(res.json().message).toMatch(/by hand.*mark it resolved/);
    expect((await show(id)).history).toEqual([]);
  });

  it('resolves a needs_attention order with a note; an empty note is refused', async () => {
    const { id } = await billingFailedOrder();
    const empty = await act(id, 'resolve', { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('invalid_input');
    const missing = await act(id, 'resolve', {});
    expect(missing.statusCode).toBe(400);
    expect((await orderRow(id)).status).toBe('needs_attention');

    const res = await act(id, 'resolve', {
      note: 'Billed by hand in Chargebee, task booked by phone',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed', attentionReason: null });
    expect(res.json().history[0]).toMatchObject({
      operator: 'manager@example.com',
      action: 'order_resolved',
      before: { status: 'needs_attention', reason: 'billing outcome unknown and not undone' },
      after: {
        status: 'confirmed',
        reason: null,
        note: 'Billed by hand in Chargebee, task booked by phone',
      },
    });

    // Resolved means placed: its confirmation is queued once.
    expect(await findMail(t.database.db, id)).toHaveLength(1);

    const twice = await act(id, 'resolve', { note: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('not_resolvable');
  });

  it('cancels a confirmed order: Chargebee and Arrivy cancel, the window is offered again', async () => {
    const { id, body, slot } = await confirmedOrder();
    const task = arrivy.tasks.find((x) => x.external_id === id)!;
    const offered = async () =>
      (await freeSlots(t.app, STATE, t.clock.now)).filter((s) => s.booking_id === slot.booking_id)
        .length;
    const whileBooked = await offered();

    const [cbFrom, arFrom] = [cb.requests.length, arrivy.requests.length];
    const res = await act(id, 'cancel', { note: 'Customer moved interstate' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(res.json().history[0]).toMatchObject({
      action: 'order_cancelled',
      before: { status: 'confirmed' },
      after: { status: 'cancelled', note: 'Customer moved interstate' },
    });
    expect(calls(cb, cbFrom)).toEqual([
      `POST /api/v2/subscriptions/${id}/cancel_for_items`,
      `POST /api/v2/customers/${id}/delete`,
    ]);
    expect(cb.subscriptions.get(id)).toMatchObject({ status: 'cancelled' });
    expect(cb.customers.get(id)).toMatchObject({ deleted: true });
    expect(calls(arrivy, arFrom)).toEqual([
      'GET /api/tasks',
      `POST /api/tasks/${task.id}/status/new`,
    ]);
    expect(arrivy.requests.at(-1)!.form.get('type')).toBe('CANCELLED');
    expect(task.status).toBe('CANCELLED');
    expect((await reservation(body.reservation_id)).status).toBe('released');
    expect(await offered()).toBe(whileBooked + 1);

    const twice = await act(id, 'cancel');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      error: 'already_cancelled',
      message: 'This order is already cancelled.',
    });
  });

  it('answers 502 naming the step when Arrivy refuses the cancel, keeps the order, and a second try finishes', async () => {
    const { id, body } = await confirmedOrder();
    arrivy.faults.fail('POST', /\/status\/new$/, {
      status: 500,
      body: { description: 'internal' },
    });
    const res = await act(id, 'cancel');
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('cancel_failed');
    expect(res.json().message).toMatch(
      /^The cancel failed at installer task \(Arrivy answered 500/,
    );
    const kept = await show(id);
    expect(kept.status).toBe('confirmed');
    expect(kept.history[0]).toMatchObject({
      action: 'order_cancel_failed',
      after: { status: 'confirmed', failedStep: 'installer task' },
    });
    expect((await reservation(body.reservation_id)).status).toBe('consumed');
    // Billing was cancelled already; the second try finds nothing more to do there.
    expect(cb.subscriptions.get(id)).toMatchObject({ status: 'cancelled' });

    arrivy.faults.clear();
    const again = await act(id, 'cancel');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().status).toBe('cancelled');
    expect((await reservation(body.reservation_id)).status).toBe('released');
  });

  it('refuses to cancel a pending order while its install is running', async () => {
    const body = await order();
    arrivy.faults.fail('POST', /^\/api\/tasks\/new$/, 'hang', 1);
    const pending = install(body, `pending-${body.reservation_id}`);
    // The order is written, billed, and waiting on Arrivy under its lease.
    for (
      let i = 0;
      i < 200 &&
      !arrivy.requests.some(
        (r) => r.path === '/api/tasks/new' && r.form.get('source_id') === body.reservation_id,
      );
      i++
    )
      await new Promise((r) => setTimeout(r, 25));
    const row = await t.database.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('reservation_id', '=', body.reservation_id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    const res = await act(row.id, 'cancel');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('order_in_progress');
    // The refused cancel changed nothing: the install goes on (Arrivy's dropped call undoes it).
    expect((await orderRow(row.id)).status).toBe('pending');
    expect((await show(row.id)).history).toEqual([]);
    arrivy.dropHanging();
    expect((await pending).statusCode).toBe(503);
  });

  it('answers 404 for an unknown order', async () => {
    for (const action of ['retry', 'resolve', 'cancel'] as const) {
      const res = await act('no-such-order', action, { note: 'x' });
      expect(res.statusCode, action).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });
});

describe.each(engines())('cancelling an embedded order on %s', (engine) => {
  let t: TestApp;
  let session: Session;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
    session = await signInManager(t);
  });
  afterAll(() => t.close());
  const { act, install, reservation } = helpers(
    () => t,
    () => session,
  );

  it('marks the ledger subscription and the booking cancelled and offers the window again', async () => {
    const { body, slot } = await prepareOrder(t.app, {}, t.clock.now);
    const offered = async () =>
      (await freeSlots(t.app, STATE, t.clock.now)).filter((s) => s.booking_id === slot.booking_id)
        .length;
    const res = await install(body, `embedded-${body.reservation_id}`);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().order_id;
    const whileBooked = await offered();

    const cancelled = await act(id, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(cancelled.json().history[0]).toMatchObject({
      action: 'order_cancelled',
      after: { status: 'cancelled' },
    });
    expect(cancelled.json().history[0].after).not.toHaveProperty('note');
    const subscription = await t.database.db
      .selectFrom('billing_subscriptions')
      .select('cancelled_at')
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(subscription.cancelled_at).toEqual(t.clock.now);
    const booking = await t.database.db
      .selectFrom('bookings')
      .select('cancelled_at')
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(booking.cancelled_at).toEqual(t.clock.now);
    expect(await reservation(body.reservation_id)).toEqual({
      status: 'released',
      ended_at: t.clock.now,
    });
    expect(await offered()).toBe(whileBooked + 1);
    // When it was cancelled: what the retention sweep counts from (docs/rules/retention.md).
    const order = await t.database.db
      .selectFrom('orders')
      .select(['cancelled_at', 'monthly_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(order.cancelled_at).toEqual(t.clock.now);
    // Cancelled before its window: anonymised 12 months after the cancel, its amounts kept.
    const yearOn = (ms: number) => new Date(monthsBefore(t.clock.now, -12).getTime() + ms);
    expect(
      (await applyRetention(t.database, t.config.retention, yearOn(-1000)))?.cancelled_orders,
    ).toBe(0);
    expect(
      (await applyRetention(t.database, t.config.retention, yearOn(1000)))?.cancelled_orders,
    ).toBe(1);
    expect(
      await t.database.db
        .selectFrom('orders')
        .select(['email', 'cancelled_at', 'monthly_cents'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ email: '', cancelled_at: t.clock.now, monthly_cents: order.monthly_cents });

    // A note over 1000 characters is refused before anything happens.
    const long = await act(id, 'cancel', { note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
  });
});
