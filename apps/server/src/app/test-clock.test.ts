import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestClock } from './test-clock.ts';

describe('the clock browser tests move (TEST_CLOCK, e2e/README.md)', () => {
  it('is the wall clock plus what the tests advanced it by', () => {
    let wall = 1_000_000;
    const clock = createTestClock(() => wall);
    expect(clock.now().getTime()).toBe(1_000_000);
    expect(clock.advance(60_000).getTime()).toBe(1_060_000);
    wall += 5;
    expect(clock.now().getTime()).toBe(1_060_005);
  });

  it('is off unless TEST_CLOCK=1, and refused in production mode, even a demo one', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: '1' }).testClock).toBe(true);
    expect(() => loadConfig({ TEST_CLOCK: 'yes' })).toThrow(/TEST_CLOCK must be 1/);
    expect(() => loadConfig({ TEST_CLOCK: '1', NODE_ENV: 'production', ALLOW_DEMO: '1' })).toThrow(
      /TEST_CLOCK: never in production/,
    );
  });
});

describe('/__test/clock', () => {
  it('answers the moved time, and exists only with TEST_CLOCK=1', async () => {
    const { startTestApp } = await import('../test-support/app.ts');
    const off = await startTestApp();
    try {
      const answer = await off.app.inject({ method: 'POST', url: '/__test/clock', payload: {} });
      expect(answer.statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const on = await startTestApp('pglite', { TEST_CLOCK: '1' });
    try {
      const before = Date.parse(
        (await on.app.inject({ method: 'GET', url: '/__test/clock' })).json<{ now: string }>().now,
      );
      const refused = await on.app.inject({
        method: 'POST',
        url: '/__test/clock',
        payload: { advance_ms: -1 },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: 'invalid_input',
        fields: { advance_ms: expect.any(String) },
      });
      const moved = await on.app.inject({
        method: 'POST',
        url: '/__test/clock',
        payload: { advance_ms: 3_600_000 },
      });
      expect(moved.statusCode).toBe(200);
      expect(Date.parse(moved.json<{ now: string }>().now) - before).toBeGreaterThanOrEqual(
        3_600_000,
      );
    } finally {
      await on.close();
    }
  });
});
