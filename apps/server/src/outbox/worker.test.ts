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

// A row the receiver accepted while the database refused to record it (docs/decisions/017-mail-outbox.md,
// "Accepted, then recorded"): delivered, never sent again by this loop, and recorded first.
describe('the outbox loop with an accepted row it could not record', () => {
  let worker: OutboxWorker | undefined;
  afterEach(() => worker?.stop());

  type Row = { id: string; attempts: number };
  function loop(options: { recordRetryMs: number }) {
    const state = {
      away: false,
      events: [] as string[],
      errors: [] as string[],
      refusedRecords: 0,
    };
    const due: Row[] = [
      { id: 'a', attempts: 1 },
      { id: 'b', attempts: 1 },
    ];
    const refuse = () => {
      throw new DatabaseUnavailable(new Error('Connection terminated unexpectedly'));
    };
    worker = createOutboxWorker<Row>(
      {
        enabled: true,
        now: () => new Date(),
        claim: async () => {
          if (state.away) refuse();
          state.events.push('claim');
          // What is not recorded yet (a row claimed and not sent is due again when its claim ends).
          return due.filter((row) => !state.events.includes(`record ${row.id}`));
        },
        send: async (row) => {
          state.events.push(`send ${row.id}`);
        },
        markDelivered: async (row) => {
          if (state.away) {
            state.refusedRecords += 1;
            refuse();
          }
          state.events.push(`record ${row.id}`);
        },
        markFailed: async (id) => {
          if (state.away) refuse();
          state.events.push(`failed ${id}`);
        },
        count: () => undefined,
        describe: (row) => ({ id: row.id }),
        messages: {
          failed: 'failed',
          gaveUp: 'gave up',
          round: 'round failed',
          unrecorded: 'unrecorded',
        },
      },
      {
        warn: (_details, message) => state.events.push(message),
        error: (details, message) => state.errors.push(`${JSON.stringify(details)} ${message}`),
      },
      { pollMs: 60_000, ...options },
    );
    return state;
  }

  it('sends nothing more that round, and records it before claiming anything new', async () => {
    const state = loop({ recordRetryMs: 60_000 });
    // The database goes away between the SMTP server's answer and the write.
    const sending = worker!.runOnce();
    state.away = true;
    expect(await sending).toBe(1);
    expect(state.events).toEqual(['claim', 'send a', 'unrecorded']);
    // Still away: the round fails before it claims.
    await expect(worker!.runOnce()).rejects.toBeInstanceOf(DatabaseUnavailable);
    state.away = false;
    expect(await worker!.runOnce()).toBe(1);
    expect(state.events).toEqual([
      'claim',
      'send a',
      'unrecorded',
      'record a',
      'claim',
      'send b',
      'record b',
    ]);
  });

  it('records it by itself once the database answers, with no round run', async () => {
    const state = loop({ recordRetryMs: 20 });
    const sending = worker!.runOnce();
    state.away = true;
    await sending;
    // Tried every 20 ms while away, in vain; then the database answers.
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && state.refusedRecords < 3)
      await new Promise((r) => setTimeout(r, 10));
    expect(state.refusedRecords).toBeGreaterThanOrEqual(3);
    expect(state.events).toEqual(['claim', 'send a', 'unrecorded']);
    state.away = false;
    while (Date.now() < deadline && !state.events.includes('record a'))
      await new Promise((r) => setTimeout(r, 10));
    expect(state.events).toEqual(['claim', 'send a', 'unrecorded', 'record a']);
  });

  it('says, as it stops, each row it could not record', async () => {
    const state = loop({ recordRetryMs: 60_000 });
    const sending = worker!.runOnce();
    state.away = true;
    await sending;
    await worker!.stop();
    expect(state.errors).toEqual([
      expect.stringMatching(
        /^\{"id":"a","err":.*\} unrecorded: not recorded before stopping, so sent again once its claim ends$/,
      ),
    ]);
  });
});
