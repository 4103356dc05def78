import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, importTestCatalogue, startTestApp, type TestApp } from '../test-support/app.ts';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';
import { schedulingClient, wednesday } from './test-client.ts';

// The catalogue's closures (docs/catalogue.md): a NSW public holiday on Friday 9 October 2026, one
// NSW crew off on Thursday 8 October, both VIC crews off that Thursday.
const catalogue = demoCatalogue();
catalogue.closures.holidays.push({ date: '2026-10-09', name: 'Test Holiday', states: ['NSW'] });
catalogue.closures.crew_days_off.push(
  { state: 'NSW', date: '2026-10-08' },
  { state: 'VIC', date: '2026-10-08', crews: 2 },
);

describe.each(engines())('closures in the crew calendar on %s', (engine) => {
  let t: TestApp;
  let client: ReturnType<typeof schedulingClient>;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true, catalogue });
    client = schedulingClient(t);
    client.at(wednesday);
  });
  afterAll(() => t.close());

  it('lists no window on a public holiday, and the days around it as usual', async () => {
    expect(await client.daySlots('2026-10-09')).toEqual([]);
    expect(await client.daySlots('2026-10-10')).toHaveLength(8);
  });

  it('refuses a hold on a holiday window as taken (409 reservation_taken)', async () => {
    const res = await client.holdNsw('2026-10-09', 8);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'reservation_taken', message: 'reservation taken' });
  });

  it('takes a crew on its day off out of every window of that day', async () => {
    const slots = await client.daySlots('2026-10-08');
    expect(slots.map((s) => s.event_id)).toEqual([
      'NSW-2026-10-08T08:00~crew-nsw-1',
      'NSW-2026-10-08T10:00~crew-nsw-1',
      'NSW-2026-10-08T12:00~crew-nsw-1',
      'NSW-2026-10-08T14:00~crew-nsw-1',
    ]);
    expect((await client.holdNsw('2026-10-08', 8)).statusCode).toBe(201);
    expect((await client.holdNsw('2026-10-08', 8)).statusCode).toBe(409);
  });

  it('closes a day whose crews are all off', async () => {
    const vic = await client.slots('VIC', '2026-10-08T00:00:00+11:00', '2026-10-09T00:00:00+11:00');
    expect(vic).toEqual([]);
    const res = await client.hold(
      'VIC-2026-10-08T10:00',
      '2026-10-08T10:00:00+11:00',
      '2026-10-08T12:00:00+11:00',
    );
    expect(res.statusCode).toBe(409);
  });

  it('lowers the capacity of a window held before the day off was imported', async () => {
    // Monday 12 October, 10:00: both crews held while both worked (its row says capacity 2),
    // then the first hold released, so crew-nsw-2 keeps a place.
    const first = await client.holdNsw('2026-10-12', 10);
    expect((await client.holdNsw('2026-10-12', 10)).json()).toMatchObject({
      event_id: 'NSW-2026-10-12T10:00~crew-nsw-2',
    });
    expect((await client.release(first.json().reservation_id)).statusCode).toBe(204);
    // One crew off that day: one crew works the window, and its one place is given.
    const later = structuredClone(catalogue);
    later.closures.crew_days_off.push({ state: 'NSW', date: '2026-10-12' });
    await importTestCatalogue(t.database, later);
    const window = (await client.daySlots('2026-10-12')).filter(
      (s) => s.booking_id === 'NSW-2026-10-12T10:00',
    );
    expect(window).toEqual([]);
    expect((await client.holdNsw('2026-10-12', 10)).statusCode).toBe(409);
  });
});
