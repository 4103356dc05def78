import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { ORDER_REFERENCE_PATTERN } from '@fibre/domain/install';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMail } from '../mail/repository.ts';
import { hashPassword } from '../operators/passwords.ts';
import { insertOperator } from '../operators/repository/operators.ts';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';
import { applyRetention } from '../retention/index.ts';

// docs/rules/orders.md#the-order-reference and #the-answer-and-the-finale; the console's link
// actions, docs/rules/operators.md#acting-on-orders; docs/decisions/025-order-reference.md.

const PASSWORD = 'a long enough password';

interface Session {
  cookie: string;
  csrfToken: string;
}

async function signIn(t: TestApp, role: 'manager' | 'viewer'): Promise<Session> {
  await insertOperator(t.database.db, {
    id: role,
    email: `${role}@example.com`,
    role,
    password_hash: await hashPassword(PASSWORD),
    created_at: t.clock.now,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/session',
    payload: { email: `${role}@example.com`, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const set = res.cookies.find((c) => c.name === 'fibre_operator')!;
  return { cookie: `fibre_operator=${set.value}`, csrfToken: res.json().csrfToken };
}

/** References drawn in turn from `queue`, then random-looking distinct ones. */
function scriptedReferences(queue: string[]) {
  let n = 0;
  return () => queue.shift() ?? `Z${String(++n).padStart(3, '0')}-ZZZZ`;
}

describe.each(engines())('the order reference and the placed answer on %s', (engine) => {
  let t: TestApp;
  let manager: Session;
  let viewer: Session;
  let slotIndex = 0;
  // The first order takes K7QD-9XWM; the second draws it again, collides, and takes the next.
  const references = scriptedReferences(['K7QD-9XWM', 'K7QD-9XWM', 'AB12-CD34']);

  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true, newReference: references });
    manager = await signIn(t, 'manager');
    viewer = await signIn(t, 'viewer');
  });
  afterAll(() => t.close());

  const place = async (key: string) => {
    const { body, slot } = await prepareOrder(t.app, { slotIndex: slotIndex++ }, t.clock.now);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/install',
        payload: body,
        headers: { 'idempotency-key': key },
      });
    const res = await send();
    expect(res.statusCode, res.body).toBe(201);
    return { answer: res.json(), slot, send };
  };
  const admin = (method: 'GET' | 'POST', url: string, session: Session, csrf = true) =>
    t.app.inject({
      method,
      url,
      headers: {
        cookie: session.cookie,
        ...(csrf && method === 'POST' ? { 'x-csrf-token': session.csrfToken } : {}),
      },
    });
  const orderPage = (path: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/public/orders/${path.replace('/order/', '')}` });

  it("answers the order's reference, its page for this browser, the email and when the card is charged", async () => {
    const { answer, slot } = await place('reference-first-order');
    expect(answer).toMatchObject({
      success: true,
      reference: 'K7QD-9XWM',
      email: 'jane@example.com',
    });
    expect(answer.reference).toMatch(ORDER_REFERENCE_PATTERN);
    const row = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', answer.order_id)
      .executeTakeFirstOrThrow();
    expect(row.reference).toBe('K7QD-9XWM');
    // The stored prices, never recomputed.
    expect(answer.prices).toEqual({
      monthly_cents: row.monthly_cents,
      activation_cents: row.activation_cents,
      card_fee_cents: row.card_fee_cents,
      first_payment_fee_cents: row.first_payment_fee_cents,
      card_scheme: row.card_scheme,
    });
    // Activation is the window's day in Sydney (the demo building is in NSW); the first
    // payment 15 days after it (docs/rules/plans-and-pricing.md).
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
      new Date(slot.start),
    );
    expect(answer.activation_date).toBe(day);
    expect(answer.first_payment_date).toBe(
      format(addDays(new Date(`${day}T12:00:00Z`), 15), 'yyyy-MM-dd'),
    );
    // The link opens the order's page, which shows the same reference.
    expect(answer.order_page).toMatch(/^\/order\/[A-Za-z0-9_-]{43}$/);
    const page = await orderPage(answer.order_page);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ order_id: answer.order_id, reference: 'K7QD-9XWM' });
  });

  it('replays the same answer, the same link included, and makes nothing new', async () => {
    const { answer, send } = await place('reference-replayed-order');
    const links = async () =>
      (await t.database.db.selectFrom('order_links').select('token_hash').execute()).length;
    const before = await links();
    const again = await send();
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(answer);
    // The key keeps the answer but not the email (personal data, decision 023).
    const kept = await t.database.db
      .selectFrom('idempotency_keys')
      .select('response')
      .where('key', '=', 'reference-replayed-order')
      .executeTakeFirstOrThrow();
    expect(kept.response).toMatchObject({ order_page: answer.order_page });
    expect(kept.response).not.toHaveProperty('email');
    expect(await links()).toBe(before);
    expect((await orderPage(answer.order_page)).statusCode).toBe(200);
  });

  it('draws another reference when the one drawn is taken', async () => {
    // The second order drew K7QD-9XWM (taken by the first) and then AB12-CD34.
    const rows = await t.database.db
      .selectFrom('orders')
      .select('reference')
      .orderBy('created_at')
      .orderBy('reference')
      .execute();
    const all = rows.map((r) => r.reference);
    expect(all).toContain('K7QD-9XWM');
    expect(all).toContain('AB12-CD34');
    expect(new Set(all).size).toBe(all.length);
    // The database refuses a second order under one reference.
    await expect(
      t.database.db
        .updateTable('orders')
        .set({ reference: 'K7QD-9XWM' })
        .where('reference', '=', 'AB12-CD34')
        .execute(),
    ).rejects.toThrow();
  });

  it('the console lists, shows and finds an order by its reference, typed any way', async () => {
    const list = await admin('GET', '/admin/api/orders?q=k7qd9xwm', viewer);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((i: { reference: string }) => i.reference)).toEqual(['K7QD-9XWM']);
    const part = await admin('GET', '/admin/api/orders?q=AB12', viewer);
    expect(part.json().items.map((i: { reference: string }) => i.reference)).toEqual(['AB12-CD34']);
    const id = list.json().items[0].id;
    const shown = await admin('GET', `/admin/api/orders/${id}`, viewer);
    expect(shown.json()).toMatchObject({ id, reference: 'K7QD-9XWM' });
  });

  it('a manager shows a new link, once; it opens the order, the old ones still do; audited', async () => {
    const { answer } = await place('reference-link-shown');
    const res = await admin('POST', `/admin/api/orders/${answer.order_id}/link`, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { link, order } = res.json();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/order\/[A-Za-z0-9_-]{43}$/);
    expect((await orderPage(new URL(link).pathname)).statusCode).toBe(200);
    expect((await orderPage(answer.order_page)).statusCode).toBe(200);
    expect(order.history[0]).toMatchObject({
      action: 'order_link_shown',
      operator: 'manager@example.com',
      after: { link: 'shown to the operator' },
    });
    // The link is in no record.
    const audit = await t.database.db.selectFrom('operator_audit').selectAll().execute();
    expect(JSON.stringify(audit)).not.toContain(new URL(link).pathname.slice(7));
  });

  it('a manager mails the link again: the confirmation through the outbox, audited', async () => {
    const { answer } = await place('reference-link-mailed');
    const before = await findMail(t.database.db, answer.order_id);
    const res = await admin('POST', `/admin/api/orders/${answer.order_id}/link/mail`, manager);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await findMail(t.database.db, answer.order_id);
    expect(mail).toHaveLength(before.length + 1);
    expect(mail.at(-1)).toMatchObject({
      kind: 'order.confirmation',
      recipient: 'jane@example.com',
      subject: `Your Demo Fibre order is confirmed (order ${answer.reference})`,
    });
    expect(mail.at(-1)!.link_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json().history[0]).toMatchObject({
      action: 'order_link_sent',
      operator: 'manager@example.com',
      after: { link: 'mailed to the customer' },
    });
  });

  it('refuses a viewer, a change without the CSRF token and an unknown order', async () => {
    const { answer } = await place('reference-link-refused');
    for (const path of ['link', 'link/mail']) {
      const url = `/admin/api/orders/${answer.order_id}/${path}`;
      const byViewer = await admin('POST', url, viewer);
      expect(byViewer.statusCode, byViewer.body).toBe(403);
      expect(byViewer.json().error).toBe('forbidden');
      const noCsrf = await admin('POST', url, manager, false);
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json().error).toBe('csrf_failed');
      const unknown = await admin('POST', `/admin/api/orders/no-such-order/${path}`, manager);
      expect(unknown.statusCode).toBe(404);
    }
    const audit = await t.database.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject_id', '=', answer.order_id)
      .execute();
    expect(audit).toEqual([]);
  });

  it('mails no confirmation for a cancelled order (409), but shows its link', async () => {
    const { answer } = await place('reference-link-cancelled');
    const cancelled = await admin('POST', `/admin/api/orders/${answer.order_id}/cancel`, manager);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mailed = await admin('POST', `/admin/api/orders/${answer.order_id}/link/mail`, manager);
    expect(mailed.statusCode, mailed.body).toBe(409);
    expect(mailed.json().error).toBe('not_confirmed');
    const shown = await admin('POST', `/admin/api/orders/${answer.order_id}/link`, manager);
    expect(shown.statusCode, shown.body).toBe(200);
  });

  // Last: the clock moves a day, past the sessions above.
  it('a replay more than a day later answers without the link: the retention sweep took its token out', async () => {
    const { answer, send } = await place('reference-replayed-next-day');
    t.clock.advance(24 * 60 * 60_000 + 60_000);
    await applyRetention(t.database, t.config.retention, t.clock.now);
    const kept = await t.database.db
      .selectFrom('idempotency_keys')
      .select('response')
      .where('key', '=', 'reference-replayed-next-day')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(kept.response)).not.toContain(answer.order_page.replace('/order/', ''));
    const again = await send();
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual({ ...answer, order_page: null });
    // The link itself still opens the order (the customer's mail carries it).
    expect((await orderPage(answer.order_page)).statusCode).toBe(200);
  });
});
