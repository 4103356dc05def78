import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import {
  engines,
  eventually,
  startTestApp,
  testConfig,
  type TestApp,
} from '../test-support/app.ts';
import { sample } from '../test-support/metrics.ts';
import {
  applyRetention,
  monthsBefore,
  runRetention,
  sweepRetention,
  type RetentionCounts,
} from './sweep.ts';
import { RETENTION_LOCK } from './repository.ts';

// The retention policy (docs/rules/retention.md, docs/decisions/023-retention.md): rows of each
// kind a minute inside and a minute outside their limit, one sweep at a fixed time.

const now = new Date('2027-06-15T12:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ago = (ms: number) => new Date(now.getTime() - ms);
const daysAgo = (days: number, plusMs = 0) => ago(days * DAY + plusMs);
const monthsAgo = (months: number, plusMs = 0) =>
  new Date(monthsBefore(now, months).getTime() - plusMs);

const defaults = testConfig().retention;

/** What the seed below leaves for the default policy to remove. */
const expected: RetentionCounts = {
  leads: 1,
  lead_fingerprints: 1,
  mail_bodies: 2,
  notifications: 2,
  abandoned_holds: 2,
  // the confirmed order placed 30 days and a minute ago, and the four cancelled ones (800 days)
  order_client_addresses: 5,
  // the hold just inside its limit (made 10 minutes before it expired), and the orders' holds but
  // the confirmed order's placed 30 days less a minute ago
  hold_client_addresses: 6,
  sign_in_addresses: 3,
  cancelled_orders: 2,
  // the funnel's tab mark made 2 days and a minute ago
  funnel_tabs: 1,
  // the saved sign-up whose link expired 7 days and a minute ago (with its link)
  saved_signups: 1,
  // the install answer kept a day and a minute ago: its order page's token taken out
  kept_order_pages: 1,
};

interface Seeded {
  orders: Record<string, string>;
}

async function seed(database: Database): Promise<Seeded> {
  const { db } = database;
  const building = await db
    .selectFrom('buildings')
    .select('code')
    .limit(1)
    .executeTakeFirstOrThrow();
  const plan = await db.selectFrom('plans').select('id').limit(1).executeTakeFirstOrThrow();
  const router = await db.selectFrom('routers').select('id').limit(1).executeTakeFirstOrThrow();
  const crew = await db.selectFrom('crews').select('id').limit(1).executeTakeFirstOrThrow();

  // Leads and their same-lead claims: 24 months.
  for (const [id, at] of [
    ['lead-in', monthsAgo(24, -MINUTE)],
    ['lead-out', monthsAgo(24, MINUTE)],
  ] as const) {
    await db
      .insertInto('leads')
      .values({
        id,
        first_name: 'Lee',
        last_name: 'Dee',
        email: `${id}@example.com`,
        phone: '0412345678',
        formatted_address: '1 Test St',
        message: null,
        created_at: at,
      })
      .execute();
    await db
      .insertInto('lead_fingerprints')
      .values({ fingerprint: `fp-${id}`, lead_id: id, created_at: at })
      .execute();
  }

  // Mail: 90 days after sending; one given up 90 days after it was made; one still trying.
  const mail = (id: string, created: Date, delivered: Date | null, next: Date | null) =>
    db
      .insertInto('mail_outbox')
      .values({
        id,
        kind: 'order.confirmation',
        order_id: null,
        recipient: 'pat@example.com',
        subject: 'Your order',
        text_body: 'Dear Pat',
        html_body: '<p>Dear Pat</p>',
        attachments: JSON.stringify([
          { filename: 'a.ics', content_type: 'text/calendar', content: 'x' },
        ]),
        link_token: null,
        created_at: created,
        next_attempt_at: next,
        delivered_at: delivered,
      })
      .execute();
  await mail('mail-in', daysAgo(100), daysAgo(90, -MINUTE), null);
  await mail('mail-out', daysAgo(100), daysAgo(90, MINUTE), null);
  await mail('mail-gave-up-in', daysAgo(90, -MINUTE), null, null);
  await mail('mail-gave-up-out', daysAgo(90, MINUTE), null, null);
  await mail('mail-trying', daysAgo(400), null, daysAgo(-1));

  // Events: 30 days after delivery; given up, 30 days after made; one still trying.
  const note = async (id: string, created: Date, delivered: Date | null, next: Date | null) => {
    await db
      .insertInto('webhook_events')
      .values({
        id,
        type: 'lead.created',
        order_id: null,
        lead_id: null,
        sequence: 1,
        data: JSON.stringify({ email: 'lee@example.com' }),
        created_at: created,
      })
      .execute();
    await db
      .insertInto('webhook_deliveries')
      .values({
        id: `delivery-${id}`,
        event_id: id,
        endpoint_id: 'configured',
        created_at: created,
        next_attempt_at: next,
        delivered_at: delivered,
      })
      .execute();
  };
  await note('note-in', daysAgo(40), daysAgo(30, -MINUTE), null);
  await note('note-out', daysAgo(40), daysAgo(30, MINUTE), null);
  await note('note-gave-up-in', daysAgo(30, -MINUTE), null, null);
  await note('note-gave-up-out', daysAgo(30, MINUTE), null, null);
  await note('note-trying', daysAgo(400), null, daysAgo(-1));

  // Windows: one long past, one in the future.
  const windowRow = async (id: string, starts: Date) => {
    await db
      .insertInto('slot_windows')
      .values({
        id,
        state: 'NSW',
        starts_at: starts,
        ends_at: new Date(starts.getTime() + 2 * 60 * MINUTE),
        capacity: 2,
        created_at: ago(800 * DAY),
      })
      .execute();
  };
  const reservation = (
    id: string,
    window: string,
    status: 'held' | 'released' | 'consumed',
    created: Date,
    expires: Date,
    ended: Date | null,
  ) =>
    db
      .insertInto('reservations')
      .values({
        reservation_id: id,
        window_id: window,
        crew_id: crew.id,
        event_id: `event-${id}`,
        status,
        expires_at: expires,
        created_at: created,
        ended_at: ended,
        client_address: '203.0.113.9',
        hold_session: `session-${id}`,
        extended_at: null,
      })
      .execute();

  // Abandoned holds: 30 days after they expired or were released, when no order names them.
  await windowRow('NSW-past', daysAgo(700));
  await windowRow('NSW-future', daysAgo(-30));
  await reservation(
    'hold-in',
    'NSW-past',
    'held',
    daysAgo(30, 9 * MINUTE),
    daysAgo(30, -MINUTE),
    null,
  );
  await reservation(
    'hold-out',
    'NSW-past',
    'held',
    daysAgo(30, 11 * MINUTE),
    daysAgo(30, MINUTE),
    null,
  );
  await reservation(
    'hold-released-out',
    'NSW-past',
    'released',
    daysAgo(31),
    daysAgo(30, -MINUTE),
    daysAgo(31),
  );
  await reservation('hold-live', 'NSW-future', 'held', ago(MINUTE), daysAgo(0, -9 * MINUTE), null);

  // Orders.
  const orders: Record<string, string> = {};
  const order = async (
    name: string,
    o: {
      created: Date;
      status: 'confirmed' | 'cancelled';
      /** When the booked window starts. */
      window: Date;
      cancelled?: Date | null;
      ended?: Date | null;
    },
  ) => {
    const id = `order-${name}`;
    orders[name] = id;
    const rid = `res-${name}`;
    // A window of its own: a crew is booked once per window.
    const window = `NSW-${name}`;
    await windowRow(window, o.window);
    await reservation(
      rid,
      window,
      o.status === 'cancelled' ? 'released' : 'consumed',
      o.created,
      o.created,
      o.status === 'cancelled' ? (o.ended ?? o.cancelled ?? null) : null,
    );
    await db
      .insertInto('orders')
      .values({
        id,
        reservation_id: rid,
        building_code: building.code,
        plan_id: plan.id,
        router_id: router.id,
        add_ons: ['static-ip'],
        coupon_id: null,
        monthly_cents: 8900,
        activation_cents: 0,
        card_fee_cents: 150,
        email: 'pat@example.com',
        contact: JSON.stringify({ firstName: 'Pat', lastName: 'Lee', phone: '0412345678' }),
        status: o.status,
        created_at: o.created,
        install_facts: JSON.stringify({
          contact: { firstName: 'Pat' },
          billingContact: { firstName: 'Pat' },
          unit: '4',
          bookingAddress: { unit: '4' },
          address: { street: '1 Test St' },
          planId: plan.id,
          startDate: 1,
        }),
        acceptance: JSON.stringify({ schema: 1, acceptedAt: o.created.toISOString() }),
        client_address: '198.51.100.7',
        unit_key: '4',
        cancelled_at: o.cancelled ?? null,
      })
      .execute();
    await db
      .insertInto('billing_customers')
      .values({
        id: `cus-${name}`,
        order_id: id,
        first_name: 'Pat',
        last_name: 'Lee',
        email: 'pat@example.com',
        card_token: `tok-${name}`,
        created_at: o.created,
      })
      .execute();
    await db
      .insertInto('billing_subscriptions')
      .values({
        id: `sub-${name}`,
        customer_id: `cus-${name}`,
        order_id: id,
        plan_id: plan.id,
        router_id: router.id,
        add_ons: ['static-ip'],
        coupon_id: null,
        monthly_cents: 8900,
        start_date: o.created,
        created_at: o.created,
      })
      .execute();
    await db
      .insertInto('bookings')
      .values({
        id: `book-${name}`,
        order_id: id,
        reservation_id: rid,
        event_id: `event-${rid}`,
        state: 'NSW',
        starts_at: o.window,
        ends_at: new Date(o.window.getTime() + 2 * 60 * MINUTE),
        task: JSON.stringify({
          customer_first_name: 'Pat',
          customer_last_name: 'Lee',
          customer_email: 'pat@example.com',
          customer_mobile_number: '+61412345678',
          customer_address_line_1: '4',
          customer_address_line_2: '1 Test St',
          customer_city: 'Sydney',
          customer_state: 'NSW',
          customer_zipcode: '2000',
          customer_country: 'Australia',
          title: 'Installation - Pat Lee - 1 Test St',
          template_extra_fields: [{ name: 'Speed', value: '100' }],
        }),
        created_at: o.created,
      })
      .execute();
    await db
      .insertInto('operator_audit')
      .values({
        operator_email: 'staff@example.com',
        at: o.created,
        action: 'order_cancelled',
        subject_type: 'order',
        subject_id: id,
        before: JSON.stringify({ status: 'confirmed' }),
        after: JSON.stringify({ status: 'cancelled' }),
      })
      .execute();
  };
  // Client addresses on orders: 30 days after the order.
  await order('live-in', {
    created: daysAgo(30, -MINUTE),
    status: 'confirmed',
    window: daysAgo(-30),
  });
  await order('live-out', {
    created: daysAgo(30, MINUTE),
    status: 'confirmed',
    window: daysAgo(-30),
  });
  // Cancelled before the installation: 12 months after the cancel.
  await order('cancelled-in', {
    created: daysAgo(800),
    status: 'cancelled',
    window: monthsAgo(12, -10 * DAY),
    cancelled: monthsAgo(12, -MINUTE),
  });
  await order('cancelled-out', {
    created: daysAgo(800),
    status: 'cancelled',
    window: monthsAgo(12, -10 * DAY),
    cancelled: monthsAgo(12, MINUTE),
  });
  // Cancelled before migration 022: dated by the window given back.
  await order('cancelled-legacy', {
    created: daysAgo(800),
    status: 'cancelled',
    window: monthsAgo(12, -10 * DAY),
    cancelled: null,
    ended: monthsAgo(12, MINUTE),
  });
  // Cancelled after the installation (the window had started): a customer's record, kept.
  await order('cancelled-after-install', {
    created: daysAgo(800),
    status: 'cancelled',
    window: daysAgo(700),
    cancelled: daysAgo(600),
  });

  // Sign-in bounds under an address: 30 days after the last touch; a right password's mark 90.
  const bound = (email: string, address: string, lastFailure: Date | null, signedIn: Date | null) =>
    db
      .insertInto('sign_in_bounds')
      .values({
        email,
        address,
        failures: 1,
        next_at: null,
        last_failure_at: lastFailure,
        signed_in_at: signedIn,
      })
      .execute();
  await bound('', '192.0.2.1', daysAgo(30, -MINUTE), null);
  await bound('', '192.0.2.2', daysAgo(30, MINUTE), null);
  await bound('', '192.0.2.3', null, null);
  await bound('staff@example.com', '192.0.2.4', daysAgo(100), daysAgo(31));
  await bound('staff@example.com', '192.0.2.5', daysAgo(100), daysAgo(90, MINUTE));
  await bound('staff@example.com', '', daysAgo(400), null);

  // The funnel's per-tab marks: 2 days (docs/rules/funnel.md); the day's counts stay.
  const tabs = {
    in: '00000000-0000-4000-8000-000000000001',
    out: '00000000-0000-4000-8000-000000000002',
  };
  await db
    .insertInto('funnel_tabs')
    .values([
      { tab_id: tabs.in, step: 'address', created_at: daysAgo(2, -MINUTE) },
      { tab_id: tabs.out, step: 'address', created_at: daysAgo(2, MINUTE) },
    ])
    .execute();
  await db
    .insertInto('funnel_days')
    .values({ day: '2027-06-13', step: 'address', building_code: '', campaign_id: '', arrivals: 2 })
    .execute();
  // Saved sign-ups (finish later): deleted 7 days after their links expired, their links with them.
  const saved = async (id: string, expiresAt: Date) => {
    await db
      .insertInto('saved_signups')
      .values({
        id,
        email: `${id}@example.com`,
        first_name: 'Sam',
        snapshot: JSON.stringify({ version: 2, state: {} }),
        reservation_id: null,
        consent: JSON.stringify({ words: 'w', marketing: false, at: expiresAt.toISOString() }),
        created_at: daysAgo(30),
        expires_at: expiresAt,
      })
      .execute();
    await db
      .insertInto('signup_links')
      .values({
        token_hash: `hash-${id}`,
        signup_id: id,
        created_at: daysAgo(30),
        expires_at: expiresAt,
      })
      .execute();
  };
  await saved('saved-in', daysAgo(7, -MINUTE));
  await saved('saved-out', daysAgo(7, MINUTE));
  // Install answers kept under an Idempotency-Key: the order page's token, a day
  // (docs/decisions/025-order-reference.md).
  for (const [key, at] of [
    ['key-in', daysAgo(1, -MINUTE)],
    ['key-out', daysAgo(1, MINUTE)],
  ] as const) {
    await db
      .insertInto('idempotency_keys')
      .values({
        key,
        request_hash: 'h',
        status_code: 201,
        response: JSON.stringify({
          success: true,
          order_id: orders['live-in']!,
          order_page: `/order/token-of-${key}`,
        }),
        created_at: at,
      })
      .execute();
  }
  return { orders };
}

const ids = async (database: Database, table: 'leads' | 'webhook_events', column = 'id') =>
  (
    await sql<{
      id: string;
    }>`SELECT ${sql.ref(column)} AS id FROM ${sql.table(table)} ORDER BY 1`.execute(database.db)
  ).rows.map((r) => r.id);

const orderRow = (database: Database, id: string) =>
  database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe.each(engines())('the retention sweep on %s', (engine) => {
  let t: TestApp;
  let seeded: Seeded;
  beforeEach(async () => {
    t = await startTestApp(engine);
    seeded = await seed(t.database);
  });
  afterEach(async () => {
    await t.close();
  });

  it('removes exactly what is past each limit, and keeps the rest', async () => {
    const amounts = (
      await t.database.db.selectFrom('orders').selectAll().orderBy('id').execute()
    ).map((o) => [
      o.id,
      o.monthly_cents,
      o.activation_cents,
      o.card_fee_cents,
      o.created_at,
      o.cancelled_at,
      o.plan_id,
      o.acceptance,
    ]);
    const subscriptions = await t.database.db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .orderBy('id')
      .execute();
    const bookingDates = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'starts_at', 'ends_at', 'created_at'])
      .orderBy('id')
      .execute();
    const audit = await t.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .orderBy('id')
      .execute();

    const counts = await applyRetention(t.database, defaults, now);
    expect(counts).toEqual(expected);

    const { db } = t.database;
    expect(await ids(t.database, 'leads')).toEqual(['lead-in']);
    expect(
      (await db.selectFrom('lead_fingerprints').select('fingerprint').execute()).map(
        (r) => r.fingerprint,
      ),
    ).toEqual(['fp-lead-in']);
    expect(
      (await db.selectFrom('funnel_tabs').select('tab_id').execute()).map((r) => r.tab_id),
    ).toEqual(['00000000-0000-4000-8000-000000000001']);
    expect(await db.selectFrom('funnel_days').select('arrivals').execute()).toEqual([
      { arrivals: 2 },
    ]);

    const mails = await db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
    const cleared = mails.filter((m) => m.recipient === '').map((m) => m.id);
    expect(cleared).toEqual(['mail-gave-up-out', 'mail-out']);
    for (const m of mails.filter((m) => m.recipient === '')) {
      expect([m.subject, m.text_body, m.html_body, m.attachments]).toEqual(['', '', '', []]);
      expect(m.created_at).toBeInstanceOf(Date);
    }
    for (const m of mails.filter((m) => m.recipient !== '')) {
      expect([m.subject, m.text_body]).toEqual(['Your order', 'Dear Pat']);
    }

    expect(await ids(t.database, 'webhook_events')).toEqual([
      'note-gave-up-in',
      'note-in',
      'note-trying',
    ]);

    const holds = await db
      .selectFrom('reservations')
      .select(['reservation_id', 'client_address', 'hold_session'])
      .orderBy('reservation_id')
      .execute();
    expect(holds.map((h) => h.reservation_id)).toEqual([
      'hold-in',
      'hold-live',
      'res-cancelled-after-install',
      'res-cancelled-in',
      'res-cancelled-legacy',
      'res-cancelled-out',
      'res-live-in',
      'res-live-out',
    ]);
    expect(holds.filter((h) => h.client_address !== null).map((h) => h.reservation_id)).toEqual([
      'hold-live',
      'res-live-in',
    ]);
    expect(holds.filter((h) => h.hold_session !== null).map((h) => h.reservation_id)).toEqual([
      'hold-live',
      'res-live-in',
    ]);

    const bounds = await db
      .selectFrom('sign_in_bounds')
      .select(['email', 'address'])
      .orderBy('address')
      .orderBy('email')
      .execute();
    expect(bounds).toEqual([
      { email: 'staff@example.com', address: '' },
      { email: '', address: '192.0.2.1' },
      { email: 'staff@example.com', address: '192.0.2.4' },
    ]);

    // Orders: the live ones untouched but for the address of the one placed over 30 days ago.
    const liveIn = await orderRow(t.database, seeded.orders['live-in']!);
    expect([liveIn.client_address, liveIn.email, liveIn.anonymised_at]).toEqual([
      '198.51.100.7',
      'pat@example.com',
      null,
    ]);
    const liveOut = await orderRow(t.database, seeded.orders['live-out']!);
    expect([liveOut.client_address, liveOut.email, liveOut.contact]).toEqual([
      null,
      'pat@example.com',
      { firstName: 'Pat', lastName: 'Lee', phone: '0412345678' },
    ]);
    expect(liveOut.install_facts).toMatchObject({ contact: { firstName: 'Pat' }, unit: '4' });

    for (const name of ['cancelled-in', 'cancelled-after-install']) {
      const kept = await orderRow(t.database, seeded.orders[name]!);
      expect([kept.email, kept.anonymised_at, kept.contact]).toEqual([
        'pat@example.com',
        null,
        { firstName: 'Pat', lastName: 'Lee', phone: '0412345678' },
      ]);
    }
    for (const name of ['cancelled-out', 'cancelled-legacy']) {
      const id = seeded.orders[name]!;
      const gone = await orderRow(t.database, id);
      expect([gone.email, gone.contact, gone.client_address, gone.anonymised_at]).toEqual([
        '',
        {},
        null,
        now,
      ]);
      expect(gone.install_facts).toEqual({ planId: expect.any(String), startDate: 1 });
      expect(gone.unit_key).toBeNull();
      const customer = await db
        .selectFrom('billing_customers')
        .selectAll()
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow();
      expect([customer.first_name, customer.last_name, customer.email]).toEqual(['', '', '']);
      const booking = await db
        .selectFrom('bookings')
        .select('task')
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(booking.task).toEqual({
        customer_country: 'Australia',
        template_extra_fields: [{ name: 'Speed', value: '100' }],
      });
    }
    const customers = await db
      .selectFrom('billing_customers')
      .select(['id', 'first_name'])
      .orderBy('id')
      .execute();
    expect(customers.filter((c) => c.first_name === 'Pat').map((c) => c.id)).toEqual([
      'cus-cancelled-after-install',
      'cus-cancelled-in',
      'cus-live-in',
      'cus-live-out',
    ]);

    // Never erased: amounts and dates, subscriptions, bookings' dates, the audit.
    expect(
      (await db.selectFrom('orders').selectAll().orderBy('id').execute()).map((o) => [
        o.id,
        o.monthly_cents,
        o.activation_cents,
        o.card_fee_cents,
        o.created_at,
        o.cancelled_at,
        o.plan_id,
        o.acceptance,
      ]),
    ).toEqual(amounts);
    expect(
      await db.selectFrom('billing_subscriptions').selectAll().orderBy('id').execute(),
    ).toEqual(subscriptions);
    expect(
      await db
        .selectFrom('bookings')
        .select(['id', 'starts_at', 'ends_at', 'created_at'])
        .orderBy('id')
        .execute(),
    ).toEqual(bookingDates);
    expect(await db.selectFrom('operator_audit').selectAll().orderBy('id').execute()).toEqual(
      audit,
    );

    expect((await db.selectFrom('saved_signups').select('id').execute()).map((r) => r.id)).toEqual([
      'saved-in',
    ]);
    expect(
      (await db.selectFrom('signup_links').select('signup_id').execute()).map((r) => r.signup_id),
    ).toEqual(['saved-in']);

    // The install answer kept over a day no longer holds the order page's token; the rest stays.
    const kept = Object.fromEntries(
      (await db.selectFrom('idempotency_keys').select(['key', 'response']).execute()).map((r) => [
        r.key,
        r.response,
      ]),
    );
    expect(kept['key-out']).toEqual({
      success: true,
      order_id: seeded.orders['live-in'],
      order_page: null,
    });
    expect(JSON.stringify(kept['key-out'])).not.toContain('token-of-key-out');
    expect(kept['key-in']).toMatchObject({ order_page: '/order/token-of-key-in' });

    // A second sweep at the same time finds nothing more.
    expect(Object.values((await applyRetention(t.database, defaults, now))!)).toEqual(
      Object.values(expected).map(() => 0),
    );
  });

  it('counts what it removed in fibre_retention_removed_total, by kind', async () => {
    const log = { info: () => undefined };
    await runRetention(t.database, defaults, t.app.metrics, log, now);
    await runRetention(t.database, defaults, t.app.metrics, log, now);
    const text = await t.app.metrics.text();
    for (const [kind, count] of Object.entries(expected)) {
      expect(sample(text, 'fibre_retention_removed_total', { kind }), kind).toBe(count);
    }
  });

  it('runs once when started; its timer keeps no process alive', async () => {
    const said: { message: string; details: object }[] = [];
    const log = {
      info: (details: object, message: string) => said.push({ details, message }),
      warn: (details: object, message: string) => said.push({ details, message }),
    };
    const timer = sweepRetention(t.config, t.database, t.app.metrics, log, () => now);
    try {
      expect(timer.hasRef()).toBe(false);
      await eventually(() => said.length > 0);
      expect(said).toEqual([{ message: 'retention sweep done', details: { removed: expected } }]);
      expect(await ids(t.database, 'leads')).toEqual(['lead-in']);
    } finally {
      clearInterval(timer);
    }
  });

  it('follows the limits configured in the environment', async () => {
    const { retention } = testConfig({
      RETAIN_LEADS_MONTHS: '12',
      RETAIN_MAIL_DAYS: '200',
      RETAIN_NOTIFICATIONS_DAYS: '10',
      RETAIN_CLIENT_ADDRESSES_DAYS: '60',
      RETAIN_ABANDONED_HOLDS_DAYS: '60',
      RETAIN_CANCELLED_ORDERS_MONTHS: '36',
      RETAIN_FUNNEL_TABS_DAYS: '3',
      RETAIN_SAVED_SIGNUPS_DAYS: '6',
    });
    const counts = await applyRetention(t.database, retention, now);
    expect(counts).toEqual({
      leads: 2,
      lead_fingerprints: 2,
      mail_bodies: 0,
      notifications: 4,
      abandoned_holds: 0,
      order_client_addresses: 4,
      hold_client_addresses: 4,
      sign_in_addresses: 2,
      cancelled_orders: 0,
      funnel_tabs: 0,
      // 6 days: both saved sign-ups' links expired more than 6 days ago
      saved_signups: 2,
      // a day, whatever the environment says (decision 025)
      kept_order_pages: 1,
    });
    expect(await ids(t.database, 'leads')).toEqual([]);
    expect((await orderRow(t.database, seeded.orders['live-out']!)).client_address).toBe(
      '198.51.100.7',
    );
  });
});

