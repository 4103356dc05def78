import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { searchTerms } from './address-text.ts';
import { addressRevision, insertAddresses, type AddressRow } from './repository/addresses.ts';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { keptSearches } from './kept-searches.ts';

// docs/decisions/022-kept-answers.md, "Autocomplete answers": a search's answer is kept until the
// address index changes, whoever changes it.

const address = (n: number, street: string): AddressRow => ({
  id: `kept-${street.toLowerCase().replaceAll(' ', '-')}-${n}`,
  formatted_address: `${n} ${street}, Zetland NSW 2017`,
  street_number: String(n),
  street,
  suburb: 'Zetland',
  state: 'NSW',
  postcode: '2017',
  building_code: null,
});

describe.each(engines())('kept autocomplete answers on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const predictions = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public/addresses',
      query: { q },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { predictions: Array<{ formatted_address: string }> }).predictions.map(
      (p) => p.formatted_address,
    );
  };

  /**
   * The searches a kept set runs, counted at the search connections. Each ask also reads the
   * revision there, once when asked one at a time, so the searches are the uses less the asks.
   */
  const counted = (kept: number) => {
    let uses = 0;
    let asks = 0;
    const database = {
      db: t.database.db,
      search: (ms: number) => {
        uses += 1;
        return t.database.search(ms);
      },
    } as unknown as Database;
    const ctx = {
      database,
      config: { autocompleteKept: kept, autocompleteTimeoutMs: 300 },
    } as unknown as AppContext;
    const searches = keptSearches(ctx);
    return {
      kept: {
        search: (...args: Parameters<typeof searches.search>) => {
          asks += 1;
          return searches.search(...args);
        },
      },
      searches: () => uses - (kept === 0 ? 0 : asks),
    };
  };

  it('moves the revision with every statement that writes addresses, and only then', async () => {
    const db = t.database.db;
    const before = await addressRevision(db);
    expect(await addressRevision(db)).toBe(before);
    await insertAddresses(db, [address(1, 'Revision Row')]);
    const inserted = await addressRevision(db);
    expect(inserted).not.toBe(before);
    await db
      .updateTable('addresses')
      .set({ street_number: '2' })
      .where('id', '=', 'kept-revision-row-1')
      .execute();
    const updated = await addressRevision(db);
    expect(updated).not.toBe(inserted);
    await db.deleteFrom('addresses').where('id', '=', 'kept-revision-row-1').execute();
    expect(await addressRevision(db)).not.toBe(updated);
  });

  it('answers a search again from memory while the index is unchanged', async () => {
    const { kept, searches } = counted(10);
    const terms = searchTerms('Harris St');
    const first = await kept.search(terms, 5);
    expect(first.length).toBeGreaterThan(0);
    expect(await kept.search(terms, 5)).toBe(first);
    expect(searches()).toBe(1);
    // Another limit is another answer.
    await kept.search(terms, 3);
    expect(searches()).toBe(2);
  });

  it('keeps at most AUTOCOMPLETE_KEPT answers, the least recently asked going first, and none with 0', async () => {
    const { kept, searches } = counted(2);
    const [a, b, c] = ['Harris St', 'Pyrmont', 'Zetland'].map((q) => searchTerms(q));
    await kept.search(a!, 5);
    await kept.search(b!, 5);
    await kept.search(a!, 5); // a is now the most recent
    await kept.search(c!, 5); // b goes
    expect(searches()).toBe(3);
    await kept.search(a!, 5);
    expect(searches()).toBe(3);
    await kept.search(b!, 5);
    expect(searches()).toBe(4);

    const none = counted(0);
    await none.kept.search(a!, 5);
    await none.kept.search(a!, 5);
    expect(none.searches()).toBe(2);
  });

  it('answers with an address imported after the search was kept', async () => {
    expect(await predictions('Quillbrook Pa')).toEqual([]);
    await insertAddresses(t.database.db, [address(7, 'Quillbrook Parade')]);
    expect(await predictions('Quillbrook Pa')).toEqual(['7 Quillbrook Parade, Zetland NSW 2017']);
  });

  it('forgets a kept answer when the table is emptied by hand', async () => {
    await insertAddresses(t.database.db, [address(3, 'Wexmoor Close')]);
    expect(await predictions('Wexmoor Cl')).toHaveLength(1);
    await sql`DELETE FROM addresses WHERE street = 'Wexmoor Close'`.execute(t.database.db);
    expect(await predictions('Wexmoor Cl')).toEqual([]);
  });
});
