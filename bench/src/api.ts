import { bookingMonthWindow, monthKeyOf, stateTimeZone } from '@fibre/domain';
import { addMonths } from 'date-fns';
import { demoBuildings, shortStreetName } from '@fibre/server/testing';
import { load, type Target } from './support/load.ts';
import type { Options } from './support/options.ts';
import { typedPrefixes } from './support/prefixes.ts';
import { ms, perSecond, section, type Section } from './support/report.ts';
import { startServer } from './support/servers.ts';
import { engineName, engines, freshStore, seedStore, type Engine } from './support/stores.ts';

/**
 * The three-month window the wizard loads (docs/rules/installation-and-holds.md), from the first of
 * this month.
 */
function threeMonths(state: string): string {
  const zone = stateTimeZone(state);
  const now = new Date();
  const { from } = bookingMonthWindow(monthKeyOf(now, zone), zone);
  const { from: to } = bookingMonthWindow(monthKeyOf(addMonths(new Date(from), 3), zone), zone);
  return `/api/v1/demo/bookings/${state}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
}

/** The demo buildings' addresses as the wizard sends them: as typed, and as the maps service writes them. */
const lookupBodies = demoBuildings.flatMap((b) => [
  {
    formatted_address: b.formatted_address,
    street_number: b.street_number,
    street: b.street,
    suburb: b.suburb,
    state: b.state,
    postcode: b.postcode,
  },
  {
    formatted_address: `${b.street_number} ${shortStreetName(b.street)}, ${b.suburb} ${b.state} ${b.postcode}, Australia`,
  },
]);

const noop: Target = { method: 'GET', paths: ['/bench/noop'] };

function targets(prefixes: string[]): Array<[string, Target]> {
  return [
    [
      'plans',
      {
        method: 'GET',
        paths: demoBuildings.map((b) => `/api/v1/public/plans?building-code=${b.code}`),
      },
    ],
    ['routers', { method: 'GET', paths: ['/api/v1/public/routers'] }],
    ['bookings, 3 months (NSW)', { method: 'GET', paths: [threeMonths('NSW')] }],
    [
      'autocomplete',
      {
        method: 'GET',
        paths: prefixes.map((q) => `/api/v1/public/addresses?q=${encodeURIComponent(q)}`),
      },
    ],
    [
      'address lookup',
      { method: 'POST', paths: ['/api/v1/public/address-lookup'], bodies: lookupBodies },
    ],
  ];
}

/** Requests per second and latency per read route, beside the no-op floor of the same server. */
export async function apiBenchmark(options: Options): Promise<Section> {
  const s = section('API: reads against the no-op floor', [
    'database',
    'route',
    'req/s',
    'p50',
    'p99',
    'floor req/s (just before)',
    'share of floor',
    'non-2xx',
  ]);
  const worst: Array<{ engine: Engine; route: string; share: number }> = [];
  for (const engine of engines) {
    const store = await freshStore(engine, 'api');
    const seeded = await seedStore(store, options.apiIndexSize, 200);
    await seeded.database.close();
    const server = await startServer('noop', {
      ...store.env,
      ADDRESS_INDEX_SIZE: String(options.apiIndexSize),
    });
    const run = async (target: Target, seconds = options.seconds) => {
      await load(server.base, target, options.warmupSeconds, options.connections);
      return load(server.base, target, seconds, options.connections);
    };
    try {
      for (const [route, target] of targets(typedPrefixes(seeded.addresses))) {
        // The floor is taken again right before each route: on a shared machine it drifts, and a
        // share of a floor measured minutes earlier says more about the neighbours than the route.
        const floor = await run(noop, options.seconds / 2);
        const r = await run(target);
        const share = r.rps / floor.rps;
        worst.push({ engine, route, share });
        s.rows.push([
          engineName(engine),
          route,
          perSecond(r.rps),
          ms(r.p50),
          ms(r.p99),
          `${perSecond(floor.rps)} (p50 ${ms(floor.p50)}, p99 ${ms(floor.p99)})`,
          `${Math.round(share * 100)}%`,
          String(r.failures + floor.failures),
        ]);
      }
    } finally {
      await server.stop();
      await store.remove();
    }
  }
  s.notes.push(
    `${options.connections} keep-alive connections from autocannon in the bench process, ${options.seconds} s per route after ${options.warmupSeconds} s of warm-up, the floor for half as long just before each route; server, database and load generator share the machine's cores.`,
    'The floor is GET /bench/noop, added by bench/src/support/noop-server.ts to a server built with the production buildApp() (same plugins: helmet, rate limit, error handler); the product itself has no such route.',
    `Index of ${options.apiIndexSize.toLocaleString('en-AU')} generated addresses; autocomplete cycles through 200 typed prefixes of them, address lookup through the demo buildings written as typed and as the maps service writes them, plans through the demo building codes.`,
  );
  for (const engine of engines) {
    const rows = worst.filter((w) => w.engine === engine);
    const low = rows.reduce((a, b) => (b.share < a.share ? b : a));
    const under = rows.filter((w) => w.share < 0.5);
    s.budgets.push({
      name: `API reads, ${engineName(engine)}`,
      target: '>= 50% of the no-op floor',
      measured: `lowest: ${low.route} at ${Math.round(low.share * 100)}%`,
      met: under.length === 0,
      gap: under.length
        ? `${under.map((u) => `${u.route} ${Math.round((0.5 - u.share) * 100)} points short`).join('; ')}`
        : `${Math.round((low.share - 0.5) * 100)} points to spare`,
      whenMissed: apiCauses(under.map((u) => u.route)),
    });
  }
  return s;
}

// What profiling found behind each route that falls short (bench/README.md, "What profiling found").
const causes: Record<string, string> = {
  plans: 'plans: two queries (the building check, then the plans).',
  routers: 'routers: one query.',
  'bookings, 3 months (NSW)':
    'bookings: about 470 slots, some 140 KB of JSON, built and sent per call after two queries; its time-zone work (half its CPU before) is now remembered in apps/server/src/scheduling/windows.ts.',
  autocomplete:
    'autocomplete: broad prefixes match thousands of rows, all fetched and sorted (see "Autocomplete at scale").',
  'address lookup':
    "address lookup: one or two queries, then the postcode's buildings compared word by word when the text differs from the stored one.",
};
const roundTrips =
  "Behind all of them: a database round trip costs about as much as the whole no-op request on this machine (PostgreSQL's backend shares the two cores with the server and the load generator; PGlite runs every query on the server's own thread, one at a time). Next steps: keep the catalogue (plans, routers: a few rows that change with a deploy) in process for a short time, a freshness trade for the lead; let the wizard load bookings a month at a time; and the autocomplete ranking below.";

function apiCauses(routes: string[]): string {
  return [...routes.map((r) => causes[r] ?? `${r}: not yet profiled.`), roundTrips].join(' ');
}
