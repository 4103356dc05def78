import { describe, expect, it } from 'vitest';
import { freshReads } from './fresh-reads.ts';

// docs/decisions/022-kept-answers.md: callers waiting at once share a read, but never one
// that began before they asked.

/** A read that ends when the test says, answering the number of reads begun so far. */
function reads() {
  const pending: Array<() => void> = [];
  let begun = 0;
  return {
    read: () => {
      const n = ++begun;
      return new Promise<number>((resolve) => pending.push(() => resolve(n)));
    },
    finishOne: async () => {
      pending.shift()!();
      // Let the waiting callers run.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
    get begun() {
      return begun;
    },
  };
}

describe('freshReads', () => {
  it('gives a caller that arrives during a read the next one, shared with the others that wait', async () => {
    const shared = freshReads<number>();
    const r = reads();
    const first = shared('k', r.read);
    // These arrive while the first read runs: it may predate them, so they wait for the next.
    const second = shared('k', r.read);
    const third = shared('k', r.read);
    expect(r.begun).toBe(1);
    await r.finishOne();
    expect(await first).toBe(1);
    expect(r.begun).toBe(2);
    await r.finishOne();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    expect(r.begun).toBe(2);
  });

  it('keeps keys apart, and reads afresh once nothing is pending', async () => {
    const shared = freshReads<number>();
    const r = reads();
    const a = shared('a', r.read);
    const b = shared('b', r.read);
    expect(r.begun).toBe(2);
    await r.finishOne();
    await r.finishOne();
    expect([await a, await b]).toEqual([1, 2]);
    const later = shared('a', r.read);
    expect(r.begun).toBe(3);
    await r.finishOne();
    expect(await later).toBe(3);
  });

  it('passes a failed read to its callers, and the waiting ones still get a read of their own', async () => {
    const shared = freshReads<number>();
    let fail = true;
    let begun = 0;
    let release!: () => void;
    const read = () =>
      new Promise<number>((resolve, reject) => {
        begun += 1;
        const n = begun;
        release = () => (fail ? reject(new Error('down')) : resolve(n));
      });
    const first = shared('k', read);
    const waiting = shared('k', read);
    const failed = expect(first).rejects.toThrow('down');
    release();
    await failed;
    fail = false;
    // The waiting caller's read begins once the failed one ended.
    await new Promise((r) => setTimeout(r, 0));
    release();
    expect(await waiting).toBe(2);
  });
});
