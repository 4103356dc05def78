import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, importTestCatalogue, startTestApp, type TestApp } from '../test-support/app.ts';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';
import { schedulingClient, wednesday } from './test-client.ts';

// docs/decisions/020-reads-from-memory.md: the bookings answer is tagged by a digest of its
// slots; a hold, a release or a closure that changes them changes the tag.

// The wizard's call for October 2026 in Sydney (bookingMonthWindow).
const october = `/api/v1/demo/bookings/NSW?${new URLSearchParams({
  from: '2026-10-01T00:00:00+10:00',
  to: '2027-01-01T00:00:00+11:00',
})}`;

describe.each(engines())('bookings tagged by their slots on %s', (engine) => {
  let t: TestApp;
  let client: ReturnType<typeof schedulingClient>;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
    client = schedulingClient(t);
    client.at(wednesday);
  });
  afterAll(() => t.close());

  const get = (etag?: string) =>
    t.app.inject({ method: 'GET', url: october, headers: etag ? { 'if-none-match': etag } : {} });

  it('answers 304 without a body while the slots are the same, 200 with a new tag once not', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const same = await get(etag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    // A hold takes a place: the tag changes.
    const hold = await client.holdNsw('2026-10-20', 8);
    expect(hold.statusCode).toBe(201);
    const held = await get(etag);
    expect(held.statusCode).toBe(200);
    expect(held.headers.etag).not.toBe(etag);
    expect(held.json().booking_slots).toHaveLength(first.json().booking_slots.length - 1);

    // Released, the slots are what they were, and so is the tag, on any instance.
    const { reservation_id } = hold.json() as { reservation_id: string };
    expect((await client.release(reservation_id)).statusCode).toBe(204);
    expect((await get(etag)).statusCode).toBe(304);

    // A holiday imported in the month closes its windows: a new tag.
    const catalogue = demoCatalogue();
    catalogue.closures.holidays.push({ date: '2026-10-21', name: 'Test Holiday', states: ['NSW'] });
    await importTestCatalogue(t.database, catalogue);
    const closed = await get(etag);
    expect(closed.statusCode).toBe(200);
    expect(closed.headers.etag).not.toBe(etag);
  });
});
