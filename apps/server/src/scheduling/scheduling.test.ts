import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { consumeReservation } from './repository/reservations.ts';
import { schedulingClient, wednesday, type Slot } from './test-client.ts';

const HOLD_SECONDS = 120;

describe.each(engines())('scheduling routes on %s', (engine) => {
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

  // Every test picks its own window, so the shared database does not couple them.
  describe('bookings listing', () => {
    it('gives one slot per free crew per window, with the state offset after DST', async () => {
      client.at(wednesday);
      // Tuesday 20 October: Monday 5 October, the first weekday after DST, is NSW's Labour Day.
      const tuesday = await client.daySlots('2026-10-20');
      expect(tuesday).toHaveLength(8);
      expect(tuesday.slice(0, 2)).toEqual([
        {
          id: 'NSW-2026-10-20T08:00~crew-nsw-1',
          booking_id: 'NSW-2026-10-20T08:00',
          event_id: 'NSW-2026-10-20T08:00~crew-nsw-1',
          start: '2026-10-20T08:00:00+11:00',
          end: '2026-10-20T10:00:00+11:00',
          start_datetime_original_iso_str: '2026-10-20T08:00:00+11:00',
          end_datetime_original_iso_str: '2026-10-20T10:00:00+11:00',
        },
        expect.objectContaining({ id: 'NSW-2026-10-20T08:00~crew-nsw-2' }),
      ]);
      const saturday = await client.daySlots('2026-10-03', '+10:00');
      expect(saturday[0]!.start).toBe('2026-10-03T08:00:00+10:00');
    });

    it('omits Sundays and days before the first bookable one', async () => {
      client.at(wednesday);
      const days = new Set(
        (await client.slots('NSW', '2026-09-28T00:00:00+10:00', '2026-10-05T00:00:00+11:00')).map(
          (s) => s.start.slice(0, 10),
        ),
      );
      expect([...days]).toEqual(['2026-10-02', '2026-10-03']);
    });

    it('drops a crew per hold and leaves out a full window', async () => {
      client.at(wednesday);
      const window = (list: Slot[]) => list.filter((s) => s.booking_id === 'NSW-2026-10-06T08:00');
      expect(window(await client.daySlots('2026-10-06'))).toHaveLength(2);
      expect((await client.holdNsw('2026-10-06', 8)).statusCode).toBe(201);
      expect(window(await client.daySlots('2026-10-06'))).toEqual([
        expect.objectContaining({ event_id: 'NSW-2026-10-06T08:00~crew-nsw-2' }),
      ]);
      expect((await client.holdNsw('2026-10-06', 8)).statusCode).toBe(201);
      const after = await client.daySlots('2026-10-06');
      expect(window(after)).toEqual([]);
      expect(after).toHaveLength(6);
    });
  });

  describe('holds', () => {
    it('holds for RESERVATION_HOLD_SECONDS', async () => {
      client.at(wednesday);
      const res = await client.holdNsw('2026-10-07', 8);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        reservation_id: expect.any(String),
        event_id: 'NSW-2026-10-07T08:00~crew-nsw-1',
        expires_at: new Date(wednesday.getTime() + HOLD_SECONDS * 1000).toISOString(),
      });
    });

    it('gives exactly the capacity to 30 concurrent holds and 409 to the rest', async () => {
      client.at(wednesday);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => client.holdNsw('2026-10-07', 10)),
      );
      const created = answers.filter((a) => a.statusCode === 201);
      expect(created).toHaveLength(2);
      expect(new Set(created.map((a) => a.json().event_id)).size).toBe(2);
      const refused = answers.filter((a) => a.statusCode !== 201);
      expect(refused).toHaveLength(28);
      for (const a of refused) {
        expect(a.statusCode).toBe(409);
        expect(a.json()).toEqual({ error: 'reservation_taken', message: 'reservation taken' });
      }
    });

    it('frees the place of an expired hold with nothing running', async () => {
      client.at(wednesday);
      expect((await client.holdNsw('2026-10-07', 12)).statusCode).toBe(201);
      expect((await client.holdNsw('2026-10-07', 12)).statusCode).toBe(201);
      t.clock.advance(HOLD_SECONDS * 1000 - 1);
      expect((await client.holdNsw('2026-10-07', 12)).statusCode).toBe(409);
      t.clock.advance(1);
      const listed = await client.daySlots('2026-10-07');
      expect(listed.filter((s) => s.booking_id === 'NSW-2026-10-07T12:00')).toHaveLength(2);
      expect((await client.holdNsw('2026-10-07', 12)).statusCode).toBe(201);
    });

    it('frees the place of a released hold', async () => {
      client.at(wednesday);
      const first = await client.holdNsw('2026-10-07', 14);
      expect((await client.holdNsw('2026-10-07', 14)).statusCode).toBe(201);
      expect((await client.holdNsw('2026-10-07', 14)).statusCode).toBe(409);
      const id = first.json().reservation_id as string;
      expect((await client.release(id)).statusCode).toBe(204);
      expect((await client.release(id)).statusCode).toBe(204);
      expect((await client.holdNsw('2026-10-07', 14)).statusCode).toBe(201);
    });

    it('keeps a booked place and refuses to release it', async () => {
      client.at(wednesday);
      const held = await client.holdNsw('2026-10-08', 8);
      const id = held.json().reservation_id as string;
      const booked = await t.database.db
        .transaction()
        .execute((trx) => consumeReservation(trx, id, t.clock.now));
      expect(booked).toMatchObject({ reservation_id: id, window_id: 'NSW-2026-10-08T08:00' });
      const again = await t.database.db
        .transaction()
        .execute((trx) => consumeReservation(trx, id, t.clock.now));
      expect(again).toBeNull();
      const res = await client.release(id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'reservation_consumed' });
      // Long after any hold would have expired, the booking still takes its crew.
      t.clock.advance(24 * 3600 * 1000);
      const left = (await client.daySlots('2026-10-08')).filter(
        (s) => s.booking_id === 'NSW-2026-10-08T08:00',
      );
      expect(left.map((s) => s.event_id)).toEqual(['NSW-2026-10-08T08:00~crew-nsw-2']);
    });

    it('holds in zones without DST and with half-hour offsets', async () => {
      client.at(wednesday);
      const sa = await client.hold(
        'SA-2026-12-01T08:00',
        '2026-12-01T08:00:00+10:30',
        '2026-12-01T10:00:00+10:30',
      );
      expect(sa.statusCode).toBe(201);
      // Adelaide has one crew.
      expect(
        (await client.hold('SA-2026-12-01T08:00', '2026-11-30T21:30:00Z', '2026-11-30T23:30:00Z'))
          .statusCode,
      ).toBe(409);
      const qld = await client.hold(
        'QLD-2026-12-01T08:00',
        '2026-12-01T08:00:00+10:00',
        '2026-12-01T10:00:00+10:00',
      );
      expect(qld.statusCode).toBe(201);
    });
  });
});
