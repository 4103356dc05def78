import type { FastifyInstance } from 'fastify';

/**
 * The clock browser tests move (TEST_CLOCK=1; e2e/README.md, "Time"): the wall clock plus an
 * offset that only ever grows. A test that depends on time advances it (a hold running out, a
 * link expiring) instead of waiting for real time to pass, and moves the browser's clock by as
 * much (e2e/support/clock.ts), so the wizard's countdown and the server's expires_at keep
 * agreeing. config.ts refuses TEST_CLOCK in production mode, and without it neither the
 * clock nor its route exists.
 */
export interface TestClock {
  now: () => Date;
  /** Moves the clock `ms` forward (never back: a hold's expiry already said stays said). */
  advance: (ms: number) => Date;
}

export function createTestClock(wall: () => number = Date.now): TestClock {
  let offset = 0;
  const now = () => new Date(wall() + offset);
  return {
    now,
    advance: (ms) => {
      offset += ms;
      return now();
    },
  };
}

/** A step no test needs more than: a year. */
const MAX_ADVANCE_MS = 366 * 86_400_000;

/**
 * GET /__test/clock answers the server's time; POST /__test/clock `{ "advance_ms": n }` moves it
 * n milliseconds forward and answers the new time (400 for anything but a whole n, 0 to a year).
 */
export function registerTestClock(app: FastifyInstance, clock: TestClock): void {
  app.get('/__test/clock', async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return { now: clock.now().toISOString() };
  });
  app.post('/__test/clock', async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    const ms = (request.body as { advance_ms?: unknown } | null)?.advance_ms;
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > MAX_ADVANCE_MS) {
      return reply.status(400).send({
        error: 'invalid_input',
        message: 'advance_ms must be a whole number of milliseconds, 0 to a year',
        fields: { advance_ms: 'must be a whole number of milliseconds, 0 to a year' },
      });
    }
    return { now: clock.advance(ms).toISOString() };
  });
}
