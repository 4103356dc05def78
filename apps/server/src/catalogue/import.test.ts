import { createHash } from 'node:crypto';
import type { ProviderCatalogue } from '@fibre/domain/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';
import { importCatalogue } from './import.ts';

const demo = demoCatalogue();
const sha = (label: string) => createHash('sha256').update(label).digest('hex');

// Boost 100 up $5, a plan and a coupon and a router and a building dropped, a plan added, a third
// NSW crew, Tasmania without crews, a holiday and a crew day off.
const changed: ProviderCatalogue = structuredClone(demo);
changed.plans.find((p) => p.id === 'boost-100')!.monthly = 84;
changed.plans = changed.plans.filter((p) => p.id !== 'turbo-350');
changed.plans.push({
  ...changed.plans.at(-1)!,
  id: 'giga-2000',
  name: 'Giga 2000',
  speed: 2000,
  busy_hour_speed: 1700,
  monthly: 149,
  cis_url: 'https://demofibre.example/cis/giga-2000.pdf',
});
changed.coupons = changed.coupons.filter((c) => c.code !== 'PNBF24');
changed.routers = changed.routers.filter((r) => r.id !== 'mesh-pro');
changed.buildings = changed.buildings.filter((b) => b.code !== 'G9B0C1');
changed.crews.NSW!.capacity = 3;
delete changed.crews.TAS;
changed.closures.holidays.push({ date: '2026-10-09', name: 'Test Day', states: ['NSW', 'VIC'] });
changed.closures.crew_days_off.push({ state: 'QLD', date: '2026-10-08', crews: 1 });

describe.each(engines())('catalogue import on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const versions = () =>
    db()
      .selectFrom('catalogue_versions')
      .select(['version', 'source', 'provider_code', 'sha256'])
      .orderBy('version')
      .execute();
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('starts a fresh database on the demo catalogue, version 1', async () => {
    expect(await versions()).toMatchObject([{ version: 1, source: 'demo', provider_code: 'demo' }]);
  });

  it('says the difference and applies it as a new version', async () => {
    const result = await importCatalogue(t.database, changed, {
      sha: sha('changed'),
      source: 'file',
      now: new Date(),
    });
    expect(result).toMatchObject({ version: 2, imported: true });
    expect(result.changes).toEqual(
      expect.arrayContaining([
        'plan boost-100: monthly 79.00 -> 84.00',
        'plan giga-2000: added',
        'plan turbo-350: retired',
        'router mesh-pro: retired',
        'coupon PNBF24: retired',
        'building G9B0C1: retired',
        'crews NSW: capacity 2 -> 3',
        'crews TAS: removed',
        'crew crew-tas-1: inactive',
        'holiday 2026-10-09 Test Day: added',
        'crew day off QLD 2026-10-08: added',
      ]),
    );

    const plans = await db().selectFrom('plans').selectAll().orderBy('id').execute();
    expect(plans.find((p) => p.id === 'boost-100')).toMatchObject({
      cost_cents: 8400,
      retired_at: null,
    });
    expect(plans.find((p) => p.id === 'turbo-350')?.retired_at).toBeInstanceOf(Date);
    expect(plans.find((p) => p.id === 'giga-2000')).toMatchObject({
      busy_hour_speed: 1700,
      cis_url: 'https://demofibre.example/cis/giga-2000.pdf',
    });
    const coupon = await db()
      .selectFrom('coupons')
      .select('retired_at')
      .where('coupon_id', '=', 'PNBF24')
      .executeTakeFirstOrThrow();
    expect(coupon.retired_at).toBeInstanceOf(Date);
    const crews = await db()
      .selectFrom('crews')
      .select(['id', 'active'])
      .where('state', 'in', ['NSW', 'TAS'])
      .orderBy('id')
      .execute();
    expect(crews).toEqual([
      { id: 'crew-nsw-1', active: true },
      { id: 'crew-nsw-2', active: true },
      { id: 'crew-nsw-3', active: true },
      { id: 'crew-tas-1', active: false },
    ]);
    const closures = await db()
      .selectFrom('closures')
      .select(['state', 'day', 'crews_off', 'name'])
      .where('day', '=', '2026-10-08')
      .execute();
    expect(closures).toEqual([
      { state: 'QLD', day: '2026-10-08', crews_off: 1, name: 'crew day off' },
    ]);
    const holiday = await db()
      .selectFrom('closures')
      .select('state')
      .where('name', '=', 'Test Day')
      .orderBy('state')
      .execute();
    expect(holiday.map((h) => h.state)).toEqual(['NSW', 'VIC']);
  });

  it('serves the new version in this process as soon as the import returns', async () => {
    const plans = (await get('/api/v1/public/plans')).json() as Array<Record<string, unknown>>;
    expect(plans.map((p) => p.id)).not.toContain('turbo-350');
    expect(plans.find((p) => p.id === 'boost-100')).toMatchObject({
      cost: '84.00',
      busyHourSpeed: 95,
      cisUrl: 'https://demofibre.example/cis/boost-100.pdf',
    });
    expect(plans.at(-1)).toMatchObject({ id: 'giga-2000', busyHourSpeed: 1700 });
    const routers = (await get('/api/v1/public/routers')).json() as Array<{ id: string }>;
    expect(routers.map((r) => r.id)).toEqual(['byo', 'wifi6']);
  });

  it('hides what it retired: the coupon, the building and its address', async () => {
    const coupon = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/coupon',
      payload: { coupon_id: 'PNBF24', plan_ids: ['boost-100'] },
    });
    expect(coupon.statusCode).toBe(404);
    expect((await get('/api/v1/public/plans?building-code=G9B0C1')).statusCode).toBe(404);
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/address-lookup',
      payload: { formatted_address: '7 Wattle Grove, Kellyville NSW 2155' },
    });
    expect(lookup.statusCode).toBe(404);
    const address = await db()
      .selectFrom('addresses')
      .select('building_code')
      .where('id', '=', 'adr-g9b0c1')
      .executeTakeFirstOrThrow();
    expect(address.building_code).toBeNull();
  });

  it('changes nothing when the same file comes again', async () => {
    const before = await versions();
    const again = await importCatalogue(t.database, changed, {
      sha: sha('changed'),
      source: 'file',
      now: new Date(),
    });
    expect(again).toEqual({ version: 2, changes: [], imported: false });
    expect(await versions()).toEqual(before);
  });

  it('brings a retired row back when a later file has it again', async () => {
    const back = await importCatalogue(t.database, demo, {
      sha: sha('demo again'),
      source: 'file',
      now: new Date(),
    });
    expect(back.version).toBe(3);
    expect(back.changes).toEqual(
      expect.arrayContaining(['plan turbo-350: added', 'coupon PNBF24: added']),
    );
    const row = await db()
      .selectFrom('plans')
      .select('retired_at')
      .where('id', '=', 'turbo-350')
      .executeTakeFirstOrThrow();
    expect(row.retired_at).toBeNull();
    expect((await get('/api/v1/public/plans?building-code=G9B0C1')).statusCode).toBe(200);
    const address = await db()
      .selectFrom('addresses')
      .select('building_code')
      .where('id', '=', 'adr-g9b0c1')
      .executeTakeFirstOrThrow();
    expect(address.building_code).toBe('G9B0C1');
  });
});
