import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseUnavailable } from '../http/database-unavailable.ts';
import { createOutboxWorker, type OutboxWorker } from './worker.ts';

// The outbox loop while the database is away (docs/deploy.md, "When the database restarts"): it
// waits longer after each failed round instead of failing, and saying so, every poll.
describe('the outbox loop while its database is away', () => {
  let worker: OutboxWorker | undefined;
  afterEach(() => worker?.stop());

  it('backs off after failed rounds and polls at its pace again once a round works', async () => {
    let away = true;
    let claims = 0;
    const warnings: string[] = [];
    worker = createOutboxWorker<{ id: string; attempts: number }>(
      {
        enabled: true,
        now: () => new Date(),
        claim: async () => {
          claims += 1;
          if (away) throw new DatabaseUnavailable(new Error('Connection terminated unexpectedly'));
          return [];
        },
        send: async () => undefined,
        markDelivered: async () => undefined,
        markFailed: async () => undefined,
        count: () => undefined,
        describe: (row) => ({ id: row.id }),
        messages: {
          failed: 'failed',
          gaveUp: 'gave up',
          round: 'round failed',
          unrecorded: 'unrecorded',
        },
      },
      { warn: (_details, message) => warnings.push(message), error: () => undefined },
      { pollMs: 20 },
    );
    worker.start();
    await new Promise((r) => setTimeout(r, 1_000));
    // 20, 40, 80, 160, 320 ms ...: some five rounds in a second, where a steady poll makes fifty.
    expect(claims).toBeGreaterThanOrEqual(3);
    expect(claims).toBeLessThanOrEqual(7);
    expect(warnings).toEqual(Array.from({ length: claims }, () => 'round failed'));

    away = false;
    // The next round comes within the last wait (at most 640 ms); from then on, every 20 ms.
    await new Promise((r) => setTimeout(r, 700));
    const back = claims;
    await new Promise((r) => setTimeout(r, 400));
    expect(claims - back).toBeGreaterThanOrEqual(5);
  });
});