describe('the retention limits', () => {
  it('default to the decision record’s, and refuse what is not a whole number of days or months', () => {
    expect(defaults).toEqual({
      leadsMonths: 24,
      mailDays: 90,
      notificationsDays: 30,
      clientAddressesDays: 30,
      abandonedHoldsDays: 30,
      cancelledOrdersMonths: 12,
      funnelTabsDays: 2,
      savedSignupsDays: 7,
    });
    expect(testConfig().retentionEveryMs).toBe(60 * MINUTE);
    expect(() => testConfig({ RETAIN_LEADS_MONTHS: '0' })).toThrow('RETAIN_LEADS_MONTHS');
    expect(() => testConfig({ RETAIN_MAIL_DAYS: 'ninety' })).toThrow('RETAIN_MAIL_DAYS');
  });

  it('count months on the calendar, the day kept within the month', () => {
    expect(monthsBefore(new Date('2027-03-31T05:00:00Z'), 1)).toEqual(
      new Date('2027-02-28T05:00:00Z'),
    );
    expect(monthsBefore(new Date('2027-06-15T12:00:00Z'), 24)).toEqual(
      new Date('2025-06-15T12:00:00Z'),
    );
  });
});

// Several instances on one PostgreSQL (docs/decisions/023-retention.md, "One sweep at a time").
describe.runIf(!!process.env.TEST_DATABASE_URL)('two instances sweeping one PostgreSQL', () => {
  const schema = `t_ret_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp('postgres', {}, { schema });
    b = await startTestApp('postgres', {}, { schema });
    await seed(a.database);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('skips a sweep while another holds the lock, and never counts a row twice', async () => {
    // An instance mid-sweep: its transaction holds the lock until it ends.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const taken = new Promise<void>((resolve) => (locked = resolve));
    const other = a.database.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${sql.lit(RETENTION_LOCK)})`.execute(trx);
      locked();
      await held;
    });
    await taken;
    expect(await applyRetention(b.database, defaults, now)).toBeNull();
    expect(await ids(b.database, 'leads')).toEqual(['lead-in', 'lead-out']);
    release();
    await other;

    const results = await Promise.all([
      applyRetention(a.database, defaults, now),
      applyRetention(b.database, defaults, now),
    ]);
    const ran = results.filter((r) => r !== null);
    expect(ran.length).toBeGreaterThan(0);
    const total = Object.fromEntries(
      Object.keys(expected).map((kind) => [
        kind,
        ran.reduce((sum, r) => sum + r[kind as keyof RetentionCounts], 0),
      ]),
    );
    expect(total).toEqual(expected);
  });
});
