import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { schedulingClient, wednesday, type Slot } from './test-client.ts';

// docs/decisions/022-kept-answers.md: a bookings answer is kept until its range changes.
// Each test lists a range, changes it in one way, and lists the same range again: a kept answer
// that missed the change would show the old slots.

const HOLD_SECONDS = 120;

describe.each(engines())('kept bookings answers on %s', (engine) => {
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

  const inWindow = (slots: Slot[], id: string) => slots.filter((s) => s.booking_id === id);

  it('gives a lapsed hold’s place back, though nothing was written', async () => {
    client.at(wednesday);
    const id = 'NSW-2026-10-08T08:00';
    expect(inWindow(await client.daySlots('2026-10-08'), id)).toHaveLength(2);
    expect((await client.holdNsw('2026-10-08', 8)).statusCode).toBe(201);
    expect(inWindow(await client.daySlots('2026-10-08'), id)).toHaveLength(1);
    t.clock.advance(HOLD_SECONDS * 1000 - 1);
    expect(inWindow(await client.daySlots('2026-10-08'), id)).toHaveLength(1);
    t.clock.advance(1);
    expect(inWindow(await client.daySlots('2026-10-08'), id)).toHaveLength(2);
  });

  it('drops the first bookable day’s windows at midnight in the state', async () => {
    // 23:59 on Wednesday 30 September in Sydney (+10:00): Friday 2 October is the first bookable day.
    client.at(new Date('2026-09-30T13:59:00Z'));
    const days = async () =>
      new Set(
        (await client.slots('NSW', '2026-10-01T00:00:00+10:00', '2026-10-04T00:00:00+10:00')).map(
          (s) => s.start.slice(0, 10),
        ),
      );
    expect([...(await days())]).toEqual(['2026-10-02', '2026-10-03']);
    t.clock.advance(60_000);
    expect([...(await days())]).toEqual(['2026-10-03']);
  });

  it('sees a hold released in the database by another hand than the scheduler’s', async () => {
    client.at(wednesday);
    const id = 'NSW-2026-10-08T10:00';
    const hold = await client.holdNsw('2026-10-08', 10);
    expect(hold.statusCode).toBe(201);
    expect(inWindow(await client.daySlots('2026-10-08'), id)).toHaveLength(1);
    // As staff cancelling an installation would: straight to the table.
    await t.database.db
      .updateTable('reservations')
      .set({ status: 'released', ended_at: t.clock.now })
      .where('reservation_id', '=', (hold.json() as { reservation_id: string }).reservation_id)
      .execute();
    expect(inWindow(await client.daySlots('2026-10-08'), id)).toHaveLength(2);
  });
});
