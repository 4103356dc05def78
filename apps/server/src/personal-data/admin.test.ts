import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { signedInAs } from '../test-support/operators.ts';
import { prepareOrder } from '../test-support/order.ts';
import { startArrivy, type ArrivyStandIn } from '../test-support/stand-ins/arrivy.ts';
import { startChargebee, type ChargebeeStandIn } from '../test-support/stand-ins/chargebee.ts';
import { arrivyEnv, chargebeeEnv } from '../test-support/stand-ins/env.ts';
import { personKey } from './person.ts';

// docs/rules/personal-data-requests.md: find, export, correct and erase a person's data, by a
// manager only, each audited with the manager's email.

interface Session {
  cookie: string;
  csrfToken: string;
}

const PAT = { firstName: 'Pat', lastName: 'Person', email: 'pat@example.com', phone: '0412345678' };
const QUINN = {
  firstName: 'Quinn',
  lastName: 'Other',
  email: 'quinn@example.com',
  phone: '0498765432',
};

describe.each(engines())("a person's data on request on %s", (engine) => {
  let t: TestApp;
  let manager: Session;
  let viewer: Session;
  /** Pat's live order, Pat's order cancelled before its window, Quinn's order. */
  let live: string;
  let cancelled: string;
  let other: string;
  let patLead: string;
  let quinnLead: string;

  const signIn = (email: string, role: 'manager' | 'viewer'): Promise<Session> =>
    signedInAs(t, role, email);

  async function order(contact: typeof PAT, slotIndex: number): Promise<string> {
    const { body } = await prepareOrder(t.app, { slotIndex, contact }, t.clock.now);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    t.clock.advance(60_000);
    return res.json<{ order_id: string }>().order_id;
  }

  async function lead(contact: typeof PAT): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      payload: { ...contact, formatted_address: '10 Smith Street, Darwin City NT 0800' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  }

  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
    manager = await signIn('manager@example.com', 'manager');
    viewer = await signIn('viewer@example.com', 'viewer');
    live = await order(PAT, 0);
    cancelled = await order(PAT, 1);
    other = await order(QUINN, 2);
    patLead = await lead({ ...PAT, email: 'PAT@Example.com' });
    quinnLead = await lead(QUINN);
    const res = await post(manager, `/admin/api/orders/${cancelled}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    // The acceptance record's client address (migration 021), to be cleared by an erasure.
    await t.database.db
      .updateTable('orders')
      .set({ client_address: '203.0.113.9' })
      .where('id', 'in', [live, cancelled, other])
      .execute();
  });
  afterAll(() => t.close());

  const get = (session: Session | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });
  function post(session: Session | null, url: string, payload: object) {
    return t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: session ? { cookie: session.cookie, 'x-csrf-token': session.csrfToken } : {},
    });
  }
  const orderRow = (id: string) =>
    t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const personAudit = (action: string) =>
    t.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  it('finds the orders, leads, mail, holds and audit of an email, ignoring case, and nothing of another person', async () => {
    const res = await get(manager, '/admin/api/personal-data?email=Pat%40EXAMPLE.com');
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json();
    expect(found.orders.map((o: { id: string }) => o.id)).toEqual([live, cancelled]);
    expect(found.orders[0]).toMatchObject({
      status: 'confirmed',
      customer: { firstName: 'Pat', lastName: 'Person', mobile: '+61412345678' },
      clientAddress: '203.0.113.9',
      erasable: false,
    });
    expect(found.orders[0].keptBecause).toContain('confirmed');
    expect(found.orders[1]).toMatchObject({
      status: 'cancelled',
      erasable: true,
      keptBecause: null,
    });
    expect(found.leads.map((l: { id: string }) => l.id)).toEqual([patLead]);
    const mailOrders = new Set(found.mail.map((m: { orderId: string }) => m.orderId));
    expect(mailOrders).toEqual(new Set([live, cancelled]));
    expect(found.holds.map((h: { orderId: string }) => h.orderId).sort()).toEqual(
      [live, cancelled].sort(),
    );
    expect(found.audit).toContainEqual(
      expect.objectContaining({ action: 'order_cancelled', subjectId: cancelled }),
    );
    expect(res.body).not.toContain(other);
    expect(res.body).not.toContain(quinnLead);
    expect(res.body).not.toContain('quinn@example.com');
    // Audited with the manager's email; the person by a hash, never the email itself.
    const [audit] = await personAudit('personal_data_found');
    expect(audit).toMatchObject({
      operator_email: 'manager@example.com',
      subject_type: 'person',
      subject_id: personKey({ email: 'Pat@EXAMPLE.com' }),
    });
    expect(JSON.stringify(audit)).not.toContain('pat@example.com');
  });

  it('finds by a mobile in any form, matched as +61', async () => {
    const res = await get(
      manager,
      `/admin/api/personal-data?mobile=${encodeURIComponent('0412 345 678')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json();
    expect(found.person).toEqual({ email: null, mobile: '+61412345678' });
    expect(found.orders.map((o: { id: string }) => o.id)).toEqual([live, cancelled]);
    expect(found.leads.map((l: { id: string }) => l.id)).toEqual([patLead]);
    expect(res.body).not.toContain(other);
  });

  it('exports everything as one JSON file, audited', async () => {
    const res = await get(manager, '/admin/api/personal-data/export?email=pat@example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = JSON.parse(res.body);
    expect(file.exportedBy).toBe('manager@example.com');
    expect(file.orders.map((o: { id: string }) => o.id)).toEqual([live, cancelled]);
    expect(file.orders[0].installFacts.contact.email).toBe('pat@example.com');
    expect(file.orders[0].billingCustomers).toHaveLength(1);
    expect(file.orders[0].bookings).toHaveLength(1);
    expect(file.leads).toHaveLength(1);
    expect(file.mail.length).toBeGreaterThan(0);
    expect(file.mail[0].textBody).toEqual(expect.any(String));
    expect(file.holds).toHaveLength(2);
    expect(file.notifications).toContainEqual(expect.objectContaining({ kind: 'lead.created' }));
    expect(res.body).not.toContain('quinn@example.com');
    const [audit] = await personAudit('personal_data_exported');
    expect(audit?.operator_email).toBe('manager@example.com');
  });

  it('finds and exports the sign-ups saved by the email, with their consent, never a link', async () => {
    // docs/rules/personal-data-requests.md: saved to finish later, and for the reminder (the
    // marketing box ticked).
    const state = {
      step: 'payment',
      signup: { contact: { email: 'PAT@example.com', firstName: 'Pat' } },
    };
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/signups/finish-later',
      payload: { snapshot: { version: 3, state }, marketing: false },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const ticked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/signups/remind-me',
      payload: { snapshot: { version: 3, state } },
    });
    expect(ticked.statusCode, ticked.body).toBe(202);
    const hashes = (
      await t.database.db.selectFrom('signup_links').select('token_hash').execute()
    ).map((l) => l.token_hash);
    expect(hashes.length).toBeGreaterThan(0);

    const res = await get(manager, '/admin/api/personal-data?email=pat%40example.com');
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json();
    expect(found.savedSignups).toHaveLength(2);
    type Saved = { consent: { marketing: boolean }; choices?: unknown };
    const byBox = (list: Saved[], marketing: boolean) =>
      list.find((signup) => signup.consent.marketing === marketing);
    expect(byBox(found.savedSignups, false)).toMatchObject({
      email: 'PAT@example.com',
      firstName: 'Pat',
      consent: { words: expect.stringContaining('finish later'), at: expect.any(String) },
      unsubscribedAt: null,
      reminded: false,
      created: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(byBox(found.savedSignups, true)).toMatchObject({
      consent: { words: 'Send me news and offers by email' },
    });
    expect(found.savedSignups[0].choices).toBeUndefined();

    const exported = await get(manager, '/admin/api/personal-data/export?email=pat@example.com');
    expect(exported.statusCode, exported.body).toBe(200);
    const file = JSON.parse(exported.body);
    expect(file.savedSignups).toHaveLength(2);
    expect(byBox(file.savedSignups, true)!.choices).toMatchObject({
      version: 3,
      state: { step: 'payment' },
    });
    for (const hash of hashes) {
      expect(res.body).not.toContain(hash);
      expect(exported.body).not.toContain(hash);
    }

    // Another person's, and a request by mobile (sign-ups are matched by the email only): none.
    const quinn = await get(manager, '/admin/api/personal-data?email=quinn%40example.com');
    expect(quinn.json().savedSignups).toEqual([]);
    const byMobile = await get(manager, '/admin/api/personal-data?mobile=0412345678');
    expect(byMobile.json().savedSignups).toEqual([]);

    // Leaves the shared state as the later requests expect it.
    await t.database.db.deleteFrom('saved_signups').execute();
    await t.database.db
      .deleteFrom('mail_outbox')
      .where('kind', 'in', ['signup.link', 'signup.reminder'])
      .execute();
  });

  it('refuses a viewer (403) and a signed-out request (401) on each, and changes nothing', async () => {
    const q = '?email=pat@example.com';
    for (const session of [viewer, null]) {
      const status = session ? 403 : 401;
      expect((await get(session, `/admin/api/personal-data${q}`)).statusCode).toBe(status);
      expect((await get(session, `/admin/api/personal-data/export${q}`)).statusCode).toBe(status);
      const correct = await post(session, '/admin/api/personal-data/correct', {
        email: 'pat@example.com',
        to: { firstName: 'Mallory' },
      });
      expect(correct.statusCode).toBe(status);
      const erase = await post(session, '/admin/api/personal-data/erase', {
        email: 'pat@example.com',
        partial: true,
      });
      expect(erase.statusCode).toBe(status);
    }
    expect((await orderRow(live)).contact).toMatchObject({ firstName: 'Pat' });
    const leads = await t.database.db.selectFrom('leads').select('id').execute();
    expect(leads).toHaveLength(2);
  });

  it('answers bad input with 400 naming why, and nothing held with 404', async () => {
    const cases: Array<[string, number]> = [
      ['/admin/api/personal-data', 400],
      ['/admin/api/personal-data?email=pat@example.com&mobile=0412345678', 400],
      ['/admin/api/personal-data?email=not-an-email', 400],
      ['/admin/api/personal-data?mobile=12345', 400],
      ['/admin/api/personal-data/export?mobile=', 400],
    ];
    for (const [url, status] of cases) {
      const res = await get(manager, url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().error).toBe('invalid_input');
    }
    const neither = await get(manager, '/admin/api/personal-data');
    expect(neither.json().message).toBe('Give either an email or a mobile (one of them, not both)');
    const noChange = await post(manager, '/admin/api/personal-data/correct', {
      email: 'pat@example.com',
      to: {},
    });
    expect(noChange.statusCode).toBe(400);
    expect(noChange.json().message).toBe(
      'Give at least one corrected detail: firstName, lastName, email or mobile',
    );
    const badName = await post(manager, '/admin/api/personal-data/correct', {
      email: 'pat@example.com',
      to: { firstName: 'P4t' },
    });
    expect(badName.statusCode).toBe(400);
    const badBody = await post(manager, '/admin/api/personal-data/erase', {
      email: 'pat@example.com',
      partial: 'yes',
    });
    expect(badBody.statusCode).toBe(400);
    const nobody = await post(manager, '/admin/api/personal-data/erase', {
      email: 'nobody@example.com',
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toMatchObject({ error: 'nothing_held' });
  });

  it('corrects the contact on orders and leads, tells the embedded ledger and calendar, and is audited', async () => {
    const res = await post(manager, '/admin/api/personal-data/correct', {
      mobile: '+61 412 345 678',
      to: { firstName: 'patricia', email: 'patricia@example.com', mobile: '0411 111 111' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.orders).toEqual([live, cancelled]);
    expect(answer.leads).toEqual([patLead]);
    expect(answer.told).toContainEqual(
      expect.objectContaining({ orderId: live, adapter: 'billing', outcome: 'recorded' }),
    );
    expect(answer.told).toContainEqual(
      expect.objectContaining({ orderId: live, adapter: 'installer task', outcome: 'recorded' }),
    );

    const row = await orderRow(live);
    expect(row.email).toBe('patricia@example.com');
    expect(row.contact).toEqual({
      firstName: 'Patricia',
      lastName: 'Person',
      email: 'patricia@example.com',
      phone: '+61411111111',
    });
    expect((row.install_facts as { contact: { email: string } }).contact.email).toBe(
      'patricia@example.com',
    );
    const customer = await t.database.db
      .selectFrom('billing_customers')
      .selectAll()
      .where('order_id', '=', live)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ first_name: 'Patricia', email: 'patricia@example.com' });
    const booking = await t.database.db
      .selectFrom('bookings')
      .selectAll()
      .where('order_id', '=', live)
      .executeTakeFirstOrThrow();
    expect(booking.task).toMatchObject({
      customer_first_name: 'Patricia',
      customer_email: 'patricia@example.com',
      customer_mobile_number: '+61411111111',
    });
    expect(String(booking.task.title)).toContain('Patricia Person');
    const leadRow = await t.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', patLead)
      .executeTakeFirstOrThrow();
    expect(leadRow).toMatchObject({
      first_name: 'Patricia',
      email: 'patricia@example.com',
      phone: '+61411111111',
    });
    // Quinn is untouched.
    expect((await orderRow(other)).email).toBe('quinn@example.com');

    const corrected = await personAudit('contact_corrected');
    expect(corrected.map((a) => a.subject_id).sort()).toEqual([live, cancelled, patLead].sort());
    expect(corrected[0]).toMatchObject({
      operator_email: 'manager@example.com',
      after: { corrected: ['firstName', 'email', 'mobile'] },
    });
    const [person] = await personAudit('personal_data_corrected');
    expect(person?.operator_email).toBe('manager@example.com');
    // Found again by the corrected email; the old one holds nothing now.
    const again = (
      await get(manager, '/admin/api/personal-data?email=patricia@example.com')
    ).json();
    expect(again.orders).toHaveLength(2);
    const old = (await get(manager, '/admin/api/personal-data?email=pat@example.com')).json();
    expect(old.orders).toHaveLength(0);
  });

  it('refuses to erase while a live order must be kept, naming it, and erases nothing', async () => {
    const res = await post(manager, '/admin/api/personal-data/erase', {
      email: 'patricia@example.com',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toBe('not_erasable');
    expect(res.json().message).toContain(`Order ${live} is confirmed`);
    expect((await orderRow(cancelled)).email).toBe('patricia@example.com');
    const lead = await t.database.db
      .selectFrom('leads')
      .select('id')
      .where('id', '=', patLead)
      .executeTakeFirst();
    expect(lead).toBeDefined();
  });

  it('erases the leads and the order that never went ahead, keeps the live one, the amounts and dates, and is audited', async () => {
    const before = await orderRow(cancelled);
    // A sign-up saved to finish later (docs/rules/mail.md#finish-later), and another person's.
    const saveSignup = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/signups/finish-later',
        payload: {
          snapshot: {
            version: 3,
            state: { step: 'connection', signup: { contact: { email, firstName: 'Pat' } } },
          },
        },
      });
    expect((await saveSignup('Patricia@example.com')).statusCode).toBe(202);
    expect((await saveSignup('quinn.saved@example.com')).statusCode).toBe(202);
    const res = await post(manager, '/admin/api/personal-data/erase', {
      email: 'patricia@example.com',
      partial: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.orders).toEqual([cancelled]);
    expect(answer.leads).toEqual([patLead]);
    expect(answer.kept).toEqual([{ orderId: live, reason: expect.stringContaining('confirmed') }]);
    expect(answer.mail).toBeGreaterThan(0);
    expect(answer.savedSignups).toBe(1);

    const erased = await orderRow(cancelled);
    expect(erased.email).toBe('');
    expect(erased.contact).toEqual({ erasedAt: expect.any(String) });
    expect(erased.install_facts).toBeNull();
    expect(erased.unit_key).toBeNull();
    expect(erased.client_address).toBeNull();
    expect(erased.monthly_cents).toBe(before.monthly_cents);
    expect(erased.activation_cents).toBe(before.activation_cents);
    expect(erased.created_at).toEqual(before.created_at);
    expect(erased.status).toBe('cancelled');
    const ledger = await t.database.db
      .selectFrom('billing_customers')
      .selectAll()
      .where('order_id', '=', cancelled)
      .execute();
    for (const c of ledger) expect(c).toMatchObject({ first_name: '', last_name: '', email: '' });
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('order_id', '=', cancelled)
      .execute();
    expect(mail).toHaveLength(0);
    const hold = await t.database.db
      .selectFrom('reservations')
      .select(['client_address', 'hold_session'])
      .where('reservation_id', '=', before.reservation_id)
      .executeTakeFirstOrThrow();
    expect(hold).toEqual({ client_address: null, hold_session: null });
    const leads = await t.database.db.selectFrom('leads').select('id').execute();
    expect(leads.map((l) => l.id)).toEqual([quinnLead]);
    const saved = await t.database.db.selectFrom('saved_signups').select('email').execute();
    expect(saved.map((r) => r.email)).toEqual(['quinn.saved@example.com']);
    // The lead's own events are deleted; only person.erased names it, by its id (erasure-told.test.ts).
    const notifications = await t.database.db
      .selectFrom('webhook_events')
      .select('data')
      .where('type', '!=', 'person.erased')
      .execute();
    expect(JSON.stringify(notifications)).not.toContain(patLead);

    // The live order keeps its contact; Quinn is untouched.
    expect((await orderRow(live)).contact).toMatchObject({ firstName: 'Patricia' });
    expect((await orderRow(live)).client_address).toBe('203.0.113.9');
    expect((await orderRow(other)).contact).toMatchObject({ firstName: 'Quinn' });

    const [person] = await personAudit('personal_data_erased');
    expect(person).toMatchObject({
      operator_email: 'manager@example.com',
      subject_type: 'person',
      after: { orders: [cancelled], leads: [patLead], kept: [live] },
    });
    expect(JSON.stringify(person)).not.toContain('patricia@example.com');
    expect((await personAudit('order_erased')).map((a) => a.subject_id)).toEqual([cancelled]);
    expect((await personAudit('lead_erased')).map((a) => a.subject_id)).toEqual([patLead]);

    // Found again: only the live order is left.
    const found = (
      await get(manager, '/admin/api/personal-data?email=patricia@example.com')
    ).json();
    expect(found.orders.map((o: { id: string }) => o.id)).toEqual([live]);
    expect(found.leads).toEqual([]);
  });

  it('a person who only saved a sign-up: it is corrected (the link restores the corrected details), then erased', async () => {
    const email = 'robin.saved@example.com';
    const contact = { email, confirmEmail: email, firstName: 'Robin', lastName: 'Saved' };
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/signups/finish-later',
      payload: {
        snapshot: {
          version: 3,
          state: { step: 'installation', signup: { contact: { ...contact } } },
        },
        marketing: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(202);
    const [signup] = await t.database.db
      .selectFrom('saved_signups')
      .select('id')
      .where('email', '=', email)
      .execute();

    const corrected = await post(manager, '/admin/api/personal-data/correct', {
      email: 'Robin.Saved@example.com',
      to: { lastName: 'smith', email: 'robin.smith@example.com', mobile: '0411 222 333' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ orders: [], leads: [], savedSignups: [signup!.id] });
    const [audit] = await personAudit('contact_corrected').then((rows) =>
      rows.filter((row) => row.subject_id === signup!.id),
    );
    expect(audit).toMatchObject({ subject_type: 'saved_signup' });
    expect(JSON.stringify(audit)).not.toContain('robin.smith@example.com');

    // The old email finds nothing now; the saved state, which the link restores, holds the
    // corrected contact (the first name kept, as it was not corrected).
    const old = await get(manager, `/admin/api/personal-data?email=${email}`);
    expect(old.json().savedSignups).toEqual([]);
    const row = await t.database.db
      .selectFrom('saved_signups')
      .select(['email', 'first_name', 'snapshot'])
      .where('id', '=', signup!.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('robin.smith@example.com');
    expect(row.first_name).toBe('Robin');
    expect(row.snapshot).toMatchObject({
      version: 3,
      state: {
        step: 'installation',
        signup: {
          contact: {
            firstName: 'Robin',
            lastName: 'Smith',
            email: 'robin.smith@example.com',
            confirmEmail: 'robin.smith@example.com',
            phone: '+61411222333',
          },
        },
      },
    });

    const erased = await post(manager, '/admin/api/personal-data/erase', {
      email: 'robin.smith@example.com',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ orders: [], leads: [], savedSignups: 1, kept: [] });
    const left = await t.database.db
      .selectFrom('saved_signups')
      .select('id')
      .where('id', '=', signup!.id)
      .execute();
    expect(left).toEqual([]);
    const links = await t.database.db
      .selectFrom('signup_links')
      .select('token_hash')
      .where('signup_id', '=', signup!.id)
      .execute();
    expect(links).toEqual([]);
    const again = await post(manager, '/admin/api/personal-data/erase', {
      email: 'robin.smith@example.com',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No order, lead or saved sign-up is held for this email.');
    await t.database.db.deleteFrom('saved_signups').execute();
  });
});

describe.each(engines())(
  'a correction and an erasure told to Chargebee and Arrivy on %s',
  (engine) => {
    let t: TestApp;
    let cb: ChargebeeStandIn;
    let arrivy: ArrivyStandIn;
    let manager: Session;
    let live: string;
    let cancelled: string;

    beforeAll(async () => {
      [cb, arrivy] = await Promise.all([startChargebee(), startArrivy()]);
      t = await startTestApp(
        engine,
        { ...chargebeeEnv(cb), ...arrivyEnv(arrivy) },
        { clock: true },
      );
      manager = await signedInAs(t, 'manager');
      live = await place(1);
      cancelled = await place(2);
      await cancel(cancelled);
    });
    afterAll(async () => {
      await t.close();
      await Promise.all([cb.close(), arrivy.close()]);
    });

    /** Pat's order for the nth free window, paid with its own Chargebee.js token. */
    async function place(n: number): Promise<string> {
      const { body } = await prepareOrder(
        t.app,
        { slotIndex: n, contact: PAT, cardToken: `cb_tok_pd_${n}` },
        t.clock.now,
      );
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/install',
        payload: body,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json<{ order_id: string }>().order_id;
    }

    /** Cancelled by the manager before its window: an order that never went ahead. */
    async function cancel(orderId: string): Promise<void> {
      const res = await t.app.inject({
        method: 'POST',
        url: `/admin/api/orders/${orderId}/cancel`,
        payload: {},
        headers: { cookie: manager.cookie, 'x-csrf-token': manager.csrfToken },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const correct = (to: object) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/api/personal-data/correct',
        payload: { mobile: '0412345678', to },
        headers: { cookie: manager.cookie, 'x-csrf-token': manager.csrfToken },
      });

    it("updates the live order's Chargebee customer and Arrivy task, not the cancelled order's", async () => {
      const res = await correct({ email: 'pat.new@example.com', lastName: 'newname' });
      expect(res.statusCode, res.body).toBe(200);
      const { told } = res.json();
      expect(told).toEqual([
        { orderId: live, adapter: 'billing', outcome: 'updated', message: 'Billing was updated.' },
        {
          orderId: live,
          adapter: 'installer task',
          outcome: 'updated',
          message: 'The installer task was updated.',
        },
      ]);
      expect(cb.customers.get(live)).toMatchObject({
        email: 'pat.new@example.com',
        last_name: 'Newname',
      });
      const task = arrivy.tasks.find((x) => x.external_id === live)!;
      expect(task).toMatchObject({
        customer_email: 'pat.new@example.com',
        customer_last_name: 'Newname',
      });
      const gone = arrivy.tasks.find((x) => x.external_id === cancelled)!;
      expect(gone.customer_email).toBe('pat@example.com');
    });

    it('says when billing could not be told, and keeps the correction', async () => {
      cb.faults.fail(
        'POST',
        /^\/api\/v2\/customers\/[^/]+$/,
        { status: 400, body: { message: 'Refused', api_error_code: 'param_wrong_value' } },
        1,
      );
      const res = await correct({ firstName: 'Pattie' });
      expect(res.statusCode, res.body).toBe(200);
      const billing = res.json().told.find((x: { adapter: string }) => x.adapter === 'billing');
      expect(billing).toMatchObject({ orderId: live, outcome: 'failed' });
      expect(billing.message).toMatch(
        /^Billing could not be updated \(.+\): correct it there by hand\.$/,
      );
      const row = await t.database.db
        .selectFrom('orders')
        .select('contact')
        .where('id', '=', live)
        .executeTakeFirstOrThrow();
      expect(row.contact).toMatchObject({ firstName: 'Pattie' });
    });

    it("an erasure clears the erased orders' Arrivy tasks, cancelled as they are, and says what Arrivy said", async () => {
      // A second order that never went ahead, cancelled before its window.
      const second = await place(3);
      await cancel(second);
      const taskOf = (orderId: string) => arrivy.tasks.find((x) => x.external_id === orderId)!;
      arrivy.faults.fail(
        'PUT',
        new RegExp(`^/api/tasks/${taskOf(cancelled).id}$`),
        { status: 500, body: { message: 'Arrivy is down' } },
        1,
      );

      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/api/personal-data/erase',
        payload: { mobile: '0412345678', partial: true },
        headers: { cookie: manager.cookie, 'x-csrf-token': manager.csrfToken },
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect([...answer.orders].sort()).toEqual([cancelled, second].sort());
      expect(answer.kept.map((k: { orderId: string }) => k.orderId)).toEqual([live]);
      expect(answer.told).toHaveLength(2);
      expect(answer.told).toEqual(
        expect.arrayContaining([
          {
            orderId: cancelled,
            adapter: 'installer task',
            outcome: 'failed',
            message: expect.stringMatching(
              /^The installer task could not be cleared \(.+\): erase it there by hand\.$/,
            ),
          },
          {
            orderId: second,
            adapter: 'installer task',
            outcome: 'updated',
            message: 'The installer task was cleared.',
          },
        ]),
      );
      // The task keeps its times and its cancelled status, never whom it was for.
      const cleared = taskOf(second);
      expect(cleared).toMatchObject({
        title: 'Installation - erased',
        customer_first_name: 'Erased',
        customer_last_name: '',
        customer_email: '',
        customer_mobile_number: '',
        customer_address_line_1: '',
        customer_address_line_2: '',
      });
      expect(JSON.stringify(cleared)).not.toContain('Pat');
      expect(cleared.status).toMatch(/^cancel/i);
      // The live order's task is untouched; the erasure itself stands for the failed one.
      expect(taskOf(live).customer_email).toBe('pat.new@example.com');
      const row = await t.database.db
        .selectFrom('orders')
        .select('email')
        .where('id', '=', cancelled)
        .executeTakeFirstOrThrow();
      expect(row.email).toBe('');
    });
  },
);
