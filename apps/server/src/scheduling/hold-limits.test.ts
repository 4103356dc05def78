import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { wednesday } from './test-client.ts';

// Slot hoarding, OWASP OAT-021 (docs/decisions/010-limits.md): one session holds one window at a
// time, one client address at most HOLDS_PER_CLIENT live holds. Each test holds from its own
// address, on its own days (Monday 12 October 2026 on, Sydney, windows at 8, 10, 12 and 14).

const tooMany =
  'This address already holds 5 installation times, the most we keep for one connection. Please finish or cancel an order, or try again in a few minutes.';

const windowAt = (day: number, hour: number) => {
  const date = `2026-10-${String(day).padStart(2, '0')}`;
  const hh = (h: number) => String(h).padStart(2, '0');
  return {
    booking_id: `NSW-${date}T${hh(hour)}:00`,
    start: `${date}T${hh(hour)}:00:00+11:00`,
    end: `${date}T${hh(hour + 2)}:00:00+11:00`,
  };
};
/** The n-th window from Monday 12 October, four a day, Monday to Saturday. */
const nthWindow = (n: number) =>
  windowAt(12 + Math.floor(n / 4) + Math.floor(n / 24), 8 + (n % 4) * 2);

const session = () => randomUUID();

function holdsFrom(t: TestApp, remoteAddress: string) {
  return {
    hold: (n: number, holdSession?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/reservations',
        remoteAddress,
        payload: nthWindow(n),
        headers: holdSession ? { 'x-hold-session': holdSession } : {},
      }),
    release: (id: string, holdSession?: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/demo/reservations/${id}`,
        remoteAddress,
        headers: holdSession ? { 'x-hold-session': holdSession } : {},
      }),
  };
}

const statusOf = (t: TestApp, id: string) =>
  t.database.db
    .selectFrom('reservations')
    .select('status')
    .where('reservation_id', '=', id)
    .executeTakeFirstOrThrow()
    .then((r) => r.status);

describe.each(engines())('hold limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { HOLDS_PER_CLIENT: '' }, { clock: true });
    t.clock.now = wednesday;
  });
  afterAll(() => t.close());

  it('one address holds at most 5 live holds: the 6th answers 429, a release or expiry frees one', async () => {
    const a = holdsFrom(t, '192.0.2.1');
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) {
      const res = await a.hold(n);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().reservation_id);
    }
    const sixth = await a.hold(5);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: 'too_many_holds', message: tooMany });
    // Another address is not held back by this one.
    expect((await holdsFrom(t, '192.0.2.2').hold(5)).statusCode).toBe(201);

    expect((await a.release(ids[0]!)).statusCode).toBe(204);
    expect((await a.hold(6)).statusCode).toBe(201);
    expect((await a.hold(7)).statusCode).toBe(429);

    // Expired holds are not live: eleven minutes later (RESERVATION_HOLD_SECONDS 600) all are free.
    t.clock.advance(11 * 60_000);
    for (let n = 8; n < 13; n++) expect((await a.hold(n)).statusCode).toBe(201);
    expect((await a.hold(13)).statusCode).toBe(429);
  });

  it('a session holds one window at a time: a new hold releases the one before', async () => {
    const b = holdsFrom(t, '192.0.2.3');
    const mine = session();
    const first = (await b.hold(20, mine)).json().reservation_id;
    const second = await b.hold(21, mine);
    expect(second.statusCode).toBe(201);
    expect(await statusOf(t, first)).toBe('released');
    expect(await statusOf(t, second.json().reservation_id)).toBe('held');
    // The session's holds count once against its address: it can go on choosing.
    for (let n = 22; n < 30; n++) expect((await b.hold(n, mine)).statusCode).toBe(201);
  });

  it('a failed hold keeps the session’s hold', async () => {
    const c = holdsFrom(t, '192.0.2.4');
    const other = holdsFrom(t, '192.0.2.5');
    // Window 30 is full (two crews, held by someone else).
    expect((await other.hold(30)).statusCode).toBe(201);
    expect((await other.hold(30)).statusCode).toBe(201);
    const mine = session();
    const held = (await c.hold(31, mine)).json().reservation_id;
    expect((await c.hold(30, mine)).statusCode).toBe(409);
    expect(await statusOf(t, held)).toBe('held');
  });

  it('a hold taken under a session is released only with that session', async () => {
    const d = holdsFrom(t, '192.0.2.6');
    const mine = session();
    const id = (await d.hold(32, mine)).json().reservation_id;
    expect((await d.release(id)).statusCode).toBe(404);
    expect((await d.release(id, session())).statusCode).toBe(404);
    expect(await statusOf(t, id)).toBe('held');
    expect((await d.release(id, mine)).statusCode).toBe(204);
    expect(await statusOf(t, id)).toBe('released');
  });

  it.each(['short', 'x'.repeat(65), 'has space in it here', 'ünïcödé-ünïcödé-ü'])(
    'answers 400 naming X-Hold-Session for %j',
    async (bad) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/reservations',
        payload: nthWindow(33),
        headers: { 'x-hold-session': bad },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_input',
        fields: { 'X-Hold-Session': 'Must be 16 to 64 letters, digits, - or _' },
      });
    },
  );
});

// Two instances on one PostgreSQL: the limits are the database's, not a process's.
describe.runIf(!!process.env.TEST_DATABASE_URL)('hold limits across two instances', () => {
  const schema = `t_hl_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp('postgres', { HOLDS_PER_CLIENT: '5' }, { schema, clock: true });
    b = await startTestApp('postgres', { HOLDS_PER_CLIENT: '5' }, { schema, clock: true });
    a.clock.now = wednesday;
    b.clock.now = wednesday;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('give one address 5 live holds, however many it sends at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, n) => holdsFrom(n % 2 ? b : a, '192.0.2.7').hold(n)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(11);
  });

  it('leave one session one live hold, however many it sends at once', async () => {
    const mine = session();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => holdsFrom(n % 2 ? b : a, '192.0.2.8').hold(20 + n, mine)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const live = await a.database.db
      .selectFrom('reservations')
      .select('reservation_id')
      .where('hold_session', '=', mine)
      .where('status', '=', 'held')
      .execute();
    expect(live).toHaveLength(1);
  });
});
