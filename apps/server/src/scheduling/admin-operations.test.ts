import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSlot } from '@fibre/domain/api';
import { sql } from 'kysely';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { demoBuildings } from '../test-support/demo-catalogue.ts';
import { freeSlots, prepareOrder } from '../test-support/order.ts';
import { hashPassword } from '../operators/passwords.ts';
import { auditOf, insertOperator } from '../operators/repository/operators.ts';
import { couponInWords } from '../offers/admin-routes.ts';

// docs/rules/operators.md#operations: schedule, holds, leads' contacted mark, offers.

const PASSWORD = 'a long enough password';

interface Session {
  cookie: string;
  csrfToken: string;
}

interface Slot {
  start: string;
  end: string;
  status: 'booked' | 'held' | 'free';
  orderId: string | null;
  reservationId: string | null;
  expiresAt: string | null;
}

describe.each(engines())('the console operations on %s', (engine) => {
  let t: TestApp;
  let manager: Session;
  let viewer: Session;
  const building = demoBuildings.find((b) => b.code === 'G1A2B3')!;
  const state = building.state;

  async function signIn(email: string): Promise<Session> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const set = res.cookies.find((c) => c.name === 'fibre_operator')!;
    return { cookie: `fibre_operator=${set.value}`, csrfToken: res.json().csrfToken };
  }

  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
    const hash = await hashPassword(PASSWORD);
    for (const role of ['manager', 'viewer'] as const) {
      await insertOperator(t.database.db, {
        id: role,
        email: `${role}@example.com`,
        role,
        password_hash: hash,
        created_at: t.clock.now,
      });
    }
    manager = await signIn('manager@example.com');
    viewer = await signIn('viewer@example.com');
  });
  afterAll(() => t.close());

  const get = (url: string, session = viewer) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
  const change = (method: 'POST' | 'DELETE', url: string, session = manager) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
    });

  /** Holds a slot through the public hold API, as the wizard does: its reservation id. */
  async function hold(slot: BookingSlot): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/reservations',
      payload: { booking_id: slot.booking_id, start: slot.start, end: slot.end },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().reservation_id;
  }

  /** The crew a hold was given: the window's first free crew, not always the slot's. */
  const crewOf = async (reservationId: string) =>
    (
      await t.database.db
        .selectFrom('reservations')
        .select('crew_id')
        .where('reservation_id', '=', reservationId)
        .executeTakeFirstOrThrow()
    ).crew_id;
  /** The window's day in its state's zone: its id is the state and the local start. */
  const dayOf = (slot: BookingSlot) => slot.booking_id.slice(state.length + 1, state.length + 11);

  async function scheduleSlot(slot: BookingSlot, crewId: string): Promise<Slot> {
    const res = await get(`/admin/api/schedule?state=${state}&date=${dayOf(slot)}`);
    expect(res.statusCode, res.body).toBe(200);
    const crew = (res.json().crews as Array<{ id: string; slots: Slot[] }>).find(
      (c) => c.id === crewId,
    );
    expect(crew, `crew ${crewId}`).toBeDefined();
    const found = crew!.slots.find(
      (s) => new Date(s.start).getTime() === new Date(slot.start).getTime(),
    );
    expect(found).toBeDefined();
    expect(new Date(found!.end).getTime()).toBe(new Date(slot.end).getTime());
    return found!;
  }

  const holdIds = async () =>
    ((await get('/admin/api/holds')).json().items as Array<{ reservationId: string }>).map(
      (h) => h.reservationId,
    );

  it("shows a day's crews, each with its windows in time order, all free before anyone holds", async () => {
    const [slot] = await freeSlots(t.app, state, t.clock.now);
    const res = await get(`/admin/api/schedule?state=${state}&date=${dayOf(slot!)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ state, date: dayOf(slot!), zone: 'Australia/Sydney' });
    expect(body.crews.length).toBeGreaterThan(0);
    for (const crew of body.crews as Array<{ name: string; slots: Slot[] }>) {
      expect(crew.name).toMatch(/\w/);
      const starts = crew.slots.map((s) => new Date(s.start).getTime());
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(crew.slots.every((s) => s.status === 'free' && s.reservationId === null)).toBe(true);
    }
    // The wizard's windows of that day are the schedule's.
    const wizardStarts = new Set(
      (await freeSlots(t.app, state, t.clock.now))
        .filter((s) => dayOf(s) === dayOf(slot!))
        .map((s) => new Date(s.start).getTime()),
    );
    const scheduleStarts = new Set(
      (body.crews as Array<{ slots: Slot[] }>).flatMap((c) =>
        c.slots.map((s) => new Date(s.start).getTime()),
      ),
    );
    expect(scheduleStarts).toEqual(wizardStarts);
  });

  it('shows a hold in /holds and as held in the schedule; after install, booked with the order', async () => {
    const { body, slot } = await prepareOrder(t.app, { slotIndex: 0 }, t.clock.now);
    const reservationId = body.reservation_id;
    const crewId = await crewOf(reservationId);
    const holds = (await get('/admin/api/holds')).json().items;
    const listed = holds.find((h: { reservationId: string }) => h.reservationId === reservationId);
    expect(listed).toMatchObject({
      state,
      crew: { id: crewId },
      created: t.clock.now.toISOString(),
      expiresAt: new Date(t.clock.now.getTime() + t.config.holdSeconds * 1000).toISOString(),
    });
    expect(new Date(listed.window.start).getTime()).toBe(new Date(slot.start).getTime());
    expect(listed.crew.name).toMatch(/\w/);
    expect(await scheduleSlot(slot, crewId)).toEqual(
      expect.objectContaining({
        status: 'held',
        reservationId,
        orderId: null,
        expiresAt: listed.expiresAt,
      }),
    );

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await scheduleSlot(slot, crewId)).toEqual(
      expect.objectContaining({
        status: 'booked',
        reservationId,
        orderId: placed.json().order_id,
        expiresAt: null,
      }),
    );
    expect(await holdIds()).not.toContain(reservationId);
  });

  it('lists live holds soonest expiry first, and never an expired one', async () => {
    const slots = await freeSlots(t.app, state, t.clock.now);
    const first = await hold(slots[0]!);
    t.clock.advance(1000);
    const second = await hold(slots[1]!);
    const ids = await holdIds();
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(ids.indexOf(first)).toBeGreaterThanOrEqual(0);
    // The first has expired, the second not yet.
    t.clock.advance(t.config.holdSeconds * 1000 - 500);
    // The clock moved on: signed in again, so the sessions' idle limit plays no part.
    viewer = await signIn('viewer@example.com');
    manager = await signIn('manager@example.com');
    expect(await holdIds()).not.toContain(first);
    expect(await holdIds()).toContain(second);
    // An expired hold is no live hold: nothing to release.
    expect((await change('DELETE', `/admin/api/holds/${first}`)).statusCode).toBe(404);
    t.clock.advance(1000);
    expect(await holdIds()).not.toContain(second);
  });

  it('releases a hold: the window is free in the schedule and offered again by the wizard; audited', async () => {
    const slot = (await freeSlots(t.app, state, t.clock.now))[2]!;
    const reservationId = await hold(slot);
    const crewId = await crewOf(reservationId);
    const offered = async () =>
      (await freeSlots(t.app, state, t.clock.now))
        .map((s) => s.id)
        .includes(`${slot.booking_id}~${crewId}`);
    expect(await offered()).toBe(false);

    // A viewer may not release it.
    const refused = await change('DELETE', `/admin/api/holds/${reservationId}`, viewer);
    expect(refused.statusCode).toBe(403);
    expect(await holdIds()).toContain(reservationId);

    const res = await change('DELETE', `/admin/api/holds/${reservationId}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await holdIds()).not.toContain(reservationId);
    expect(await scheduleSlot(slot, crewId)).toEqual(
      expect.objectContaining({ status: 'free', reservationId: null, expiresAt: null }),
    );
    expect(await offered()).toBe(true);

    const audit = await auditOf(t.database.db, 'reservation', reservationId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operator_email: 'manager@example.com',
      action: 'hold_released',
      before: expect.objectContaining({ status: 'held', crewId }),
      after: expect.objectContaining({ status: 'released', crewId }),
    });

    // Released already: 404, and no second audit record.
    const again = await change('DELETE', `/admin/api/holds/${reservationId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'not_found', message: 'No live hold has this id' });
    expect(await auditOf(t.database.db, 'reservation', reservationId)).toHaveLength(1);
  });

  it('answers 404 for an unknown hold, and for a booked one', async () => {
    expect((await change('DELETE', '/admin/api/holds/no-such-hold')).statusCode).toBe(404);
    const booked = await t.database.db
      .selectFrom('reservations')
      .select('reservation_id')
      .where('status', '=', 'consumed')
      .executeTakeFirstOrThrow();
    const res = await change('DELETE', `/admin/api/holds/${booked.reservation_id}`);
    expect(res.statusCode).toBe(404);
    const still = await t.database.db
      .selectFrom('reservations')
      .select('status')
      .where('reservation_id', '=', booked.reservation_id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('consumed');
  });

  it('refuses a bad state or date with 400 naming the field', async () => {
    for (const [query, field] of [
      ['state=XX&date=2026-12-03', 'state'],
      ['date=2026-12-03', 'state'],
      [`state=${state}&date=2026-13-01`, 'date'],
      [`state=${state}&date=2026-02-30`, 'date'],
      [`state=${state}&date=3%20December`, 'date'],
      [`state=${state}`, 'date'],
    ]) {
      const res = await get(`/admin/api/schedule?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('invalid_input');
      expect(Object.keys(res.json().fields), query).toContain(field);
    }
  });

  it('shows past days too', async () => {
    const res = await get(`/admin/api/schedule?state=${state}&date=2020-06-01`);
    expect(res.statusCode).toBe(200);
    // 1 June 2020 was a Monday: crews that work Mondays have their windows.
    expect(res.json().crews.length).toBeGreaterThan(0);
  });

  describe("a lead's contacted mark", () => {
    beforeAll(async () => {
      await t.database.db
        .insertInto('leads')
        .values({
          id: 'lead-1',
          first_name: 'Sam',
          last_name: 'Lee',
          email: 'sam@example.com',
          phone: null,
          formatted_address: '1 Example Street, Sydney NSW 2000',
          message: null,
          created_at: t.clock.now,
        })
        .execute();
    });

    const listed = async () =>
      ((await get('/admin/api/leads')).json().items as Array<Record<string, unknown>>).find(
        (l) => l.id === 'lead-1',
      );

    it('is set by a manager, shown in the list and the CSV, undone, and audited', async () => {
      expect(await listed()).toMatchObject({ contactedAt: null, contactedBy: null });
      const marked = await change('POST', '/admin/api/leads/lead-1/contacted');
      expect(marked.statusCode, marked.body).toBe(200);
      const at = t.clock.now.toISOString();
      expect(marked.json()).toMatchObject({
        id: 'lead-1',
        email: 'sam@example.com',
        contactedAt: at,
        contactedBy: 'manager@example.com',
      });
      expect(await listed()).toMatchObject({ contactedAt: at, contactedBy: 'manager@example.com' });
      const csv = (await get('/admin/api/leads.csv')).body;
      expect(csv).toMatch(new RegExp(`^lead-1,.*,${at.replace(/\./g, '\\.')}\r$`, 'm'));

      t.clock.advance(1000);
      const undone = await change('DELETE', '/admin/api/leads/lead-1/contacted');
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json()).toMatchObject({ id: 'lead-1', contactedAt: null, contactedBy: null });
      expect(await listed()).toMatchObject({ contactedAt: null, contactedBy: null });
      expect((await get('/admin/api/leads.csv')).body).toMatch(/^lead-1,.*,\r$/m);

      const audit = await auditOf(t.database.db, 'lead', 'lead-1');
      expect(audit.map((a) => [a.action, a.operator_email, a.before, a.after])).toEqual([
        [
          'lead_contacted',
          'manager@example.com',
          { contactedAt: null, contactedBy: null },
          { contactedAt: at, contactedBy: 'manager@example.com' },
        ],
        [
          'lead_uncontacted',
          'manager@example.com',
          { contactedAt: at, contactedBy: 'manager@example.com' },
          { contactedAt: null, contactedBy: null },
        ],
      ]);
    });

    it('is refused to a viewer, and answers 404 for an unknown lead', async () => {
      const refused = await change('POST', '/admin/api/leads/lead-1/contacted', viewer);
      expect(refused.statusCode).toBe(403);
      expect(await listed()).toMatchObject({ contactedAt: null });
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await change(method, '/admin/api/leads/no-such-lead/contacted');
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'not_found', message: 'No lead has this id' });
      }
    });
  });

  describe('offers', () => {
    interface Offers {
      coupons: Array<{ id: string; description: string; retired: boolean; orders: number }>;
      campaigns: Array<{ id: string; couponCode: string; buildings: number; orders: number }>;
    }
    const offers = async (): Promise<Offers> => {
      const res = await get('/admin/api/offers');
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    it("lists the provider's coupons and campaigns, counting the orders that carry each", async () => {
      const before = await offers();
      expect(before.coupons.length).toBeGreaterThan(0);
      expect(before.campaigns.length).toBeGreaterThan(0);
      const coupon = () => before.coupons.find((c) => c.id === 'PNBF24')!;
      expect(coupon()).toMatchObject({ retired: false });

      const { body } = await prepareOrder(
        t.app,
        { code: 'G4D5E6', couponId: 'PNBF24', couponType: 1, slotIndex: 3 },
        t.clock.now,
      );
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/install',
        payload: body,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const orderId = placed.json().order_id as string;
      const after = await offers();
      expect(after.coupons.find((c) => c.id === 'PNBF24')!.orders).toBe(coupon().orders + 1);

      // An order carrying a campaign's coupon code counts for the campaign; a cancelled one does not.
      const campaign = before.campaigns[0]!;
      await t.database.db
        .updateTable('orders')
        .set({ coupon_id: campaign.couponCode })
        .where('id', '=', orderId)
        .execute();
      const carried = (await offers()).campaigns.find((c) => c.id === campaign.id)!;
      expect(carried.orders).toBe(campaign.orders + 1);
      // 'cancelled' comes with the cancel action's migration (another change of this issue):
      // until it lands, this test database's status check is dropped so an order can be one.
      await sql`ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_status_check`.execute(
        t.database.db,
      );
      await t.database.db
        .updateTable('orders')
        .set({ status: 'cancelled' })
        .where('id', '=', orderId)
        .execute();
      expect((await offers()).campaigns.find((c) => c.id === campaign.id)!.orders).toBe(
        campaign.orders,
      );
    });

    it("counts a campaign's buildings", async () => {
      const { campaigns } = await offers();
      const named = await t.database.db
        .selectFrom('buildings')
        .select('campaign_id')
        .where('campaign_id', 'is not', null)
        .where('retired_at', 'is', null)
        .execute();
      for (const campaign of campaigns) {
        expect(campaign.buildings, campaign.id).toBe(
          named.filter((b) => b.campaign_id === campaign.id).length,
        );
      }
      expect(campaigns.some((c) => c.buildings > 0)).toBe(true);
    });

    it('describes a coupon in dollars or percent off, for its period', () => {
      const base = { period: 3, period_unit: 'month', dollar_amount: null, percentage: null };
      expect(couponInWords({ ...base, dollar_amount: 1000 })).toBe('$10 off for 3 months');
      expect(couponInWords({ ...base, dollar_amount: 1000, percentage: 50 })).toBe(
        '$10 off for 3 months',
      );
      expect(couponInWords({ ...base, period: 1, percentage: 100 })).toBe('100% off for 1 month');
      expect(couponInWords({ ...base, percentage: 25 })).toBe('25% off for 3 months');
    });
  });
});
