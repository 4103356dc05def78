import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { sample, scrape } from '../test-support/metrics.ts';
import { wednesday } from './test-client.ts';

// Holds made, refused, released, extended and expired (README, Metrics), on Sydney windows from Tuesday
// 13 October 2026 (two crews each: the second hold of a window fills it). The clock is fixed.

const windowAt = (day: number, hour: number) => {
  const date = `2026-10-${day}`;
  const hh = (h: number) => String(h).padStart(2, '0');
  return {
    booking_id: `NSW-${date}T${hh(hour)}:00`,
    start: `${date}T${hh(hour)}:00:00+11:00`,
    end: `${date}T${hh(hour + 2)}:00:00+11:00`,
  };
};

describe.each(engines())('hold metrics on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { HOLDS_PER_CLIENT: '3' }, { clock: true });
    t.clock.now = wednesday;
  });
  afterAll(() => t.close());

  const hold = (day: number, hour: number, from = '192.0.2.10', session?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/reservations',
      remoteAddress: from,
      payload: windowAt(day, hour),
      headers: session ? { 'x-hold-session': session } : {},
    });
  const release = (id: string, from = '192.0.2.10', session?: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v1/demo/reservations/${id}`,
      remoteAddress: from,
      headers: session ? { 'x-hold-session': session } : {},
    });
  const holds = async () => {
    const text = await scrape(t.app);
    const count = (outcome: string) => sample(text, 'fibre_holds_total', { outcome }) ?? 0;
    return {
      made: count('made'),
      refused: count('refused'),
      released: count('released'),
      extended: count('extended'),
      live: sample(text, 'fibre_holds_live'),
      expired: sample(text, 'fibre_holds_expired'),
      perClient: sample(text, 'fibre_rate_limited_total', { limit: 'holds_per_client' }) ?? 0,
    };
  };

  it('counts a hold made, a hold refused on a full window, and a hold released', async () => {
    const before = await holds();
    const first = await hold(13, 8, '192.0.2.11');
    expect(first.statusCode).toBe(201);
    expect((await hold(13, 8, '192.0.2.12')).statusCode).toBe(201);
    expect((await hold(13, 8, '192.0.2.13')).statusCode).toBe(409);
    expect((await release(first.json().reservation_id, '192.0.2.11')).statusCode).toBe(204);
    // Releasing twice releases nothing more.
    expect((await release(first.json().reservation_id, '192.0.2.11')).statusCode).toBe(204);

    const after = await holds();
    expect(after.made - before.made).toBe(2);
    expect(after.refused - before.refused).toBe(1);
    expect(after.released - before.released).toBe(1);
    expect(after.live! - before.live!).toBe(1);
  });

  it("counts a session's earlier hold as released when its next one is taken", async () => {
    const before = await holds();
    const mine = randomUUID();
    expect((await hold(14, 8, '192.0.2.20', mine)).statusCode).toBe(201);
    expect((await hold(14, 10, '192.0.2.20', mine)).statusCode).toBe(201);
    const after = await holds();
    expect(after.made - before.made).toBe(2);
    expect(after.released - before.released).toBe(1);
    expect(after.live! - before.live!).toBe(1);
  });

  it('counts HOLDS_PER_CLIENT refusals as refused holds and as the holds_per_client limit', async () => {
    const before = await holds();
    for (const hour of [8, 10, 12])
      expect((await hold(15, hour, '192.0.2.30')).statusCode).toBe(201);
    const fourth = await hold(15, 14, '192.0.2.30');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toBe('too_many_holds');
    const after = await holds();
    expect(after.made - before.made).toBe(3);
    expect(after.refused - before.refused).toBe(1);
    expect(after.perClient - before.perClient).toBe(1);
  });

  it('counts a hold extended, once: a refused second try is not counted', async () => {
    const before = await holds();
    const held = await hold(17, 8, '192.0.2.50');
    expect(held.statusCode).toBe(201);
    const extend = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/demo/reservations/${held.json().reservation_id}/extend`,
        remoteAddress: '192.0.2.50',
      });
    expect((await extend()).statusCode).toBe(200);
    expect((await extend()).statusCode).toBe(409);
    const after = await holds();
    expect(after.extended - before.extended).toBe(1);
    expect(after.live! - before.live!).toBe(1);
  });

  it('reads expired holds from the database at the scrape: no job expires them', async () => {
    const before = await holds();
    expect((await hold(16, 8, '192.0.2.40')).statusCode).toBe(201);
    expect((await holds()).live).toBe(before.live! + 1);
    // RESERVATION_HOLD_SECONDS is 600: eleven minutes on, every live hold has expired.
    t.clock.advance(11 * 60_000);
    const after = await holds();
    expect(after.live).toBe(0);
    expect(after.expired).toBe(before.expired! + before.live! + 1);
  });
});
