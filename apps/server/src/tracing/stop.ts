/*
 * The server's graceful shutdown (server.ts) sends the spans still waiting in the batch before
 * the process exits. Nothing to do when tracing is off (docs/decisions/029-tracing.md).
 */
let stop: () => Promise<void> = async () => {};

/** How long the shutdown waits for the collector: an unreachable one must not hold it up. */
const STOP_WAIT_MS = 3_000;

/** Called by tracing/start.ts with the SDK's shutdown. */
export function onStopTracing(shutdown: () => Promise<void>): void {
  stop = shutdown;
}

/** Sends what is left and stops the SDK, waiting 3 s at most; never throws (spans are lost). */
export async function stopTracing(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, STOP_WAIT_MS);
    timer.unref();
  });
  try {
    await Promise.race([stop(), waited]);
  } catch {
    // The spans are lost; the shutdown goes on.
  } finally {
    clearTimeout(timer);
  }
}
