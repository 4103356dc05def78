import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/app.ts';

// Two server processes on one PostgreSQL (docs/rules/outside-parts.md): only the database can keep
// them honest.
describe.runIf(!!process.env.TEST_DATABASE_URL)('holds from two app instances', () => {
  const schema = `t_sched_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const now = new Date('2026-09-30T00:00:00Z');
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp('postgres', {}, { schema, clock: true });
    b = await startTestApp('postgres', {}, { schema, clock: true });
    a.clock.now = now;
    b.clock.now = now;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const hold = (t: TestApp, hour: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/reservations',
      payload: {
        booking_id: `NSW-2026-10-09T${hour}:00`,
        start: `2026-10-09T${hour}:00:00+11:00`,
        end: `2026-10-09T${Number(hour) + 2}:00:00+11:00`,
      },
    });

  it('never gives more places than the window has', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => hold(i % 2 === 0 ? a : b, '10')),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(38);
    const rows = await a.database.db
      .selectFrom('reservations')
      .select('crew_id')
      .where('window_id', '=', 'NSW-2026-10-09T10:00')
      .execute();
    expect(rows.map((r) => r.crew_id).sort()).toEqual(['crew-nsw-1', 'crew-nsw-2']);
  });

  it('sees the other instance’s holds in its listing', async () => {
    expect((await hold(a, '12')).statusCode).toBe(201);
    expect((await hold(b, '12')).statusCode).toBe(201);
    const res = await b.app.inject({
      method: 'GET',
      url: '/api/v1/demo/bookings/NSW?from=2026-10-09T12:00:00%2B11:00&to=2026-10-09T13:00:00%2B11:00',
    });
    expect(res.json()).toEqual({ booking_slots: [] });
  });

  // docs/decisions/022-kept-answers.md: an instance's kept answer is not kept past a
  // hold taken on another.
  it('lists the other instance’s new hold in a range it had already answered', async () => {
    const url =
      '/api/v1/demo/bookings/NSW?from=2026-10-09T14:00:00%2B11:00&to=2026-10-09T15:00:00%2B11:00';
    const listed = async () =>
      ((await a.app.inject({ method: 'GET', url })).json() as { booking_slots: unknown[] })
        .booking_slots.length;
    expect(await listed()).toBe(2);
    expect(await listed()).toBe(2);
    expect((await hold(b, '14')).statusCode).toBe(201);
    expect(await listed()).toBe(1);
  });
});
