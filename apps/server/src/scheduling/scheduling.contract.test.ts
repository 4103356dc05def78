import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schedulingClient, wednesday, type Slot } from './test-client.ts';
import { startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';
import {
  AUTH_KEY,
  AUTH_TOKEN,
  startArrivy,
  type ArrivyStandIn,
} from '../test-support/stand-ins/arrivy.ts';
import { arrivyEnv } from '../test-support/stand-ins/env.ts';

/**
 * The scheduling contract, written once and run through the API against both implementations:
 * the built-in crew calendar and Arrivy (against its local stand-in, empty of other bookings).
 * Then what only Arrivy has: the requests on the wire, and tasks booked in Arrivy by others.
 */

let arrivy: ArrivyStandIn;
beforeAll(async () => {
  arrivy = await startArrivy();
});
afterAll(() => arrivy.close());

interface Twin {
  name: string;
  env: () => Record<string, string>;
  /** The installer's task made for an order, as the installer would read it. */
  taskOf: (t: TestApp, orderId: string) => Promise<Record<string, unknown>>;
}

const twins: Twin[] = [
  {
    name: 'crew calendar',
    env: () => ({}),
    taskOf: async (t, orderId) => {
      const row = await t.database.db
        .selectFrom('bookings')
        .select('task')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      return row.task;
    },
  },
  {
    name: 'Arrivy',
    env: () => arrivyEnv(arrivy),
    taskOf: async (_t, orderId) => {
      const task = arrivy.tasks.find((x) => x.external_id === orderId);
      if (!task) throw new Error('no task in Arrivy');
      return { ...task, start_datetime: task.start_datetime_original_iso_str };
    },
  },
];

const SLOT_FIELDS = [
  'booking_id',
  'end',
  'end_datetime_original_iso_str',
  'event_id',
  'id',
  'start',
  'start_datetime_original_iso_str',
];

describe.each(twins)('scheduling contract: $name', (twin) => {
  let t: TestApp;
  let client: ReturnType<typeof schedulingClient>;
  beforeAll(async () => {
    t = await startTestApp(
      'pglite',
      { RESERVATION_HOLD_SECONDS: '600', ...twin.env() },
      {
        clock: true,
      },
    );
    client = schedulingClient(t);
  });
  afterAll(() => t.close());

  it('lists one slot per free crew per window, in the documented shape', async () => {
    client.at(wednesday);
    // Tuesday 20 October: Monday 5 October, the first weekday after DST, is NSW's Labour Day.
    const tuesday = await client.daySlots('2026-10-20');
    expect(tuesday).toHaveLength(8);
    for (const slot of tuesday) expect(Object.keys(slot).sort()).toEqual(SLOT_FIELDS);
    expect(tuesday[0]).toEqual({
      id: 'NSW-2026-10-20T08:00~crew-nsw-1',
      booking_id: 'NSW-2026-10-20T08:00',
      event_id: 'NSW-2026-10-20T08:00~crew-nsw-1',
      start: '2026-10-20T08:00:00+11:00',
      end: '2026-10-20T10:00:00+11:00',
      start_datetime_original_iso_str: '2026-10-20T08:00:00+11:00',
      end_datetime_original_iso_str: '2026-10-20T10:00:00+11:00',
    });
  });

  it('holds a window for RESERVATION_HOLD_SECONDS, then answers 409 reservation taken when full', async () => {
    client.at(wednesday);
    const first = await client.holdNsw('2026-10-07', 10);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      reservation_id: expect.any(String),
      event_id: 'NSW-2026-10-07T10:00~crew-nsw-1',
      expires_at: new Date(wednesday.getTime() + 600_000).toISOString(),
    });
    expect((await client.holdNsw('2026-10-07', 10)).statusCode).toBe(201);
    const full = await client.holdNsw('2026-10-07', 10);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: 'reservation_taken', message: 'reservation taken' });
  });

  it('releases a hold, harmlessly twice, and frees its place', async () => {
    client.at(wednesday);
    const held = (await client.holdNsw('2026-10-08', 12)).json() as { reservation_id: string };
    await client.holdNsw('2026-10-08', 12);
    expect((await client.release(held.reservation_id)).statusCode).toBe(204);
    expect((await client.release(held.reservation_id)).statusCode).toBe(204);
    expect((await client.release('no-such-hold')).statusCode).toBe(404);
    const window = (await client.daySlots('2026-10-08')).filter(
      (s: Slot) => s.booking_id === 'NSW-2026-10-08T12:00',
    );
    expect(window).toHaveLength(1);
  });

  it('makes the installer task with the scheduling record and the extra named fields', async () => {
    client.at(new Date());
    const { body, slot } = await prepareOrder(t.app, {}, t.clock.now);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
      headers: { 'idempotency-key': `task-${body.reservation_id}` },
    });
    expect(res.statusCode).toBe(201);
    const task = await twin.taskOf(t, res.json().order_id);
    expect(task).toMatchObject({
      customer_first_name: 'Jane',
      customer_last_name: 'Citizen',
      customer_email: 'jane@example.com',
      customer_mobile_number: '+61412345678',
      customer_address_line_1: '12',
      customer_address_line_2: '100 Harris Street',
      customer_city: 'Pyrmont',
      customer_state: 'NSW',
      customer_zipcode: '2009',
      customer_country: 'Australia',
      title: body.arrivy_booking.title,
      start_datetime: slot.start,
    });
    const fields = (task.template_extra_fields as Array<{ name: string; value: string }>).map(
      (f) => [f.name, f.value],
    );
    expect(fields).toEqual(body.arrivy_booking.template_extra_fields.map((f) => [f.name, f.value]));
    expect(fields).toContainEqual(['Building Code', 'G1A2B3']);
  });
});

