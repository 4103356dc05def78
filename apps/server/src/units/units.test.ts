import { unitMessages } from '@fibre/domain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder, type OrderOptions } from '../test-support/order.ts';
import { signedInAs } from '../test-support/operators.ts';
import { lockUnit } from './repository.ts';
import { sql } from 'kysely';

// docs/rules/contact-and-connection.md#the-buildings-units: the demo's 80 Elizabeth Street,
// Hobart (G6F7A8) lists its units (docs/rules/demo-data.md); Pyrmont (G1A2B3) lists none.

describe.each(engines())("a building's units on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { RESERVATION_HOLD_SECONDS: '600' }, { clock: true });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const status = async (code: string, unit: string) => {
    const res = await get(`/api/v1/public/building/${code}/units/${encodeURIComponent(unit)}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const place = async (options: OrderOptions) => {
    const { body } = await prepareOrder(t.app, options, t.clock.now);
    return t.app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body });
  };
  const stored = (orderId: string) =>
    t.database.db
      .selectFrom('orders')
      .select(['unit_key', 'move_in', 'status'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();

  it("lists a building's units as keys, and none where the catalogue lists none", async () => {
    const listed = await get('/api/v1/public/building/g6f7a8/units');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      units: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '12A', '12B'].concat([
        '101',
        '102',
        '201',
        '202',
      ]),
    });
    expect((await get('/api/v1/public/building/G1A2B3/units')).json()).toEqual({ units: [] });
    const unknown = await get('/api/v1/public/building/G0000/units');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('We could not find a building with that code');
  });

  it('knows a listed unit however it is written, and no other; any unit where none are listed', async () => {
    expect(await status('G6F7A8', '12b')).toEqual({ known: true, connected: false });
    expect(await status('G6F7A8', 'Unit 12B')).toEqual({ known: true, connected: false });
    expect(await status('G6F7A8', '99')).toEqual({ known: false, connected: false });
    expect(await status('G1A2B3', '999')).toEqual({ known: true, connected: false });
    // Kellyville is a house: its unit is never checked.
    expect(await status('G9B0C1', 'Rear')).toEqual({ known: true, connected: false });
  });

  it('refuses a unit that is not letters and digits, and an unknown building', async () => {
    const bad = await get('/api/v1/public/building/G6F7A8/units/%3Cb%3E');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_input');
    const long = await get(`/api/v1/public/building/G6F7A8/units/${'1'.repeat(33)}`);
    expect(long.statusCode).toBe(400);
    expect((await get('/api/v1/public/building/G0000/units/12')).statusCode).toBe(404);
  });

  it('refuses an install for a unit the building does not list, with a clear 422, and stores nothing', async () => {
    const before = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await place({ code: 'G6F7A8', unit: '99' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'unit_unknown',
      message: unitMessages.notInBuilding,
      fields: { 'charge_bee.unit': unitMessages.notInBuilding },
    });
    const after = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('derives the move-in flag itself from the active orders of the building and unit', async () => {
    const first = await place({ code: 'G6F7A8', unit: '101', slotIndex: 1 });
    expect(first.statusCode).toBe(201);
    const firstId = first.json().order_id as string;
    expect(await stored(firstId)).toEqual({ unit_key: '101', move_in: false, status: 'confirmed' });

    // The unit is connected now, however it is written; the answer says nothing more.
    expect(await status('G6F7A8', 'unit 101')).toEqual({ known: true, connected: true });
    expect(await status('G6F7A8', '102')).toEqual({ known: true, connected: false });

    // The body has no say: a claim that this is no move-in changes nothing.
    const { body } = await prepareOrder(
      t.app,
      { code: 'G6F7A8', unit: '101', slotIndex: 2 },
      t.clock.now,
    );
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: { ...body, move_in: false },
    });
    expect(second.statusCode).toBe(201);
    const secondId = second.json().order_id as string;
    expect(await stored(secondId)).toMatchObject({ unit_key: '101', move_in: true });

    // The console's answers say so: the order and its row in the list.
    const session = await signedInAs(t, 'viewer');
    const read = (url: string) => t.app.inject({ method: 'GET', url, headers: session.headers() });
    expect((await read(`/admin/api/orders/${secondId}`)).json().moveIn).toBe(true);
    expect((await read(`/admin/api/orders/${firstId}`)).json().moveIn).toBe(false);
    const rows = (await read('/admin/api/orders?limit=100')).json().items as {
      id: string;
      moveIn: boolean;
    }[];
    expect(rows.find((r) => r.id === secondId)?.moveIn).toBe(true);
    expect(rows.find((r) => r.id === firstId)?.moveIn).toBe(false);
  });

  it('counts a cancelled order, or one whose service was cancelled, as no connection', async () => {
    const placed = await place({ code: 'G6F7A8', unit: '201', slotIndex: 3 });
    expect(placed.statusCode).toBe(201);
    const id = placed.json().order_id as string;
    expect(await status('G6F7A8', '201')).toEqual({ known: true, connected: true });
    await t.database.db
      .updateTable('orders')
      .set({ service_status: 'cancelled' })
      .where('id', '=', id)
      .execute();
    expect(await status('G6F7A8', '201')).toEqual({ known: true, connected: false });
    await t.database.db
      .updateTable('orders')
      .set({ service_status: null, status: 'cancelled' })
      .where('id', '=', id)
      .execute();
    expect(await status('G6F7A8', '201')).toEqual({ known: true, connected: false });
  });

  it('never flags an order where the building lists no units', async () => {
    const first = await place({ code: 'G1A2B3', unit: '77', slotIndex: 8 });
    const second = await place({ code: 'G1A2B3', unit: '77', slotIndex: 9 });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(await stored(second.json().order_id)).toMatchObject({ unit_key: '77', move_in: false });
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)("a unit's orders queued on PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres', { RESERVATION_HOLD_SECONDS: '600' }, { clock: true });
  });
  afterAll(() => t.close());

  const place = async (unit: string, slotIndex: number) =>
    (await prepareOrder(t.app, { code: 'G6F7A8', unit, slotIndex }, t.clock.now)).body;
  const install = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/demo/install', payload });
  const waitingForLock = async () => {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`.execute(
      t.database.db,
    );
    return Number(rows[0]!.n) > 0;
  };

  it("decides the move-in after the unit's other order commits", async () => {
    const first = await install(await place('9', 0));
    expect(first.statusCode).toBe(201);
    const firstId = first.json().order_id as string;
    const second = await place('9', 1);

    // Another transaction holds the unit and cancels its order: the second install waits for it
    // and then reads the cancel, so it is no move-in. Read without waiting, it would be one.
    let answer: ReturnType<typeof install> | undefined;
    await t.database.db.transaction().execute(async (trx) => {
      await lockUnit(trx, 'G6F7A8', '9');
      await trx
        .updateTable('orders')
        .set({ status: 'cancelled' })
        .where('id', '=', firstId)
        .execute();
      let done = false;
      answer = install(second);
      void answer.then(() => (done = true));
      while (!done && !(await waitingForLock())) await new Promise((r) => setTimeout(r, 20));
    });
    const placed = await answer!;
    expect(placed.statusCode).toBe(201);
    const row = await t.database.db
      .selectFrom('orders')
      .select('move_in')
      .where('id', '=', placed.json().order_id)
      .executeTakeFirstOrThrow();
    expect(row.move_in).toBe(false);
  });
});

describe('the unit check is rate-limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { CODE_CHECKS_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 after CODE_CHECKS_PER_MINUTE checks a minute from one address, on its own budget', async () => {
    const check = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/public/building/G6F7A8/units/1' });
    for (let i = 0; i < 3; i++) expect((await check()).statusCode).toBe(200);
    const refused = await check();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().message).toBe(
      'Too many unit checks from this address: please wait a minute and try again',
    );
    // The code checks keep their own budget.
    const coupon = await t.app.inject({ method: 'GET', url: '/api/v1/demo/coupon/WWOMF' });
    expect(coupon.statusCode).not.toBe(429);
  });
});
