/*
 * The server's graceful shutdown (server.ts) sends the spans still waiting in the batch before
 * the process exits. Nothing to do when tracing is off (docs/decisions/029-tracing.md).
 */
let stop: () => Promise<void> = async () => {};

/** Called by tracing/start.ts with the SDK's shutdown. */
export function onStopTracing(shutdown: () => Promise<void>): void {
  stop = shutdown;
}

/** Sends what is left and stops the SDK; never throws (an unreachable collector loses spans). */
export async function stopTracing(): Promise<void> {
  try {
    await stop();
  } catch {
    // The spans are lost; the shutdown goes on.
  }
}
