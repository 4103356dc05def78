import type { BookingSlot } from '@fibre/domain/api';
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

// docs/rules/order-page.md: the order page's API, with Chargebee and Arrivy stand-ins.

const STATE = demoBuildings.find((b) => b.code === 'G1A2B3')!.state;
const PASSWORD = 'a long enough password';
const HOUR = 3600_000;

describe.each(engines())('the order page on %s', (engine) => {
  let t: TestApp;
  let cb: ChargebeeStandIn;
  let arrivy: ArrivyStandIn;
  let cookie: string;
  let n = 0;
  beforeAll(async () => {
    [cb, arrivy] = await Promise.all([startChargebee(), startArrivy()]);
    t = await startTestApp(engine, { ...chargebeeEnv(cb), ...arrivyEnv(arrivy) }, { clock: true });
    await insertOperator(t.database.db, {
      id: 'viewer',
      email: 'viewer@example.com',
      role: 'viewer',
      password_hash: await hashPassword(PASSWORD),
      created_at: t.clock.now,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: 'viewer@example.com', password: PASSWORD },
    });
    cookie = `fibre_operator=${res.cookies.find((c) => c.name === 'fibre_operator')!.value}`;
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([cb.close(), arrivy.close()]);
  });
  beforeEach(() => {
    cb.faults.clear();
    arrivy.faults.clear();
  });

  /** A confirmed order in the slot `slotIndex`, and its order page token (from its mail). */
  async function placed(slotIndex: number) {
    const { body, slot } = await prepareOrder(
      t.app,
      { cardToken: `cb_tok_page_${++n}`, slotIndex },
      t.clock.now,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
      headers: { 'idempotency-key': `page-${body.reservation_id}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().order_id as string;
    const [mail] = await findMail(t.database.db, id);
    return { id, slot, token: mail!.link_token!, reservationId: body.reservation_id };
  }
  const page = (token: string, action?: 'reschedule' | 'cancel', payload?: object) =>
    t.app.inject({
      method: action ? 'POST' : 'GET',
      url: `/api/v1/public/orders/${token}${action ? `/${action}` : ''}`,
      ...(payload ? { payload } : {}),
    });
  const slots = () => freeSlots(t.app, STATE, t.clock.now);
  const offered = async (slot: BookingSlot) =>
    (await slots()).filter((s) => s.booking_id === slot.booking_id).length;
  const history = async (id: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/api/orders/${id}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().history as Array<Record<string, unknown>>;
  };
  /** A free slot on another day than `slot`'s. */
  const anotherDay = async (slot: BookingSlot) =>
    (await slots()).find((s) => s.start.slice(0, 10) !== slot.start.slice(0, 10))!;

  it('shows the order: status, what was ordered with stored prices, the window, what can change', async () => {
    const { id, slot, token } = await placed(0);
    const res = await page(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const start = new Date(slot.start);
    expect(res.json()).toMatchObject({
      order_id: id,
      status: 'confirmed',
      plan: { name: 'Boost 100' },
      router: { name: 'Wi-Fi 6 Router' },
      window: {
        start: start.toISOString(),
        end: new Date(slot.end).toISOString(),
        state: STATE,
      },
      changeable_until: new Date(start.getTime() - 24 * HOUR).toISOString(),
      can_reschedule: { allowed: true, reason: null, message: null },
      can_cancel: { allowed: true, reason: null, message: null },
    });
    expect(res.json().prices.monthly_cents).toBeGreaterThan(0);
    // The unit the order was placed for, before the building's address.
    expect(res.json().address).toMatch(/^Unit 12, 100 Harris Street, Pyrmont NSW 2009/);
    expect(res.json().help.phone).not.toBe('');
  });

  it('answers 404 not_found for an unknown, an altered (one character) and a malformed token', async () => {
    const { token, slot } = await placed(1);
    const altered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const body = { booking_id: slot.booking_id, start: slot.start, end: slot.end };
    for (const bad of ['x'.repeat(43), altered, 'not a token!', '%00', token.slice(1)]) {
      for (const action of [undefined, 'cancel', 'reschedule'] as const) {
        const res = await page(
          encodeURIComponent(bad),
          action,
          action === 'reschedule' ? body : undefined,
        );
        expect(res.statusCode, `${bad} ${action}`).toBe(404);
        expect(res.json()).toMatchObject({ error: 'not_found', message: 'No order has this link' });
      }
    }
    expect((await page(token)).statusCode).toBe(200);
  });

  it('reschedules to another day: the old window offered again, the new one taken, mail, history, Arrivy times', async () => {
    const { id, slot, token } = await placed(2);
    const target = await anotherDay(slot);
    const [oldBefore, newBefore] = [await offered(slot), await offered(target)];
    const task = arrivy.tasks.find((x) => x.external_id === id)!;
    const from = arrivy.requests.length;

    const res = await page(token, 'reschedule', {
      booking_id: target.booking_id,
      start: target.start,
      end: target.end,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().window).toMatchObject({
      start: new Date(target.start).toISOString(),
      end: new Date(target.end).toISOString(),
    });
    expect(await offered(slot)).toBe(oldBefore + 1);
    expect(await offered(target)).toBe(newBefore - 1);

    // Arrivy: the task's new times, PUT /api/tasks/{id}.
    expect(arrivy.requests.slice(from).map((r) => `${r.method} ${r.path}`)).toContain(
      `PUT /api/tasks/${task.id}`,
    );
    expect(Date.parse(String(task.start_datetime_original_iso_str))).toBe(Date.parse(target.start));
    expect(Date.parse(String(task.end_datetime_original_iso_str))).toBe(Date.parse(target.end));

    const mail = (await findMail(t.database.db, id)).filter((m) => m.kind === 'order.rescheduled');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.link_token).toBe(token);
    const ics = mail[0]!.attachments[0]!.content;
    expect(ics).toContain(`UID:order-${id}@fibre-signup`);
    expect(ics).toContain('SEQUENCE:1');
    const utc = (iso: string) => new Date(iso).toISOString().replace(/[-:]|\.\d{3}/g, '');
    expect(ics).toContain(`DTSTART:${utc(target.start)}`);
    // The address line with its unit, as the confirmation's (docs/rules/mail.md#the-address-line).
    expect(ics.replace(/\r?\n[ \t]/g, '')).toContain('LOCATION:Unit 12\\, 100 Harris Street');
    expect(mail[0]!.text_body).toContain('  Unit 12, 100 Harris Street, Pyrmont NSW 2009');
    expect(mail[0]!.html_body).toContain('Unit 12, 100 Harris Street, Pyrmont NSW 2009');

    const [entry] = await history(id);
    expect(entry).toMatchObject({
      action: 'order_rescheduled',
      operator: 'customer',
      before: { window: { start: new Date(slot.start).toISOString() } },
      after: { window: { start: new Date(target.start).toISOString() } },
    });
  });

  it('refuses a reschedule or cancel within 24 hours of the window, with its message', async () => {
    const { id, slot, token } = await placed(3);
    const saved = t.clock.now;
    t.clock.now = new Date(Date.parse(slot.start) - 23 * HOUR);
    try {
      const target = (await slots())[0]!;
      const view = await page(token);
      expect(view.json().can_reschedule).toMatchObject({ allowed: false, reason: 'too_late' });
      const res = await page(token, 'reschedule', {
        booking_id: target.booking_id,
        start: target.start,
        end: target.end,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'too_late' });
      expect(res.json().message).toMatch(
        /^Your installation is less than 24 hours away, so it can no longer be changed online\. Please call us on .+\.$/,
      );
      const cancel = await page(token, 'cancel');
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().error).toBe('too_late');
    } finally {
      t.clock.now = saved;
    }
    expect((await findMail(t.database.db, id)).map((m) => m.kind)).toEqual(['order.confirmation']);
  });

  it('cancels: billing cancelled at Chargebee, Arrivy task cancelled, the window offered again, mail queued', async () => {
    const { id, slot, token } = await placed(4);
    const before = await offered(slot);
    const res = await page(token, 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      can_cancel: { allowed: false, reason: 'cancelled' },
      changeable_until: null,
    });
    expect(cb.subscriptions.get(id)).toMatchObject({ status: 'cancelled' });
    expect(arrivy.tasks.find((x) => x.external_id === id)).toMatchObject({ status: 'CANCELLED' });
    expect(await offered(slot)).toBe(before + 1);
    const mail = (await findMail(t.database.db, id)).filter((m) => m.kind === 'order.cancelled');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.attachments[0]!.content).toContain('METHOD:CANCEL');
    expect(mail[0]!.text_body).toContain('  Unit 12, 100 Harris Street, Pyrmont NSW 2009');
    expect(mail[0]!.attachments[0]!.content.replace(/\r?\n[ \t]/g, '')).toContain(
      'LOCATION:Unit 12\\, 100 Harris Street',
    );
    expect((await history(id))[0]).toMatchObject({
      action: 'order_cancelled',
      operator: 'customer',
    });

    const twice = await page(token, 'cancel');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('cancelled');
  });

  it('keeps the order as it was when Arrivy refuses the new times: 502, the new window not taken', async () => {
    const { id, slot, token } = await placed(5);
    const target = await anotherDay(slot);
    const newBefore = await offered(target);
    arrivy.faults.fail(
      'PUT',
      /^\/api\/tasks\/\d+$/,
      { status: 500, body: { description: 'down' } },
      1,
    );
    const res = await page(token, 'reschedule', {
      booking_id: target.booking_id,
      start: target.start,
      end: target.end,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('reschedule_failed');
    expect(await offered(target)).toBe(newBefore);
    expect((await page(token)).json().window.start).toBe(new Date(slot.start).toISOString());
    expect((await history(id))[0]).toMatchObject({ action: 'order_reschedule_failed' });
  });

  it('two reschedules to the last place of a window: one wins', async () => {
    const a = await placed(6);
    const b = await placed(7);
    // A window on another day, filled by holds but for one place.
    const free = await slots();
    const target = free.find(
      (s) =>
        s.start.slice(0, 10) !== a.slot.start.slice(0, 10) &&
        s.start.slice(0, 10) !== b.slot.start.slice(0, 10),
    )!;
    const places = free.filter((s) => s.booking_id === target.booking_id).length;
    for (let i = 0; i < places - 1; i++) {
      const held = await t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/reservations',
        payload: { booking_id: target.booking_id, start: target.start, end: target.end },
      });
      expect(held.statusCode, held.body).toBe(201);
    }
    expect(await offered(target)).toBe(1);
    const body = { booking_id: target.booking_id, start: target.start, end: target.end };
    const results = await Promise.all([
      page(a.token, 'reschedule', body),
      page(b.token, 'reschedule', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error).toBe('reservation_taken');
    expect(await offered(target)).toBe(0);
  });
});

describe.each(engines())('the order page with the built-in calendar on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('moves the booking row (the installer task) to the new window, and cancels it', async () => {
    const { body, slot } = await prepareOrder(t.app, { slotIndex: 0 });
    const placedRes = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
      headers: { 'idempotency-key': 'embedded-1' },
    });
    expect(placedRes.statusCode, placedRes.body).toBe(201);
    const id = placedRes.json().order_id as string;
    const token = (await findMail(t.database.db, id))[0]!.link_token!;
    const target = (await freeSlots(t.app, STATE)).find(
      (s) => s.start.slice(0, 10) !== slot.start.slice(0, 10),
    )!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/orders/${token}/reschedule`,
      payload: { booking_id: target.booking_id, start: target.start, end: target.end },
    });
    expect(res.statusCode, res.body).toBe(200);
    const booking = () =>
      t.database.db
        .selectFrom('bookings')
        .selectAll()
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow();
    const order = await t.database.db
      .selectFrom('orders')
      .select('reservation_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(order.reservation_id).not.toBe(body.reservation_id);
    expect(await booking()).toMatchObject({
      reservation_id: order.reservation_id,
      starts_at: new Date(target.start),
      ends_at: new Date(target.end),
      cancelled_at: null,
    });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/orders/${token}/cancel`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await booking()).cancelled_at).not.toBeNull();
    expect((await findMail(t.database.db, id)).map((m) => m.kind)).toEqual([
      'order.confirmation',
      'order.rescheduled',
      'order.cancelled',
    ]);
  });
});

describe.each(engines())('the order page limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {
      ORDER_PAGE_PER_MINUTE: '1000',
      ORDER_PAGE_MISSES_PER_MINUTE: '3',
    });
  });
  afterAll(() => t.close());

  it('answers 429 once an address has tried too many tokens that open nothing', async () => {
    const guess = (i: number) =>
      t.app.inject({ method: 'GET', url: `/api/v1/public/orders/guess-${i}` });
    for (let i = 0; i < 3; i++) expect((await guess(i)).statusCode).toBe(404);
    const res = await guess(4);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      error: 'rate_limited',
      message:
        'Too many order links that open no order from this address: please wait a minute and try again',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not held back.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public/orders/guess-5',
      remoteAddress: '192.0.2.77',
    });
    expect(other.statusCode).toBe(404);
  });

  it('counts every order page call against ORDER_PAGE_PER_MINUTE', async () => {
    const t2 = await startTestApp(engine, { ORDER_PAGE_PER_MINUTE: '2' });
    try {
      const call = () =>
        t2.app.inject({
          method: 'GET',
          url: '/api/v1/public/orders/whatever',
          remoteAddress: '192.0.2.88',
        });
      expect((await call()).statusCode).toBe(404);
      expect((await call()).statusCode).toBe(404);
      expect((await call()).statusCode).toBe(429);
    } finally {
      await t2.close();
    }
  });
});
