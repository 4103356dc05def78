import { randomUUID } from 'node:crypto';
import { addMonths } from 'date-fns';
import { fetchCaller, freeSlots, prepareOrder, type Caller } from '@fibre/server/testing';
import { percentile } from './support/load.ts';
import type { Options } from './support/options.ts';
import { ms, section, type Section } from './support/report.ts';
import { startServer } from './support/servers.ts';
import { engineName, engines, freshStore } from './support/stores.ts';

const WORKERS = 8;
const QUARTERS = 4;

/**
 * Orders placed end to end as the wizard places them, with the local billing ledger and crew
 * calendar: tokenise the card in the test-mode vault, hold a slot, then install with an
 * Idempotency-Key. `WORKERS` visitors order at once for the configured time; each order takes a
 * slot of its own, so none is refused for a taken window.
 */
export async function ordersBenchmark(options: Options): Promise<Section> {
  const s = section('Orders end to end (vault token, hold, install)', [
    'database',
    'orders completed',
    'orders/s',
    'p50 per order',
    'p99 per order',
    'failed',
  ]);
  for (const engine of engines) {
    const store = await freshStore(engine, 'orders');
    const server = await startServer('real', { ...store.env, ADDRESS_INDEX_SIZE: '0' });
    try {
      const caller = catalogueCached(fetchCaller(server.base));
      // The slots of four successive three-month fetches (the wizard's window), a year of NSW.
      const queue: Array<{ now: Date; slotIndex: number }> = [];
      for (let q = 0; q < QUARTERS; q++) {
        const now = addMonths(new Date(), 3 * q);
        const slots = await freeSlots(caller, 'NSW', now);
        slots.forEach((_, slotIndex) => queue.push({ now, slotIndex }));
      }
      const latencies: number[] = [];
      let failed = 0;
      const deadline = performance.now() + options.orderSeconds * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: WORKERS }, async () => {
          for (
            let next = queue.shift();
            next && performance.now() < deadline;
            next = queue.shift()
          ) {
            const t0 = performance.now();
            try {
              const { body } = await prepareOrder(caller, { slotIndex: next.slotIndex }, next.now);
              const res = await fetch(`${server.base}/api/v1/demo/install`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
                body: JSON.stringify(body),
              });
              await res.arrayBuffer();
              if (res.status !== 201) throw new Error(`install answered ${res.status}`);
              latencies.push(performance.now() - t0);
            } catch {
              failed += 1;
            }
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((x, y) => x - y);
      s.rows.push([
        engineName(engine),
        String(latencies.length),
        (latencies.length / elapsed).toFixed(1),
        ms(percentile(latencies, 50)),
        ms(percentile(latencies, 99)),
        String(failed),
      ]);
    } finally {
      await server.stop();
      await store.remove();
    }
  }
  s.notes.push(
    `${WORKERS} concurrent visitors for ${options.orderSeconds} s, each order three requests (POST test-vault/tokens, POST reservations, POST install) through test-support/order.ts's prepareOrder, so the body is the wizard's; plans, routers and slot listings are fetched once and reused.`,
    'Each order takes its own slot from a year of NSW windows; an order whose install is not 201 counts as failed.',
  );
  return s;
}

/** GETs (catalogue and slot listings) answered once and remembered; everything else goes through. */
function catalogueCached(caller: Caller): Caller {
  const seen = new Map<string, Promise<{ status: number; body: unknown }>>();
  return (async (method, url, payload) => {
    if (method !== 'GET') return caller(method, url, payload);
    let answer = seen.get(url);
    if (!answer) seen.set(url, (answer = caller(method, url)));
    return answer;
  }) as Caller;
}
