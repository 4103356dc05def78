import { afterEach, describe, expect, it, vi } from 'vitest';
import { onStopTracing, stopTracing } from './stop.ts';

// docs/deploy.md, "Tracing": the shutdown sends what is left, and waits 3 s at most for it.
describe('stopTracing', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the SDK to send what is left', async () => {
    let sent = false;
    onStopTracing(async () => {
      await new Promise((r) => setTimeout(r, 20));
      sent = true;
    });
    await stopTracing();
    expect(sent).toBe(true);
  });

  it('gives up after 3 s on a collector that never answers', async () => {
    vi.useFakeTimers();
    onStopTracing(() => new Promise<void>(() => {}));
    let done = false;
    const stopping = stopTracing().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2_900);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await stopping;
    expect(done).toBe(true);
  });

  it('never throws', async () => {
    onStopTracing(() => Promise.reject(new Error('collector refused')));
    await expect(stopTracing()).resolves.toBeUndefined();
  });
});
