import type { InstallBody } from '@fibre/domain/install';
import { endOfBookingDayMs } from '@fibre/domain/scheduling';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findMail } from '../mail/repository.ts';
import { markStaleOrders } from './repository/orders.ts';
import { startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';
import { startArrivy, type ArrivyStandIn } from '../test-support/stand-ins/arrivy.ts';
import {
  DECLINED_TOKEN,
  startChargebee,
  type ChargebeeStandIn,
} from '../test-support/stand-ins/chargebee.ts';
import { arrivyEnv, chargebeeEnv } from '../test-support/stand-ins/env.ts';
import { LEASE_MS } from './install-external.ts';

/**
 * docs/rules/orders.md with real services: billing (Chargebee) and scheduling (Arrivy) run as one
 * unit of work though neither can join the database transaction. If one fails after the other
 * succeeded, the first is undone or the order is recorded as needing attention; no paid order is
 * lost and no installer task exists without its order.
 */
describe('install with Chargebee and Arrivy', () => {
  let t: TestApp;
  let cb: ChargebeeStandIn;
  let arrivy: ArrivyStandIn;
  let n = 0;
  beforeAll(async () => {
    [cb, arrivy] = await Promise.all([startChargebee(), startArrivy()]);
    t = await startTestApp(
      'pglite',
      { ...chargebeeEnv(cb), ...arrivyEnv(arrivy) },
      { clock: true },
    );
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([cb.close(), arrivy.close()]);
  });
  beforeEach(() => {
    cb.faults.clear();
    arrivy.faults.clear();
  });

  const order = async (cardToken = `cb_tok_${++n}`) =>
    (await prepareOrder(t.app, { cardToken, slotIndex: n % 6 }, t.clock.now)).body;
  const install = (body: InstallBody, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const orderRow = (id: string) =>
    t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  const holdStatus = async (reservationId: string) =>
    (
      await t.database.db
        .selectFrom('reservations')
        .select('status')
        .where('reservation_id', '=', reservationId)
        .executeTakeFirstOrThrow()
    ).status;
  const calls = (standIn: { requests: Array<{ method: string; path: string }> }, from: number) =>
    standIn.requests.slice(from).map((r) => `${r.method} ${r.path}`);

  it('bills, books and confirms the order, recording where each part lives', async () => {
    const body = await order();
    const [cbFrom, arFrom] = [cb.requests.length, arrivy.requests.length];
    const res = await install(body, `ok-${body.reservation_id}`);
    expect(res.statusCode).toBe(201);
    const { order_id } = res.json();
    const task = arrivy.tasks.find((x) => x.external_id === order_id)!;
    expect(await orderRow(order_id)).toMatchObject({
      status: 'confirmed',
      billing_customer_ref: order_id,
      billing_subscription_ref: order_id,
      task_ref: String(task.id),
      lease_until: null,
      attention_reason: null,
    });
    expect(calls(cb, cbFrom)).toEqual([
      'POST /api/v2/customers',
      `POST /api/v2/customers/${order_id}/subscription_for_items`,
    ]);
    expect(calls(arrivy, arFrom)).toEqual(['GET /api/tasks', 'POST /api/tasks/new']);
    expect(await holdStatus(body.reservation_id)).toBe('consumed');
    // The confirmation email is committed with the confirmed order (docs/rules/mail.md).
    expect(await findMail(t.database.db, order_id)).toEqual([
      expect.objectContaining({ kind: 'order.confirmation', delivered_at: null }),
    ]);

    // The same key again: the first answer, and no call to anyone.
    const again = await install(body, `ok-${body.reservation_id}`);
    expect(again.json()).toEqual(res.json());
    expect(cb.requests.length - cbFrom).toBe(2);
    expect(arrivy.requests.length - arFrom).toBe(2);
  });

  it('checks the card Chargebee reports against the priced order before billing (docs/decisions/009-install-facts.md)', async () => {
    // An American Express card the body said nothing of: priced without a fee, so refused and
    // undone before any subscription; nothing billed, the hold back.
    const silent = await order(`cb_tok_amex_${++n}`);
    const from = cb.requests.length;
    const refused = await install(silent);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: 'card_fee_changed',
      fields: { 'charge_bee.card_fee': expect.stringContaining('$1.34') },
    });
    expect(calls(cb, from)).toEqual(['POST /api/v2/customers', expect.stringMatching(/\/delete$/)]);
    expect(await holdStatus(silent.reservation_id)).toBe('held');

    // Stated as the wizard shows it: the order stands with the card's scheme and fees.
    const stated = await order(`cb_tok_amex_${++n}`);
    stated.charge_bee.card_scheme = 'amex';
    stated.charge_bee.card_fee = 1.34;
    const placed = await install(stated);
    expect(placed.statusCode).toBe(201);
    expect(await orderRow(placed.json().order_id)).toMatchObject({
      status: 'confirmed',
      card_scheme: 'amex',
      card_fee_cents: 134,
      first_payment_fee_cents: 134,
    });

    // A Visa the body called American Express: refused, naming the field.
    const wrong = await order();
    wrong.charge_bee.card_scheme = 'amex';
    wrong.charge_bee.card_fee = 1.34;
    expect((await install(wrong)).json()).toMatchObject({
      error: 'card_scheme_mismatch',
      fields: { 'charge_bee.card_scheme': expect.stringContaining('Visa') },
    });

    // No scheme stated and a Visa: the server records the card's scheme billing reported.
    const visa = await install(await order());
    expect(visa.statusCode).toBe(201);
    expect(await orderRow(visa.json().order_id)).toMatchObject({ card_scheme: 'visa' });
  });

  it("sends the server's facts, and a card token pays for one order only", async () => {
    const body = await order('cb_tok_pays_once');
    // Lies the server corrects or refuses (docs/decisions/009-install-facts.md).
    body.arrivy_booking.template_extra_fields.find((f) => f.name === 'Router')!.value =
      'wi-fi 6 router';
    const res = await install(body, `once-${body.reservation_id}`);
    expect(res.statusCode).toBe(201);
    const { order_id } = res.json();
    const startMs = endOfBookingDayMs(body.arrivy_booking.start_datetime, 'Australia/Sydney');
    expect(cb.subscriptions.get(order_id)).toMatchObject({
      start_date: Math.floor(startMs / 1000),
    });
    const task = arrivy.tasks.find((x) => x.external_id === order_id)!;
    expect(task.template_extra_fields).toContainEqual(
      expect.objectContaining({ name: 'Router', value: 'Wi-Fi 6 Router' }),
    );

    const second = await order('cb_tok_pays_once');
    const from = cb.requests.length;
    const refused = await install(second, `once-${second.reservation_id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: 'card_token_used',
      fields: { 'charge_bee.tmp_token': 'was already used for an order' },
    });
    expect(cb.requests.length).toBe(from);
    expect(await holdStatus(second.reservation_id)).toBe('held');
  });

  it('declines a card with 402 and keeps nothing; the hold stays, and another card places the order', async () => {
    const body = await order(DECLINED_TOKEN);
    const key = `declined-${body.reservation_id}`;
    const res = await install(body, key);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'payment_declined', message: 'Insufficient funds.' });
    expect(await holdStatus(body.reservation_id)).toBe('held');
    expect(arrivy.tasks.filter((x) => x.source_id === body.reservation_id)).toEqual([]);
    const orders = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('reservation_id', '=', body.reservation_id)
      .execute();
    expect(orders).toEqual([]);

    body.charge_bee.tmp_token = 'cb_tok_another_card';
    const retry = await install(body, key);
    expect(retry.statusCode).toBe(201);
  });

  it('undoes billing when Arrivy refuses the task, gives the hold back and answers 503', async () => {
    const body = await order();
    arrivy.faults.fail(
      'POST',
      /^\/api\/tasks\/new$/,
      { status: 500, body: { description: 'internal' } },
      1,
    );
    const res = await install(body, `undo-${body.reservation_id}`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'scheduling_failed',
      message:
        'We could not book your installation, so your order was not placed. Please try again.',
    });
    const orderId = [...cb.subscriptions.values()].at(-1)!.id as string;
    expect(cb.subscriptions.get(orderId)).toMatchObject({ status: 'cancelled' });
    expect(cb.customers.get(orderId)).toMatchObject({ deleted: true });
    expect(await orderRow(orderId)).toBeUndefined();
    expect(await holdStatus(body.reservation_id)).toBe('held');
    // Arrivy works again: the visitor's retry with the same key places the order.
    const retry = await install(body, `undo-${body.reservation_id}`);
    expect(retry.statusCode).toBe(201);
  });

  it('keeps a billed order as needing attention when the task fails and billing cannot be undone', async () => {
    const body = await order();
    arrivy.faults.fail('POST', /^\/api\/tasks\/new$/, { status: 500, body: {} });
    cb.faults.fail('POST', /cancel_for_items$/, { status: 503, body: { message: 'busy' } });
    const res = await install(body, `attention-${body.reservation_id}`);
    expect(res.statusCode).toBe(201);
    const { order_id } = res.json();
    expect(await orderRow(order_id)).toMatchObject({
      status: 'needs_attention',
      attention_reason: 'installer task not created and billing not undone',
      billing_subscription_ref: order_id,
      task_ref: null,
    });
    expect(cb.subscriptions.get(order_id)).toMatchObject({ status: 'future' });
    expect(await holdStatus(body.reservation_id)).toBe('consumed');
    // Answered 201: the visitor gets the confirmation email too.
    expect(await findMail(t.database.db, order_id)).toHaveLength(1);
  });

  it('keeps the order when Arrivy cannot say whether the task was made', async () => {
    const body = await order();
    arrivy.faults.fail('POST', /^\/api\/tasks\/new$/, 'drop');
    arrivy.faults.fail('GET', /^\/api\/tasks$/, 'drop', 2);
    const res = await install(body, `unknown-${body.reservation_id}`);
    // The first lookup (before creating) failed too: the task step fails, and the order stays.
    expect(res.statusCode).toBe(201);
    expect(await orderRow(res.json().order_id)).toMatchObject({
      status: 'needs_attention',
      attention_reason: 'installer task not confirmed',
    });
  });

  it('undoes an uncertain billing failure, or keeps the order when the undo fails too', async () => {
    const body = await order();
    cb.faults.fail('POST', /subscription_for_items$/, 'drop', 1);
    const res = await install(body, `uncertain-${body.reservation_id}`);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('billing_unavailable');
    expect(await holdStatus(body.reservation_id)).toBe('held');

    const other = await order();
    cb.faults.fail('POST', /subscription_for_items$/, 'drop', 1);
    cb.faults.fail('POST', /cancel_for_items$/, 'drop', 1);
    const kept = await install(other, `uncertain-${other.reservation_id}`);
    expect(kept.statusCode).toBe(503);
    expect(kept.json()).toEqual({
      error: 'order_needs_attention',
      message:
        'We could not confirm your payment. Please call us so that we can finalise your order.',
    });
    const row = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('reservation_id', '=', other.reservation_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'needs_attention',
      attention_reason: 'billing outcome unknown and not undone',
    });
    expect(await holdStatus(other.reservation_id)).toBe('consumed');
    // Answered 503: no confirmation email.
    expect(await findMail(t.database.db, row.id)).toEqual([]);
  });

  it('resumes an order whose request died, billing once and booking once', async () => {
    const body = await order();
    const key = `resume-${body.reservation_id}`;
    arrivy.faults.fail('POST', /^\/api\/tasks\/new$/, 'hang', 1);
    const tasksBefore = arrivy.tasks.length;
    const first = install(body, key);
    for (
      let i = 0;
      i < 200 &&
      !arrivy.requests.some(
        (r) => r.path === '/api/tasks/new' && r.form.get('source_id') === body.reservation_id,
      );
      i++
    )
      await new Promise((r) => setTimeout(r, 25));

    // While the first holds its lease, a retry is told to wait.
    const early = await install(body, key);
    expect(early.statusCode).toBe(503);
    expect(early.json().error).toBe('order_in_progress');

    // The lease lapses (the first is as good as dead): a retry takes over and finishes.
    const cbFrom = cb.requests.length;
    t.clock.advance(LEASE_MS + 1000);
    const retry = await install(body, key);
    t.clock.advance(-(LEASE_MS + 1000));
    expect(retry.statusCode).toBe(201);
    const { order_id } = retry.json();
    // Chargebee saw the same idempotency keys again and replayed its first answers.
    expect(cb.requests.slice(cbFrom).map((r) => r.headers['chargebee-idempotency-key'])).toEqual([
      `${order_id}-customer`,
      `${order_id}-subscription`,
    ]);
    expect([...cb.subscriptions.keys()].filter((id) => id === order_id)).toHaveLength(1);

    // The first request's call to Arrivy now fails; it finds the task the retry made.
    arrivy.dropHanging();
    const late = await first;
    expect(late.statusCode).toBe(201);
    expect(late.json()).toEqual(retry.json());
    expect(arrivy.tasks.length - tasksBefore).toBe(1);
    expect(await orderRow(order_id)).toMatchObject({ status: 'confirmed' });
  });

  it('marks a pending order nobody finished as needing attention, never deleting it', async () => {
    const body = await order();
    arrivy.faults.fail('POST', /^\/api\/tasks\/new$/, 'hang', 1);
    const pending = install(body, `stale-${body.reservation_id}`);
    for (
      let i = 0;
      i < 200 &&
      (
        await t.database.db
          .selectFrom('orders')
          .select('id')
          .where('reservation_id', '=', body.reservation_id)
          .where('status', '=', 'pending')
          .execute()
      ).length === 0;
      i++
    )
      await new Promise((r) => setTimeout(r, 25));
    const row = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('reservation_id', '=', body.reservation_id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(await markStaleOrders(t.database.db, new Date(row.lease_until!.getTime() - 1))).toEqual(
      [],
    );
    expect(await markStaleOrders(t.database.db, new Date(row.lease_until!.getTime() + 1))).toEqual([
      row.id,
    ]);
    expect(await orderRow(row.id)).toMatchObject({ status: 'needs_attention' });
    arrivy.dropHanging();
    await pending;
  });
});
