import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { schedulingClient, wednesday } from './test-client.ts';

// Bad input is always a 4xx JSON answer naming the field (docs/rules/api.md), never a 5xx.
describe.each(engines())('scheduling input on %s', (engine) => {
  let t: TestApp;
  let client: ReturnType<typeof schedulingClient>;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
    client = schedulingClient(t);
    client.at(wednesday);
  });
  afterAll(() => t.close());

  const day = 'from=2026-10-05T00:00:00Z&to=2026-10-06T00:00:00Z';
  it.each<[string, number, object]>([
    [`/api/v1/other/bookings/NSW?${day}`, 404, {}],
    [`/api/v1/demo/bookings/XYZ?${day}`, 400, { state: 'Unknown state' }],
    ['/api/v1/demo/bookings/NSW?to=2026-10-06T00:00:00Z', 400, { from: expect.any(String) }],
    [
      '/api/v1/demo/bookings/NSW?from=2026-10-05T00:00:00&to=2026-10-06T00:00:00Z',
      400,
      { from: expect.stringContaining('offset') },
    ],
    [
      '/api/v1/demo/bookings/NSW?from=yesterday&to=2026-10-06T00:00:00Z',
      400,
      { from: expect.any(String) },
    ],
    [
      '/api/v1/demo/bookings/NSW?from=2026-10-06T00:00:00Z&to=2026-10-05T00:00:00Z',
      400,
      { to: 'Must be after from' },
    ],
    [
      '/api/v1/demo/bookings/NSW?from=2026-10-01T00:00:00Z&to=2027-02-01T00:00:00Z',
      400,
      { to: 'Must be at most 100 days after from' },
    ],
    [
      `/api/v1/demo/bookings/NSW?from=2026-10-02T00:00:00Z&${day}`,
      400,
      { from: expect.any(String) },
    ],
    // Not a real date, or too far from today (the clock is 2026-09-30): before, year 0 answered
    // 500 on PGlite and February 30 was read as March 2.
    ...[
      'from=0000-01-01T00:00:00%2B10:00&to=0000-01-03T00:00:00%2B10:00',
      'from=2027-02-30T00:00:00%2B11:00&to=2027-03-03T00:00:00%2B11:00',
      'from=2026-10-05T24:00:00%2B11:00&to=2026-10-07T00:00:00%2B11:00',
      'from=2026-13-01T00:00:00%2B11:00&to=2027-01-03T00:00:00%2B11:00',
      'from=2026-10-05T00:00:00%2B25:00&to=2026-10-07T00:00:00%2B11:00',
      'from=2026-07-01T00:00:00%2B10:00&to=2026-08-01T00:00:00%2B10:00',
      'from=2028-01-01T00:00:00%2B11:00&to=2028-02-01T00:00:00%2B11:00',
      'from=%2B275760-09-13T00:00:00Z&to=2026-10-07T00:00:00%2B11:00',
    ].map((query): [string, number, object] => [
      `/api/v1/demo/bookings/NSW?${query}`,
      400,
      { from: expect.any(String) },
    ]),
    [
      '/api/v1/demo/bookings/NSW?from=2026-10-05T00:00:00Z&to=2026-11-31T00:00:00Z',
      400,
      { to: expect.stringContaining('ISO date-time') },
    ],
  ])('GET %s answers %i', async (url, status, fields) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject(status === 404 ? { error: 'not_found' } : { fields });
  });

  it('accepts the wizard’s whole reach: this month, and a year ahead', async () => {
    for (const query of [
      'from=2026-09-01T00:00:00%2B10:00&to=2026-12-01T00:00:00%2B11:00',
      'from=2027-10-01T00:00:00%2B10:00&to=2028-01-01T00:00:00%2B11:00',
      'from=2026-10-31T00:00:00%2B11:00&to=2026-11-30T23:59:59.999%2B11:00',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/demo/bookings/NSW?${query}` });
      expect(res.statusCode).toBe(200);
    }
  });

  it('accepts state names in any case and an unencoded + in the offset', async () => {
    for (const state of ['nsw', 'New%20South%20Wales']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/demo/bookings/${state}?from=2026-10-20T00:00:00+11:00&to=2026-10-20T23:00:00+11:00`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().booking_slots).toHaveLength(8);
    }
  });

  it.each([
    // Not a real window, or times that are not its own: 400 naming the field.
    [
      'NSW-2026-10-04T08:00',
      '2026-10-04T08:00:00+11:00',
      '2026-10-04T10:00:00+11:00',
      400,
      'booking_id',
    ], // Sunday
    [
      'NSW-2026-10-08T09:00',
      '2026-10-08T09:00:00+11:00',
      '2026-10-08T11:00:00+11:00',
      400,
      'booking_id',
    ],
    ['nonsense', '2026-10-08T08:00:00+11:00', '2026-10-08T10:00:00+11:00', 400, 'booking_id'],
    [
      'NSW-2026-10-08T10:00',
      '2026-10-08T10:00:00+10:00',
      '2026-10-08T12:00:00+11:00',
      400,
      'start',
    ],
    ['NSW-2026-10-08T10:00', '2026-10-08T10:00:00+11:00', '2026-10-08T14:00:00+11:00', 400, 'end'],
    ['NSW-2026-10-08T10:00', '2026-10-08T10:00:00', '2026-10-08T12:00:00+11:00', 400, 'start'],
    ['NSW-2026-10-08T10:00', '2026-10-08T10:00:00+11:00', undefined, 400, 'end'],
    [undefined, '2026-10-08T10:00:00+11:00', '2026-10-08T12:00:00+11:00', 400, 'booking_id'],
    [42, 1, null, 400, 'booking_id'],
    // A real window that can no longer be booked: too soon, past, too far ahead.
    [
      'NSW-2026-10-01T08:00',
      '2026-10-01T08:00:00+10:00',
      '2026-10-01T10:00:00+10:00',
      409,
      undefined,
    ],
    [
      'NSW-2026-09-01T08:00',
      '2026-09-01T08:00:00+10:00',
      '2026-09-01T10:00:00+10:00',
      409,
      undefined,
    ],
    [
      'NSW-2027-12-01T08:00',
      '2027-12-01T08:00:00+11:00',
      '2027-12-01T10:00:00+11:00',
      409,
      undefined,
    ],
  ])('POST {%j, %j, %j} answers %i', async (booking_id, start, end, status, field) => {
    const payload = { booking_id, start, end };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/demo/reservations', payload });
    expect(res.statusCode).toBe(status);
    const body = res.json();
    if (field) expect(body.fields).toHaveProperty(field);
    else expect(body).toMatchObject({ error: 'window_closed' });
  });

  it('answers 400 to a missing or non-object body', async () => {
    for (const payload of [undefined, '[]', '"x"']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/reservations',
        headers: { 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers 404 for an unknown reservation or provider', async () => {
    expect((await client.release('no-such-reservation')).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/other/reservations/x' });
    expect(del.statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/other/reservations',
      payload: {
        booking_id: 'NSW-2026-10-08T10:00',
        start: '2026-10-08T10:00:00+11:00',
        end: '2026-10-08T12:00:00+11:00',
      },
    });
    expect(post.statusCode).toBe(404);
  });
});
