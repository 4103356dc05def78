import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { consumeReservation, extendReservation } from './repository/reservations.ts';
import { schedulingClient, wednesday } from './test-client.ts';

// docs/rules/installation-and-holds.md#extending-a-hold: a live hold is renewed once, for another
// hold period from now, by its session; capacity is unchanged. Each test holds its own window in
// November 2026 (Sydney, +11:00).

const HOLD_SECONDS = 600;
const seconds = (n: number) => n * 1000;

describe.each(engines())('extending a hold on %s', (engine) => {
  let t: TestApp;
  let client: ReturnType<typeof schedulingClient>;
  beforeAll(async () => {
    t = await startTestApp(
      engine,
      { RESERVATION_HOLD_SECONDS: String(HOLD_SECONDS) },
      { clock: true },
    );
    client = schedulingClient(t);
  });
  afterAll(() => t.close());

  const extend = (id: string, session?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/demo/reservations/${id}/extend`,
      headers: session ? { 'x-hold-session': session } : {},
    });
  const holdWith = (day: string, hour: number, session?: string) => {
    const hh = (h: number) => String(h).padStart(2, '0');
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/reservations',
      headers: session ? { 'x-hold-session': session } : {},
      payload: {
        booking_id: `NSW-${day}T${hh(hour)}:00`,
        start: `${day}T${hh(hour)}:00:00+11:00`,
        end: `${day}T${hh(hour + 2)}:00:00+11:00`,
      },
    });
  };
  const windowSlots = async (day: string, hour: number) =>
    (await client.daySlots(day)).filter(
      (s) => s.start === `${day}T${String(hour).padStart(2, '0')}:00:00+11:00`,
    );

  it('renews a live hold for another hold period from now, once', async () => {
    client.at(wednesday);
    const held = await client.holdNsw('2026-11-03', 8);
    expect(held.statusCode).toBe(201);
    const { reservation_id, event_id } = held.json() as {
      reservation_id: string;
      event_id: string;
    };

    // One minute left.
    client.at(new Date(wednesday.getTime() + seconds(HOLD_SECONDS - 60)));
    const renewed = await extend(reservation_id);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toEqual({
      reservation_id,
      event_id,
      expires_at: new Date(t.clock.now.getTime() + seconds(HOLD_SECONDS)).toISOString(),
    });

    const again = await extend(reservation_id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'reservation_extended',
      message: 'This installation time has already been extended once',
    });

    // Past the first expiry the hold still keeps its place; past the renewed one it is gone.
    client.at(new Date(wednesday.getTime() + seconds(HOLD_SECONDS + 1)));
    expect(await windowSlots('2026-11-03', 8)).toHaveLength(1);
    client.at(new Date(wednesday.getTime() + seconds(2 * HOLD_SECONDS - 61)));
    expect(await windowSlots('2026-11-03', 8)).toHaveLength(1);
    client.at(new Date(wednesday.getTime() + seconds(2 * HOLD_SECONDS - 60)));
    expect(await windowSlots('2026-11-03', 8)).toHaveLength(2);
  });

  it('keeps a renewed hold bookable until its new expiry', async () => {
    client.at(wednesday);
    const { reservation_id } = (await client.holdNsw('2026-11-04', 8)).json() as {
      reservation_id: string;
    };
    client.at(new Date(wednesday.getTime() + seconds(HOLD_SECONDS - 30)));
    expect((await extend(reservation_id)).statusCode).toBe(200);
    client.at(new Date(wednesday.getTime() + seconds(HOLD_SECONDS + 300)));
    const booked = await t.database.db
      .transaction()
      .execute((trx) => consumeReservation(trx, reservation_id, t.clock.now));
    expect(booked).toMatchObject({ reservation_id });
  });

  it('refuses an expired hold with 409 reservation_expired, and its place stays free', async () => {
    client.at(wednesday);
    const { reservation_id } = (await client.holdNsw('2026-11-05', 8)).json() as {
      reservation_id: string;
    };
    client.at(new Date(wednesday.getTime() + seconds(HOLD_SECONDS)));
    const res = await extend(reservation_id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'reservation_expired',
      message: 'This installation time is no longer held',
    });
    expect(await windowSlots('2026-11-05', 8)).toHaveLength(2);
  });

  it('refuses a released hold, a booked one, and answers 404 for an unknown one', async () => {
    client.at(wednesday);
    const released = (await client.holdNsw('2026-11-06', 8)).json() as { reservation_id: string };
    expect((await client.release(released.reservation_id)).statusCode).toBe(204);
    const res = await extend(released.reservation_id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'reservation_released' });

    const booked = (await client.holdNsw('2026-11-06', 10)).json() as { reservation_id: string };
    await t.database.db
      .transaction()
      .execute((trx) => consumeReservation(trx, booked.reservation_id, t.clock.now));
    const consumed = await extend(booked.reservation_id);
    expect(consumed.statusCode).toBe(409);
    expect(consumed.json()).toMatchObject({ error: 'reservation_consumed' });

    const unknown = await extend('no-such-hold');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Unknown reservation' });
  });

  it("renews a session's hold only with that session: to others it is unknown", async () => {
    client.at(wednesday);
    const mine = randomUUID();
    const held = await holdWith('2026-11-07', 8, mine);
    expect(held.statusCode).toBe(201);
    const { reservation_id } = held.json() as { reservation_id: string };
    client.at(new Date(wednesday.getTime() + seconds(60)));
    expect((await extend(reservation_id)).statusCode).toBe(404);
    expect((await extend(reservation_id, randomUUID())).statusCode).toBe(404);
    const res = await extend(reservation_id, mine);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      expires_at: new Date(t.clock.now.getTime() + seconds(HOLD_SECONDS)).toISOString(),
    });
  });

  it('answers 400 for a malformed X-Hold-Session and 404 for another provider', async () => {
    client.at(wednesday);
    const { reservation_id } = (await client.holdNsw('2026-11-09', 8)).json() as {
      reservation_id: string;
    };
    expect((await extend(reservation_id, 'short')).statusCode).toBe(400);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/v1/other/reservations/${reservation_id}/extend`,
    });
    expect(other.statusCode).toBe(404);
  });

  it('never shortens a hold, and does not renew a place given away meanwhile', async () => {
    client.at(wednesday);
    const { reservation_id, expires_at } = (await client.holdNsw('2026-11-10', 8)).json() as {
      reservation_id: string;
      expires_at: string;
    };
    const now = new Date(wednesday.getTime() + seconds(10));
    const shorter = await extendReservation(t.database.db, reservation_id, {
      now,
      expiresAt: new Date(now.getTime() + seconds(60)),
    });
    expect(shorter).toMatchObject({ kind: 'extended', expires_at: new Date(expires_at) });

    // Another instance, its clock past this hold's expiry, gave both places away; this one's
    // clock says the hold is live: it is not renewed over the window's capacity.
    const late = (await client.holdNsw('2026-11-10', 10)).json() as { reservation_id: string };
    client.at(new Date(wednesday.getTime() + seconds(HOLD_SECONDS + 1)));
    expect((await client.holdNsw('2026-11-10', 10)).statusCode).toBe(201);
    expect((await client.holdNsw('2026-11-10', 10)).statusCode).toBe(201);
    const overbooked = await extendReservation(t.database.db, late.reservation_id, {
      now: new Date(wednesday.getTime() + seconds(HOLD_SECONDS - 1)),
      expiresAt: new Date(wednesday.getTime() + seconds(2 * HOLD_SECONDS)),
    });
    expect(overbooked).toEqual({ kind: 'expired' });
  });
});
