import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../../test-support/app.ts';
import { findWindow, type State, type Window } from '../windows.ts';
import { listCalendar } from './calendar.ts';
import { consumeReservation, holdWindow, releaseReservation } from './reservations.ts';

// Wednesday 30 September 2026, 10:00 in Sydney; the windows are on Tuesday 20 October (Monday 5
// October is Labour Day in NSW and SA: demo.yaml's holidays).
const start = new Date('2026-09-30T00:00:00Z');
const minute = 60_000;

describe.each(engines())('reservations repository on %s', (engine) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const windowOf = async (id: string): Promise<Window> => {
    const { crews, closures } = await listCalendar(db(), id.split('-')[0] as State);
    const found = findWindow(id, crews, start, closures);
    if (found.kind !== 'bookable') throw new Error(`${id} is ${found.kind}`);
    return found.window;
  };
  const hold = (window: Window, now = start, holdMinutes = 10) =>
    holdWindow(db(), window, {
      reservationId: `r-${engine}-${++n}`,
      now,
      expiresAt: new Date(now.getTime() + holdMinutes * minute),
    });
  const consume = (id: string, now = start) =>
    db()
      .transaction()
      .execute((trx) => consumeReservation(trx, id, now));

  it('consumes a live hold once, and the booking keeps its place', async () => {
    const window = await windowOf('NSW-2026-10-20T08:00');
    const held = await hold(window);
    expect(held).toMatchObject({ event_id: 'NSW-2026-10-20T08:00~crew-nsw-1' });

    const booked = await consume(held!.reservation_id);
    expect(booked).toEqual({
      reservation_id: held!.reservation_id,
      event_id: 'NSW-2026-10-20T08:00~crew-nsw-1',
      window_id: 'NSW-2026-10-20T08:00',
      state: 'NSW',
      starts_at: new Date('2026-10-20T08:00:00+11:00'),
      ends_at: new Date('2026-10-20T10:00:00+11:00'),
    });
    expect(await consume(held!.reservation_id)).toBeNull();
    expect(await releaseReservation(db(), held!.reservation_id, start)).toBe('consumed');

    // A day later the booking still counts: one crew left, then none.
    const later = new Date(start.getTime() + 24 * 60 * minute);
    expect(await hold(window, later)).toMatchObject({ crew_id: 'crew-nsw-2' });
    expect(await hold(window, later)).toBeNull();
  });

  it('does not consume unknown, released or expired holds', async () => {
    const window = await windowOf('NSW-2026-10-20T10:00');
    expect(await consume('no-such-reservation')).toBeNull();

    const released = await hold(window);
    expect(await releaseReservation(db(), released!.reservation_id, start)).toBe('released');
    expect(await releaseReservation(db(), released!.reservation_id, start)).toBe(
      'already_released',
    );
    expect(await consume(released!.reservation_id)).toBeNull();

    const expiring = await hold(window);
    expect(await consume(expiring!.reservation_id, new Date(start.getTime() + 10 * minute))).toBe(
      null,
    );
  });

  it('leaves the hold held when the caller’s transaction rolls back', async () => {
    const window = await windowOf('NSW-2026-10-20T12:00');
    const held = await hold(window);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          expect(await consumeReservation(trx, held!.reservation_id, start)).not.toBeNull();
          throw new Error('billing failed');
        }),
    ).rejects.toThrow('billing failed');
    expect(await consume(held!.reservation_id)).not.toBeNull();
  });

  it('refuses a hold whose place a later clock already gave away', async () => {
    // Another process, its clock past the first hold's expiry, gave the crew to someone else.
    const window = await windowOf('SA-2026-10-20T08:00');
    const first = await hold(window);
    const afterExpiry = new Date(start.getTime() + 11 * minute);
    const second = await hold(window, afterExpiry);
    expect(second).toMatchObject({ crew_id: first!.crew_id });
    // This process's clock still thinks the first hold is live; the window would be over-booked.
    expect(await consume(first!.reservation_id, new Date(start.getTime() + 5 * minute))).toBeNull();
    expect(await consume(second!.reservation_id, afterExpiry)).not.toBeNull();
  });
});
