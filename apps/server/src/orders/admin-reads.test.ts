import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder, type OrderOptions } from '../test-support/order.ts';
import { hashPassword } from '../operators/passwords.ts';
import { insertOperator, recordAudit } from '../operators/repository/operators.ts';
import { csvCell } from '../http/csv.ts';

// docs/rules/operators.md#reading: orders searched and shown, leads listed and exported.

const PASSWORD = 'a long enough password';
const DAY = 24 * 3600_000;

describe.each(engines())('the console reads on %s', (engine) => {
  let t: TestApp;
  let cookie: string;
  /** The orders placed, by name: placed a day apart, in this order. */
  const placed: Record<string, string> = {};
  let firstPlacedAt: Date;

  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
    await insertOperator(t.database.db, {
      id: 'viewer',
      email: 'viewer@example.com',
      role: 'viewer',
      password_hash: await hashPassword(PASSWORD),
      created_at: t.clock.now,
    });
    firstPlacedAt = t.clock.now;
    const orders: Array<[string, OrderOptions]> = [
      ['jane', {}],
      [
        'omar',
        {
          contact: {
            firstName: 'Omar',
            lastName: 'Khan',
            email: 'Omar.Khan@Example.com',
            phone: '0498765432',
          },
        },
      ],
      [
        'lee',
        {
          contact: {
            firstName: 'Lee',
            lastName: 'Wong',
            email: 'lee@example.net',
            phone: '0411222333',
          },
          planName: 'Boost 100',
        },
      ],
    ];
    for (const [i, [name, options]] of orders.entries()) {
      const { body } = await prepareOrder(t.app, { ...options, slotIndex: i }, t.clock.now);
      const placedRes = await t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/install',
        payload: body,
      });
      expect(placedRes.statusCode, placedRes.body).toBe(201);
      placed[name] = placedRes.json().order_id;
      t.clock.advance(DAY);
    }
    // Signed in once the orders are placed: the clock moved on by days.
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
  const ids = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as Array<{ id: string }>).map((o) => o.id);
  };

  it('lists orders newest first, with the customer, address, plan, window and monthly total', async () => {
    const res = await get('/admin/api/orders');
    expect(res.statusCode).toBe(200);
    const { items, nextCursor } = res.json();
    expect(items.map((o: { id: string }) => o.id)).toEqual([placed.lee, placed.omar, placed.jane]);
    expect(nextCursor).toBeNull();
    const omar = items[1];
    expect(omar).toMatchObject({
      status: 'confirmed',
      customer: {
        firstName: 'Omar',
        lastName: 'Khan',
        email: 'Omar.Khan@Example.com',
        mobile: '+61498765432',
      },
      plan: 'Boost 100',
    });
    // The unit the order was placed for, before the building's address (docs/rules/operators.md).
    expect(omar.address).toMatch(/^Unit 12, 100 Harris Street/);
    expect(omar.monthlyCents).toBeGreaterThan(0);
    expect(new Date(omar.window.end).getTime()).toBeGreaterThan(
      new Date(omar.window.start).getTime(),
    );
    expect(omar.created).toBe(new Date(firstPlacedAt.getTime() + DAY).toISOString());
  });

  it("finds an order by the visitor's email, ignoring case", async () => {
    expect(await ids('/admin/api/orders?q=omar.khan%40example.COM')).toEqual([placed.omar]);
    expect(await ids('/admin/api/orders?q=example.net')).toEqual([placed.lee]);
  });

  it('finds an order by name, and by address', async () => {
    expect(await ids('/admin/api/orders?q=lee%20wong')).toEqual([placed.lee]);
    const { items } = (await get('/admin/api/orders')).json();
    const street = (items[0].address as string).split(', ')[1]!.toUpperCase();
    expect(await ids(`/admin/api/orders?q=${encodeURIComponent(street)}`)).toHaveLength(3);
  });

  it('finds an order by mobile, with or without spaces, as 04… or +614…', async () => {
    for (const q of ['0498765432', '0498 765 432', '+61 498 765 432', '61498765432', '765432']) {
      expect(await ids(`/admin/api/orders?q=${encodeURIComponent(q)}`), q).toEqual([placed.omar]);
    }
  });

  it('finds an order by its id, or the start of it, ignoring case', async () => {
    expect(await ids(`/admin/api/orders?q=${placed.jane}`)).toEqual([placed.jane]);
    expect(await ids(`/admin/api/orders?q=${placed.jane!.toUpperCase()}`)).toEqual([placed.jane]);
  });

  it("takes the search's LIKE characters literally", async () => {
    expect(await ids('/admin/api/orders?q=%25')).toEqual([]);
    expect(await ids('/admin/api/orders?q=_')).toEqual([]);
  });

  it('filters by status and by the creation range', async () => {
    expect(await ids('/admin/api/orders?status=needs_attention')).toEqual([]);
    expect(await ids('/admin/api/orders?status=confirmed')).toHaveLength(3);
    const at = (days: number) =>
      encodeURIComponent(new Date(firstPlacedAt.getTime() + days * DAY).toISOString());
    // from inclusive, to exclusive.
    expect(await ids(`/admin/api/orders?from=${at(1)}`)).toEqual([placed.lee, placed.omar]);
    expect(await ids(`/admin/api/orders?to=${at(1)}`)).toEqual([placed.jane]);
    expect(await ids(`/admin/api/orders?from=${at(1)}&to=${at(2)}`)).toEqual([placed.omar]);
    expect(await ids(`/admin/api/orders?q=jane&from=${at(1)}`)).toEqual([]);
  });

  it('pages with a cursor, never repeating or skipping an order', async () => {
    const first = (await get('/admin/api/orders?limit=2')).json();
    expect(first.items.map((o: { id: string }) => o.id)).toEqual([placed.lee, placed.omar]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await get(`/admin/api/orders?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((o: { id: string }) => o.id)).toEqual([placed.jane]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a bad filter, limit or cursor with 400 naming the field', async () => {
    for (const [query, field] of [
      ['status=lost', 'status'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['from=2026-01-01', 'from'],
      ['cursor=not-a-cursor', 'cursor'],
    ]) {
      const res = await get(`/admin/api/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('invalid_input');
      expect(Object.keys(res.json().fields)).toContain(field);
    }
  });

  it('shows an order: what was bought at what price, the window, references and history', async () => {
    const id = placed.omar!;
    const stored = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const window = await t.database.db
      .selectFrom('reservations')
      .innerJoin('slot_windows', 'slot_windows.id', 'reservations.window_id')
      .select(['slot_windows.starts_at', 'slot_windows.ends_at', 'slot_windows.state'])
      .where('reservations.reservation_id', '=', stored.reservation_id)
      .executeTakeFirstOrThrow();
    const later = new Date(t.clock.now.getTime() + 1000);
    await recordAudit(t.database.db, {
      operatorEmail: 'ann@example.com',
      at: t.clock.now,
      action: 'order_note',
      subjectType: 'order',
      subjectId: id,
      after: { note: 'first' },
    });
    await recordAudit(t.database.db, {
      operatorEmail: 'bob@example.com',
      at: later,
      action: 'order_note',
      subjectType: 'order',
      subjectId: id,
      before: { note: 'first' },
      after: { note: 'second' },
    });

    const res = await get(`/admin/api/orders/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({
      id,
      status: 'confirmed',
      attentionReason: null,
      customer: { firstName: 'Omar', lastName: 'Khan', mobile: '+61498765432' },
      buildingCode: stored.building_code,
      plan: { id: stored.plan_id, name: 'Boost 100' },
      router: { id: stored.router_id, name: 'Wi-Fi 6 Router' },
      addOns: stored.add_ons,
      coupon: null,
      price: {
        monthlyCents: stored.monthly_cents,
        activationCents: stored.activation_cents,
        cardFeeCents: stored.card_fee_cents,
      },
      window: {
        start: window.starts_at.toISOString(),
        end: window.ends_at.toISOString(),
        state: window.state,
      },
      references: {
        billingCustomer: stored.billing_customer_ref,
        billingSubscription: stored.billing_subscription_ref,
        schedulingTask: stored.task_ref,
      },
    });
    expect(order.price.monthlyCents).toBeGreaterThan(0);
    // Newest first.
    expect(order.history).toEqual([
      {
        at: later.toISOString(),
        operator: 'bob@example.com',
        action: 'order_note',
        before: { note: 'first' },
        after: { note: 'second' },
      },
      {
        at: t.clock.now.toISOString(),
        operator: 'ann@example.com',
        action: 'order_note',
        before: null,
        after: { note: 'first' },
      },
    ]);
  });

  it('answers 404 for an unknown order', async () => {
    const res = await get('/admin/api/orders/no-such-order');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No order has this id' });
  });

  describe('leads', () => {
    const lead = (id: string, at: Date, fields: Partial<Record<string, string | null>> = {}) => ({
      id,
      first_name: 'Sam',
      last_name: 'Lee',
      email: `${id}@example.com`,
      phone: null,
      formatted_address: '1 Example Street, Sydney NSW 2000',
      message: null,
      created_at: at,
      ...fields,
    });

    beforeAll(async () => {
      const base = t.clock.now;
      await t.database.db
        .insertInto('leads')
        .values([
          lead('lead-a', new Date(base.getTime() - 3000)),
          lead('lead-b', new Date(base.getTime() - 2000), {
            first_name: '=HYPERLINK("http://evil.example","x")',
            last_name: '+61 cmd',
            phone: '-1',
            message: 'He said "call me",\r\nafter 5pm',
          }),
          lead('lead-c', new Date(base.getTime() - 1000), {
            first_name: '@SUM(A1)',
            last_name: 'O,Brien',
          }),
        ])
        .execute();
    });

    it('lists leads newest first, a page at a time', async () => {
      const first = (await get('/admin/api/leads?limit=2')).json();
      expect(first.items.map((l: { id: string }) => l.id)).toEqual(['lead-c', 'lead-b']);
      expect(first.items[1]).toMatchObject({
        email: 'lead-b@example.com',
        phone: '-1',
        address: '1 Example Street, Sydney NSW 2000',
        message: 'He said "call me",\r\nafter 5pm',
      });
      const second = (await get(`/admin/api/leads?limit=2&cursor=${first.nextCursor}`)).json();
      expect(second.items.map((l: { id: string }) => l.id)).toEqual(['lead-a']);
      expect(second.nextCursor).toBeNull();
    });

    it('exports every lead as an RFC 4180 CSV attachment, formulas defused', async () => {
      const res = await get('/admin/api/leads.csv');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="leads.csv"');
      const lines = res.body.split('\r\n');
      expect(lines[0]).toBe(
        'id,created,first_name,last_name,email,phone,address,message,contacted_at',
      );
      expect(lines[1]).toMatch(/^lead-c,\S+,'@SUM\(A1\),"O,Brien",lead-c@example.com,,/);
      // A quoted cell keeps its quotes (doubled) and its line break.
      expect(res.body).toContain(
        `lead-b,${new Date(t.clock.now.getTime() - 2000).toISOString()},"'=HYPERLINK(""http://evil.example"",""x"")",'+61 cmd,lead-b@example.com,'-1,"1 Example Street, Sydney NSW 2000","He said ""call me"",\r\nafter 5pm",\r\n`,
      );
      expect(res.body.endsWith('\r\n')).toBe(true);
      expect(res.body.indexOf('lead-c')).toBeLessThan(res.body.indexOf('lead-a'));
    });

    it('records every export in the audit: who, when, how many rows', async () => {
      const exports = () =>
        t.database.db
          .selectFrom('operator_audit')
          .selectAll()
          .where('action', '=', 'leads_exported')
          .orderBy('id')
          .execute();
      const earlier = (await exports()).length;
      const leads = (await t.database.db.selectFrom('leads').select('id').execute()).length;
      t.clock.advance(60_000);
      const res = await get('/admin/api/leads.csv');
      expect(res.statusCode).toBe(200);
      const records = await exports();
      expect(records).toHaveLength(earlier + 1);
      expect(records.at(-1)).toMatchObject({
        operator_email: 'viewer@example.com',
        at: t.clock.now,
        subject_type: 'leads',
        subject_id: null,
        after: { rows: leads },
      });
      expect(leads).toBe(3);
    });
  });

  it('quotes and defuses CSV cells', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@']) expect(csvCell(`${start}1`)).toBe(`'${start}1`);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });
});
