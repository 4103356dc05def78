import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import {
  AUTH_KEY,
  AUTH_TOKEN,
  startArrivy,
  type ArrivyStandIn,
} from '../test-support/stand-ins/arrivy.ts';
import { arrivyEnv } from '../test-support/stand-ins/env.ts';
import { arrivyScheduler } from './arrivy.ts';
import type { ExternalCalendar } from './calendar.ts';

/**
 * Moving an order's installer task in Arrivy (docs/rules/order-page.md#reschedule): its new times
 * with PUT /api/tasks/{id} (start_datetime, end_datetime, form-encoded), on each of the order's
 * live tasks; a cancelled task is left alone, and an order without a task needs no call.
 */
describe('Arrivy: the installer task’s new times', () => {
  let arrivy: ArrivyStandIn;
  let calendar: ExternalCalendar;
  const to = {
    reservationId: 'r-new',
    eventId: 'e-new',
    startsAt: new Date('2026-12-03T21:00:00.000Z'),
    endsAt: new Date('2026-12-03T23:00:00.000Z'),
  };
  beforeAll(async () => {
    arrivy = await startArrivy();
    const env = arrivyEnv(arrivy);
    const settings = {
      authKey: env.ARRIVY_AUTH_KEY,
      authToken: env.ARRIVY_AUTH_TOKEN,
      apiBase: env.ARRIVY_API_BASE,
    };
    // Only the calendar is used: the database is never reached.
    const ctx = { newId: () => 'unused' } as unknown as AppContext;
    calendar = arrivyScheduler(ctx, settings).calendar as ExternalCalendar;
  });
  afterAll(() => arrivy.close());
  beforeEach(() => {
    arrivy.requests.length = 0;
    arrivy.faults.clear();
  });
  const calls = () => arrivy.requests.map((r) => `${r.method} ${r.path}`);

  it('puts the new start and end on the order’s task', async () => {
    arrivy.tasks.push({
      id: 52,
      external_id: 'order-1',
      status: 'NOTSTARTED',
      start_datetime_original_iso_str: '2026-12-01T08:00:00+11:00',
    });
    await calendar.rescheduleTask('order-1', to);
    expect(calls()).toEqual(['GET /api/tasks', 'PUT /api/tasks/52']);
    const put = arrivy.requests[1]!;
    expect(put.headers['x-auth-key']).toBe(AUTH_KEY);
    expect(put.headers['x-auth-token']).toBe(AUTH_TOKEN);
    expect(put.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(put.form)).toEqual({
      start_datetime: '2026-12-03T21:00:00+00:00',
      end_datetime: '2026-12-03T23:00:00+00:00',
    });
    const task = arrivy.tasks.find((x) => x.id === 52)!;
    expect(task).toMatchObject({
      start_datetime: '2026-12-03T21:00:00',
      end_datetime: '2026-12-03T23:00:00',
    });
    expect(Date.parse(String(task.start_datetime_original_iso_str))).toBe(to.startsAt.getTime());
  });

  it('leaves a cancelled task alone and has nothing to do without a task', async () => {
    arrivy.tasks.push({ id: 53, external_id: 'order-2', status: 'CANCELLED' });
    await calendar.rescheduleTask('order-2', to);
    await calendar.rescheduleTask('order-without-task', to);
    expect(calls()).toEqual(['GET /api/tasks', 'GET /api/tasks']);
  });

  it('throws when Arrivy refuses the update or cannot be reached', async () => {
    arrivy.tasks.push({ id: 54, external_id: 'order-3', status: 'NOTSTARTED' });
    arrivy.faults.fail(
      'PUT',
      /^\/api\/tasks\/54$/,
      { status: 500, body: { description: 'down' } },
      1,
    );
    await expect(calendar.rescheduleTask('order-3', to)).rejects.toThrow(
      'Arrivy answered 500: down',
    );
    arrivy.faults.fail('GET', /^\/api\/tasks$/, 'drop', 1);
    await expect(calendar.rescheduleTask('order-3', to)).rejects.toThrow(/Arrivy did not answer/);
  });

  it('the stand-in refuses a time that is not a date, as Arrivy does', async () => {
    arrivy.tasks.push({ id: 55, external_id: 'order-4', status: 'NOTSTARTED' });
    const res = await fetch(`${arrivy.origin}/api/tasks/55`, {
      method: 'PUT',
      headers: {
        'X-Auth-Key': AUTH_KEY,
        'X-Auth-Token': AUTH_TOKEN,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'start_datetime=tomorrow',
    });
    expect(res.status).toBe(400);
  });
});
