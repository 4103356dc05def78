import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogueCache, type CatalogueCache } from './cache.ts';
import { listCalendar } from '../scheduling/repository/calendar.ts';
import { findBuildingCampaign } from '../offers/repository.ts';
import {
  findBuildingByAddress,
  findBuildingById,
  findBuildingByParts,
  type StreetAddress,
} from './repository/buildings.ts';
import { STATES } from '../scheduling/windows.ts';
import { shortStreetName } from '../addresses/address-text.ts';
import { engines, importTestCatalogue, startTestApp, type TestApp } from '../test-support/app.ts';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';

// docs/decisions/020-reads-from-memory.md: what the served snapshot answers in memory is what the
// stored rows answer through SQL, for the same catalogue.

// The demo with a holiday, crews off and one building dropped (retired in the table).
const catalogue = demoCatalogue();
const dropped = catalogue.buildings.pop()!;
catalogue.closures.holidays.push({ date: '2026-10-09', name: 'Test Holiday', states: ['NSW'] });
catalogue.closures.crew_days_off.push(
  { state: 'NSW', date: '2026-10-08' },
  { state: 'VIC', date: '2026-10-08', crews: 2 },
  { state: 'VIC', date: '2026-10-08' },
);

describe.each(engines())('the served catalogue in memory on %s', (engine) => {
  let t: TestApp;
  let cache: CatalogueCache;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await importTestCatalogue(t.database, catalogue);
    cache = await openCatalogueCache(t.database);
  });
  afterAll(async () => {
    await cache.close();
    await t.close();
  });

  it('finds the buildings the SQL finds, by every writing of an address', async () => {
    const index = cache.current().buildings;
    const addresses = [...catalogue.buildings, dropped].flatMap(({ address: a }) => {
      const text = `${a.street_number} ${a.street}, ${a.suburb} ${a.state} ${a.postcode}`;
      return [
        text,
        text.toUpperCase(),
        `5/${text}`,
        `Unit 5, ${text}`,
        `${a.street_number} ${shortStreetName(a.street)}, ${a.suburb} ${a.state} ${a.postcode}, Australia`,
        `${Number(a.street_number) + 1} ${a.street}, ${a.suburb} ${a.state} ${a.postcode}`,
        `${a.street_number} ${a.street}, ${a.suburb} ${a.state}`,
      ];
    });
    for (const address of addresses) {
      const sql = await findBuildingByAddress(t.database.db, address);
      expect(index.byAddress(address)?.id, address).toBe(sql?.id);
    }
    const parts: StreetAddress[] = [...catalogue.buildings, dropped].flatMap(({ address: a }) => [
      a,
      { ...a, street: shortStreetName(a.street), suburb: a.suburb.toUpperCase() },
      { ...a, street_number: `7/${a.street_number}`, postcode: ` ${a.postcode} ` },
      { ...a, street_number: `${a.street_number}0` },
    ]);
    for (const p of parts) {
      const sql = await findBuildingByParts(t.database.db, p);
      expect(index.byParts(p)?.id, JSON.stringify(p)).toBe(sql?.id);
    }
    for (const b of [...catalogue.buildings, dropped]) {
      const id = `bld-${b.code.toLowerCase()}`;
      expect(index.byId(id)?.id).toBe((await findBuildingById(t.database.db, id))?.id);
      expect(index.byCode(b.code.toLowerCase())?.code).toBe(b === dropped ? undefined : b.code);
    }
    expect(index.byAddress(dropped.address.street)).toBeUndefined();
  });

  it("gives each building's campaign as the SQL does", async () => {
    const index = cache.current().buildings;
    const codes = [...catalogue.buildings, dropped].flatMap((b) => [b.code, b.code.toLowerCase()]);
    expect(catalogue.buildings.some((b) => b.campaign)).toBe(true);
    for (const code of [...codes, 'NOPE00']) {
      const sql = await findBuildingCampaign(t.database.db, 'demo', code.toUpperCase());
      expect(index.campaignOf(code), code).toEqual(sql);
    }
  });

  it("gives each state's crews and closures as the stored rows do", async () => {
    const snapshot = cache.current();
    for (const state of STATES) {
      expect(snapshot.calendar(state), state).toEqual(await listCalendar(t.database.db, state));
    }
  });
});
