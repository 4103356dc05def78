import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAddresses, syncBuildingAddresses, type AddressRow } from './repository/addresses.ts';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';

/*
 * Autocomplete's bounds (docs/decisions/021-autocomplete-bounds.md): ranked from a bounded set of
 * candidates, common words checked on the rows, a statement timeout on PostgreSQL and a bound on
 * the searches one client has running.
 */

interface Prediction {
  formatted_address: string;
}

const harris = '100 Harris Street, Pyrmont NSW 2009';

/** Many more non-building 'Harris Street' addresses than the candidate set holds. */
const manyHarris: AddressRow[] = Array.from({ length: 400 }, (_, i) => ({
  id: `test-harris-${i + 1}`,
  formatted_address: `${i + 1} Harris Street, Zetland NSW 2017`,
  street_number: String(i + 1),
  street: 'Harris Street',
  suburb: 'Zetland',
  state: 'NSW',
  postcode: '2017',
  building_code: null,
}));

const rare: AddressRow = {
  id: 'test-rare',
  formatted_address: '9 Quixwell Lane, Zetland NSW 2017',
  street_number: '9',
  street: 'Quixwell Lane',
  suburb: 'Zetland',
  state: 'NSW',
  postcode: '2017',
  building_code: null,
};

const get = (t: TestApp, q: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/public/addresses', query: { q }, headers });

async function predictions(t: TestApp, q: string): Promise<string[]> {
  const res = await get(t, q);
  expect(res.statusCode).toBe(200);
  return (res.json() as { predictions: Prediction[] }).predictions.map((p) => p.formatted_address);
}

describe.each(engines())('autocomplete bounds on %s', (engine) => {
  describe('ranking', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(engine);
      // The building's address written again after the 400 others, so the first matches the
      // index finds are not it.
      await t.database.db.deleteFrom('addresses').where('building_code', '=', 'G1A2B3').execute();
      await insertAddresses(t.database.db, [...manyHarris, rare]);
      await syncBuildingAddresses(t.database.db);
      await sql`ANALYZE addresses`.execute(t.database.db);
    });
    afterAll(() => t.close());

    it('puts the building first even when hundreds of other addresses match first', async () => {
      const found = await predictions(t, 'Harris Stre');
      expect(found[0]).toBe(harris);
      expect(found).toHaveLength(5);
    });

    it('answers five matching addresses for a broad prefix', async () => {
      const found = await predictions(t, 'Harr');
      expect(found).toHaveLength(5);
      for (const address of found) expect(address).toMatch(/\bHarr/);
    });

    it('finds the one address with a rare word', async () => {
      expect(await predictions(t, 'quixw')).toEqual([rare.formatted_address]);
      expect(await predictions(t, 'Quixwell Lane, Zetland NSW')).toEqual([rare.formatted_address]);
    });

    it.each(['Street NSW ', 'Street', 'Road vic ', 'nsw st'])(
      'answers common words alone (%j) with addresses that have each of them',
      async (q) => {
        const found = await predictions(t, q);
        expect(found).toHaveLength(5);
        const words = q.toLowerCase().trim().split(/\s+/);
        for (const address of found) {
          const have = ` ${address.toLowerCase().replace(/,/g, '')} `;
          for (const w of words.slice(0, -1)) expect(have).toContain(` ${w} `);
          expect(have).toContain(` ${words.at(-1)}`);
        }
      },
    );

    it('checks the common words on the rows the others found', async () => {
      expect((await predictions(t, '17 Harris Street, Zetland NSW'))[0]).toBe(
        '17 Harris Street, Zetland NSW 2017',
      );
      expect(await predictions(t, '17 Harris Road')).toEqual([]);
    });
  });

  describe('an address typed in order', () => {
    // docs/decisions/021-autocomplete-bounds.md, "Typed in order".
    let t: TestApp;
    const quill: AddressRow = {
      id: 'test-quill',
      formatted_address: '5 Quill Street, Zetland NSW 2017',
      street_number: '5',
      street: 'Quill Street',
      suburb: 'Zetland',
      state: 'NSW',
      postcode: '2017',
      building_code: null,
    };
    // Hold the same words in another order, more of them than the candidates' bound, and come
    // first in the table.
    const reversed: AddressRow[] = Array.from({ length: 400 }, (_, i) => ({
      id: `test-zetland-${i + 1}`,
      formatted_address: `${i + 1} Zetland Street, Quill NSW 2000`,
      street_number: String(i + 1),
      street: 'Zetland Street',
      suburb: 'Quill',
      state: 'NSW',
      postcode: '2000',
      building_code: null,
    }));
    beforeAll(async () => {
      t = await startTestApp(engine);
      await insertAddresses(t.database.db, reversed);
      await insertAddresses(t.database.db, [quill]);
      await sql`ANALYZE addresses`.execute(t.database.db);
    });
    afterAll(() => t.close());

    it('is what the list shows, not the addresses that hold its words in another order', async () => {
      expect(await predictions(t, 'Quill Street, Zet')).toEqual([quill.formatted_address]);
      expect(await predictions(t, '5 Quill St, Zetl')).toEqual([quill.formatted_address]);
    });

    it('still finds the words in any order when nothing starts with them', async () => {
      expect(await predictions(t, 'Zetland 2017 Quil')).toEqual([quill.formatted_address]);
    });
  });

  describe('searches one client has running', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(engine, {
        AUTOCOMPLETE_PER_CLIENT: '1',
        AUTOCOMPLETE_TIMEOUT_MS: '60000',
      });
    });
    afterAll(() => t.close());

    it('answers 429 with Retry-After past AUTOCOMPLETE_PER_CLIENT, after that second, whatever X-Forwarded-For says', async () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let first: Promise<{ statusCode: number }> | undefined;
      await t.database.db.transaction().execute(async (trx) => {
        // The table locked: the first search waits inside the database.
        await sql`LOCK TABLE addresses IN ACCESS EXCLUSIVE MODE`.execute(trx);
        first = get(t, 'harris');
        await new Promise((resolve) => setTimeout(resolve, 100));
        const asked = performance.now();
        const second = await get(t, 'pyrmont', { 'x-forwarded-for': '203.0.113.9' });
        expect(second.statusCode).toBe(429);
        // Held for the Retry-After second: asking again at once is no faster than once a second.
        expect(performance.now() - asked).toBeGreaterThanOrEqual(990);
        expect(second.headers['retry-after']).toBe('1');
        expect(second.json()).toMatchObject({ error: 'rate_limited' });
        release();
        await released;
      });
      expect((await first!).statusCode).toBe(200);
      // The first search has answered: its place is free again.
      expect((await get(t, 'pyrmont')).statusCode).toBe(200);
    });
  });

  if (engine === 'postgres') {
    describe('statement timeout', () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await startTestApp(engine, { AUTOCOMPLETE_TIMEOUT_MS: '50' });
      });
      afterAll(() => t.close());

      it('answers 503 search_timeout when a search runs past AUTOCOMPLETE_TIMEOUT_MS', async () => {
        await t.database.db.transaction().execute(async (trx) => {
          // The search waits for the lock past its timeout, as a slow search would run past it.
          await sql`LOCK TABLE addresses IN ACCESS EXCLUSIVE MODE`.execute(trx);
          const res = await get(t, 'harris');
          expect(res.statusCode).toBe(503);
          expect(res.json()).toMatchObject({ error: 'search_timeout' });
        });
        expect((await get(t, 'harris')).statusCode).toBe(200);
      });

      it('searches on connections of their own: with every other connection taken, a search answers', async () => {
        // The test database's pool is ten connections (test-support/app.ts, freshPostgres).
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        const started: Array<() => void> = [];
        const allStarted = Array.from(
          { length: 10 },
          () => new Promise<void>((resolve) => started.push(resolve)),
        );
        const holders = started.map((begun) =>
          t.database.db.transaction().execute(async (trx) => {
            await sql`SELECT 1`.execute(trx);
            begun();
            await released;
          }),
        );
        try {
          await Promise.all(allStarted);
          expect(await predictions(t, '100 Harris Street, Pyrm')).toContain(harris);
        } finally {
          release();
          await Promise.all(holders);
        }
      });
    });
  }
});
