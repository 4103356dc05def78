import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../operators/passwords.ts';
import { findMail } from './repository.ts';
import { insertOperator } from '../operators/repository/operators.ts';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';

// docs/rules/operator-console.md: the console shows the outbox, newest first, with each mail's
// state and a text preview that keeps %ORDER_LINK% (never the token).

const PASSWORD = 'a long enough password';

describe.each(engines())('the console mail list on %s', (engine) => {
  let t: TestApp;
  let cookie: string;
  const orders: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
    await insertOperator(t.database.db, {
      id: 'viewer',
      email: 'viewer@example.com',
      role: 'viewer',
      password_hash: await hashPassword(PASSWORD),
      created_at: t.clock.now,
    });
    for (let i = 0; i < 3; i++) {
      const { body } = await prepareOrder(t.app, { slotIndex: i }, t.clock.now);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/install',
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(201);
      orders.push(res.json<{ order_id: string }>().order_id);
      t.clock.advance(60_000);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: 'viewer@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    cookie = `fibre_operator=${res.cookies.find((c) => c.name === 'fibre_operator')!.value}`;
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('lists the waiting mail newest first, with its state and a preview without the token', async () => {
    const res = await get('/admin/api/mail');
    expect(res.statusCode, res.body).toBe(200);
    const { items, nextCursor, sending } = res.json();
    expect(nextCursor).toBeNull();
    // No SMTP_URL in this app: the console says mail waits unsent.
    expect(sending).toBe(false);
    expect(items.map((m: { orderId: string }) => m.orderId)).toEqual([...orders].reverse());
    expect(items[0]).toMatchObject({
      kind: 'order.confirmation',
      recipient: 'jane@example.com',
      // The subject ends with the order's reference (docs/rules/mail.md).
      subject: expect.stringMatching(
        /^Your Demo Fibre order is confirmed \(order [0-9A-Z]{4}-[0-9A-Z]{4}\)$/,
      ),
      deliveredAt: null,
      attempts: 0,
      lastError: null,
    });
    expect(items[0].textPreview).toContain('See or change your order: %ORDER_LINK%');
    const stored = await findMail(t.database.db);
    for (const row of stored) expect(res.body).not.toContain(row.link_token!);
    expect(res.body).not.toContain('link_token');
  });

  it("pages with the cursor and lists one order's mail", async () => {
    const first = (await get('/admin/api/mail?limit=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await get(`/admin/api/mail?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second.items.map((m: { orderId: string }) => m.orderId)).toEqual([orders[0]]);
    expect(second.nextCursor).toBeNull();

    const one = (await get(`/admin/api/mail?orderId=${orders[1]}`)).json();
    expect(one.items.map((m: { orderId: string }) => m.orderId)).toEqual([orders[1]]);
    expect((await get('/admin/api/mail?orderId=nope')).json().items).toEqual([]);
  });

  it('shows a sent mail and a failed one as they are', async () => {
    const [a, b] = await findMail(t.database.db);
    await t.database.db
      .updateTable('mail_outbox')
      .set({ delivered_at: t.clock.now, attempts: 1, next_attempt_at: null, link_token: null })
      .where('id', '=', a!.id)
      .execute();
    await t.database.db
      .updateTable('mail_outbox')
      .set({ attempts: 12, next_attempt_at: null, last_error: '451 try later' })
      .where('id', '=', b!.id)
      .execute();
    const items = (await get('/admin/api/mail')).json().items as Array<Record<string, unknown>>;
    expect(items.find((m) => m.id === a!.id)).toMatchObject({
      deliveredAt: t.clock.now.toISOString(),
      attempts: 1,
    });
    expect(items.find((m) => m.id === b!.id)).toMatchObject({
      deliveredAt: null,
      attempts: 12,
      nextAttemptAt: null,
      lastError: '451 try later',
    });
  });

  it('refuses a cursor it did not give and a limit out of range with 400', async () => {
    expect((await get('/admin/api/mail?cursor=garbage')).statusCode).toBe(400);
    expect((await get('/admin/api/mail?limit=1000')).statusCode).toBe(400);
  });
});