describe('Arrivy scheduling on the wire', () => {
  let t: TestApp;
  let client: ReturnType<typeof schedulingClient>;
  beforeAll(async () => {
    t = await startTestApp('pglite', arrivyEnv(arrivy), { clock: true });
    client = schedulingClient(t);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    arrivy.requests.length = 0;
    arrivy.faults.clear();
  });
  const window = (slots: Slot[], id: string) => slots.filter((s) => s.booking_id === id);

  it('reads the tasks of the range with its auth headers and documented date-times', async () => {
    client.at(wednesday);
    await client.daySlots('2026-10-12');
    expect(arrivy.requests).toHaveLength(1);
    const [req] = arrivy.requests;
    expect(req!.method).toBe('GET');
    expect(req!.path).toBe('/api/tasks');
    expect(req!.headers['x-auth-key']).toBe(AUTH_KEY);
    expect(req!.headers['x-auth-token']).toBe(AUTH_TOKEN);
    // From a day before the range (a long task may overlap), in YYYY-MM-DDTHH:mm:ssZZ.
    expect(Object.fromEntries(req!.query)).toEqual({
      from: '2026-10-10T13:00:00+00:00',
      to: '2026-10-12T12:00:00+00:00',
      page: '1',
      items_per_page: '500',
    });
  });

  it('gives a place to every task booked in Arrivy by others, and 409 when they fill the window', async () => {
    client.at(wednesday);
    const id = 'NSW-2026-10-13T08:00';
    arrivy.book({
      start: '2026-10-13T08:30:00+11:00',
      end: '2026-10-13T09:30:00+11:00',
      state: 'New South Wales',
    });
    expect(window(await client.daySlots('2026-10-13'), id)).toHaveLength(1);
    // Another state, a cancelled task and an earlier, finished one take nothing here.
    arrivy.book({
      start: '2026-10-13T08:00:00+11:00',
      end: '2026-10-13T10:00:00+11:00',
      state: 'VIC',
    });
    arrivy.book({
      start: '2026-10-13T08:00:00+11:00',
      end: '2026-10-13T10:00:00+11:00',
      state: 'NSW',
      status: 'CANCELLED',
    });
    arrivy.book({
      start: '2026-10-13T06:00:00+11:00',
      end: '2026-10-13T08:00:00+11:00',
      state: 'NSW',
    });
    expect(window(await client.daySlots('2026-10-13'), id)).toHaveLength(1);
    expect((await client.holdNsw('2026-10-13', 8)).statusCode).toBe(201);
    const full = await client.holdNsw('2026-10-13', 8);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: 'reservation_taken', message: 'reservation taken' });
    expect(window(await client.daySlots('2026-10-13'), id)).toEqual([]);
  });

  it('counts its own tasks once: a booked order takes one place, not two', async () => {
    client.at(new Date());
    const { body, slot } = await prepareOrder(t.app, {}, t.clock.now);
    const day = slot.start.slice(0, 10);
    const offset = slot.start.slice(19);
    const before = window(await client.daySlots(day, offset), slot.booking_id).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body });
    expect(res.statusCode).toBe(201);
    expect(window(await client.daySlots(day, offset), slot.booking_id)).toHaveLength(before);
    const created = arrivy.requests.find((r) => r.path === '/api/tasks/new')!;
    expect(created.method).toBe('POST');
    expect(created.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(created.headers['x-auth-key']).toBe(AUTH_KEY);
    const a = body.arrivy_booking;
    expect(Object.fromEntries(created.form)).toEqual({
      title: a.title,
      start_datetime: a.start_datetime,
      end_datetime: a.end_datetime,
      customer_first_name: 'Jane',
      customer_last_name: 'Citizen',
      customer_email: a.customer_email,
      customer_mobile_number: a.customer_mobile_number,
      customer_address_line_1: a.customer_address_line_1,
      customer_address_line_2: a.customer_address_line_2,
      customer_city: a.customer_city,
      customer_state: a.customer_state,
      customer_zipcode: a.customer_zipcode,
      customer_country: 'Australia',
      template_extra_fields: JSON.stringify(
        a.template_extra_fields.map((f) => ({ name: f.name, type: 'TEXT', value: f.value })),
      ),
      external_id: res.json().order_id,
      source: 'fibre-signup',
      source_id: body.reservation_id,
    });
    // Before creating, it asked whether the order already had a task (a retry would).
    const lookup = arrivy.requests.find((r) => r.query.has('external_id'))!;
    expect(Object.fromEntries(lookup.query)).toEqual({ external_id: res.json().order_id });
  });

  it('answers 503 when Arrivy cannot be reached or refuses the keys, and holds nothing', async () => {
    client.at(wednesday);
    arrivy.faults.fail('GET', /^\/api\/tasks$/, { status: 500, body: { description: 'down' } });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/demo/bookings/NSW?${new URLSearchParams({ from: '2026-10-14T00:00:00+11:00', to: '2026-10-14T23:00:00+11:00' })}`,
    });
    expect(list.statusCode).toBe(503);
    expect(list.json()).toEqual({
      error: 'scheduling_unavailable',
      message: 'Installation times cannot be checked right now. Please try again in a few minutes.',
    });
    arrivy.faults.clear();
    arrivy.faults.fail('GET', /^\/api\/tasks$/, 'drop');
    expect((await client.holdNsw('2026-10-14', 8)).statusCode).toBe(503);
    arrivy.faults.clear();
    expect(window(await client.daySlots('2026-10-14'), 'NSW-2026-10-14T08:00')).toHaveLength(2);
  });
});
