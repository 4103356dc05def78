import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's figures (prom-client's defaults: event-loop lag, heap, CPU, handles, GC), in a
 * registry of their own made once per process. Per app, each of the many apps a test process
 * builds would start its own event-loop monitor and GC observer and never stop them; and the
 * figures are the process's, whichever app shows them.
 */
let shared: Registry | undefined;

export function processRegistry(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
