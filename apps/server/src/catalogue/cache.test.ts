import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { openPglite } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { freshPostgres } from '../test-support/app.ts';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';
import { openCatalogueCache, type CatalogueCache } from './cache.ts';
import { importCatalogue } from './import.ts';

const demo = demoCatalogue();
const sha = (label: string) => createHash('sha256').update(label).digest('hex');
const priced = (monthly: number) => {
  const c = structuredClone(demo);
  c.plans.find((p) => p.id === 'boost-100')!.monthly = monthly;
  return c;
};
const boost = (cache: CatalogueCache) =>
  cache.current().plans.find((p) => p.id === 'boost-100')?.cost;

describe('the catalogue cache on PGlite', () => {
  let database: Database;
  let cache: CatalogueCache;
  beforeAll(async () => {
    database = await openPglite(undefined);
    await migrate(database);
    await importCatalogue(database, demo, { sha: sha('demo'), source: 'demo', now: new Date() });
    cache = await openCatalogueCache(database, {
      brand: {
        code: undefined,
        name: 'Acme Fibre',
        phone: undefined,
        email: undefined,
        billingPortalUrl: 'https://billing.acme.example/',
        brandColour: undefined,
      },
    });
  });
  afterAll(async () => {
    await cache.close();
    await database.close();
  });

  it('serves the newest version: plans slowest first, routers cheapest first, the rules', () => {
    const snapshot = cache.current();
    expect(snapshot).toMatchObject({ version: 1, isDemo: true });
    expect(snapshot.plans.map((p) => p.speed)).toEqual([25, 100, 250, 350, 500, 1000]);
    expect(snapshot.routers.map((r) => r.cost)).toEqual(['0', '10.00', '15.00']);
    expect(snapshot.plans[1]).toMatchObject({ rsp: 'demo', busyHourSpeed: 95, cost: '79.00' });
    expect(snapshot.domain).toMatchObject({
      provider: 'demo',
      staticIpMonthly: 9,
      newDevelopmentCharge: 300,
      cardFees: expect.objectContaining({
        amex: { percent: 1.5, cap: null, words: 'American Express card surcharge' },
        visa: expect.objectContaining({ percent: 0 }),
      }),
      defaultPlanId: 'boost-100',
    });
  });

  it('puts the brand variables over the file’s words, and keeps the rest', () => {
    expect(cache.current().provider).toMatchObject({
      code: 'demo',
      name: 'Acme Fibre',
      support_phone: '1300 000 000',
      colour: '#0b6bcb',
      links: { billing_portal: 'https://billing.acme.example/' },
    });
  });

  it('serves an import made in this process before the import returns', async () => {
    await importCatalogue(database, priced(84), {
      sha: sha('84'),
      source: 'file',
      now: new Date(),
    });
    expect(cache.current()).toMatchObject({ version: 2, isDemo: false });
    expect(boost(cache)).toBe('84.00');
  });
});

// Several instances on one PostgreSQL (docs/decisions/011-catalogue-as-data.md): each polls.
describe.runIf(!!process.env.TEST_DATABASE_URL)('two caches on one PostgreSQL', () => {
  const schema = `t_cat_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let one: Database;
  let two: Database;
  let cli: Database;
  let a: CatalogueCache;
  let b: CatalogueCache;
  beforeAll(async () => {
    one = await freshPostgres(schema);
    two = await freshPostgres(schema);
    cli = await freshPostgres(schema);
    await migrate(one);
    await importCatalogue(one, demo, { sha: sha('demo'), source: 'demo', now: new Date() });
    a = await openCatalogueCache(one);
    b = await openCatalogueCache(two);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.all([one?.close(), two?.close(), cli?.close()]);
  });

  it('both serve an import made through another connection, soon after', async () => {
    expect([boost(a), boost(b)]).toEqual(['79.00', '79.00']);
    const { version } = await importCatalogue(cli, priced(89), {
      sha: sha('89'),
      source: 'file',
      now: new Date(),
    });
    // Each polls every 250 ms; the wait is generous for a busy machine, the check is the outcome.
    await vi.waitFor(
      () => expect([a, b].map((c) => c.current().version)).toEqual([version, version]),
      {
        timeout: 10_000,
        interval: 50,
      },
    );
    expect([boost(a), boost(b)]).toEqual(['89.00', '89.00']);
  });

  it('queues two imports at once: one version each, the newest served', async () => {
    const [x, y] = await Promise.all([
      importCatalogue(one, priced(91), { sha: sha('91'), source: 'file', now: new Date() }),
      importCatalogue(two, priced(92), { sha: sha('92'), source: 'file', now: new Date() }),
    ]);
    expect([x.version, y.version].sort()).toEqual([3, 4]);
    const newest = x.version > y.version ? '91.00' : '92.00';
    await vi.waitFor(() => expect([boost(a), boost(b)]).toEqual([newest, newest]), {
      timeout: 10_000,
      interval: 50,
    });
    // The later import's difference starts from the earlier one's prices: the lock queued them.
    const later = x.version > y.version ? x : y;
    const earlierPrice = later === x ? '92.00' : '91.00';
    expect(later.changes).toEqual([`plan boost-100: monthly ${earlierPrice} -> ${newest}`]);
  });

  it('stops polling when closed', async () => {
    await a.close();
    await importCatalogue(cli, priced(95), { sha: sha('95'), source: 'file', now: new Date() });
    await vi.waitFor(() => expect(boost(b)).toBe('95.00'), { timeout: 10_000, interval: 50 });
    expect(boost(a)).not.toBe('95.00');
  });
});

// docs/deploy.md, "When the database restarts": the poll waits longer after each failure, and the
// last snapshot is served meanwhile.
describe('the catalogue poll while its database is away', () => {
  it('backs off, saying each failure, and keeps serving the snapshot it has', async () => {
    const pglite = await openPglite(undefined);
    await migrate(pglite);
    await importCatalogue(pglite, demo, { sha: sha('demo'), source: 'demo', now: new Date() });
    // The poll runs on PostgreSQL only: the same database, as PostgreSQL would be polled.
    const database: Database = { ...pglite, kind: 'postgres' };
    const failures: unknown[] = [];
    const cache = await openCatalogueCache(database, {
      pollMs: 20,
      onError: (error) => failures.push(error),
    });
    try {
      await pglite.close();
      await new Promise((r) => setTimeout(r, 1_000));
      // 20, 40, 80, 160, 320 ms ...: some five failures in a second, where a steady poll says fifty.
      expect(failures.length).toBeGreaterThanOrEqual(3);
      expect(failures.length).toBeLessThanOrEqual(7);
      expect(cache.current().version).toBe(1);
    } finally {
      await cache.close();
    }
  });
});
