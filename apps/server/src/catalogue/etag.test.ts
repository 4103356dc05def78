import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, importTestCatalogue, startTestApp, type TestApp } from '../test-support/app.ts';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip, noneMatch } from '../http/prepared.ts';

// docs/decisions/020-reads-from-memory.md: plans and routers are serialised once per catalogue
// version and tagged with it; the building check reads the served catalogue.

describe('If-None-Match', () => {
  it.each([
    [undefined, false],
    ['"catalogue-3-plans"', true],
    ['W/"catalogue-3-plans"', true],
    ['"catalogue-2-plans", "catalogue-3-plans"', true],
    ['*', true],
    ['"catalogue-2-plans"', false],
    ['catalogue-3-plans', false],
  ])('%s names "catalogue-3-plans": %s', (header, named) => {
    expect(noneMatch(header, '"catalogue-3-plans"')).toBe(named);
  });
});

describe('Accept-Encoding', () => {
  it.each([
    [undefined, false],
    ['gzip, deflate, br, zstd', true],
    ['GZIP', true],
    ['br;q=1.0, gzip;q=0.5', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip;q=0, *;q=0', false],
    ['br, deflate', false],
    ['identity', false],
  ])('%s accepts gzip: %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });
});

describe.each(engines())('plans and routers tagged by catalogue version on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const get = (url: string, etag?: string) =>
    t.app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

  it.each(['/api/v1/public/plans?building-code=G1A2B3', '/api/v1/public/routers'])(
    '%s: an ETag, and 304 without a body for a client that holds it',
    async (url) => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"catalogue-\d+-(plans|routers)"$/);
      const again = await get(url, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await get(url, '"catalogue-0-plans"')).statusCode).toBe(200);
    },
  );

  it('gzips the answer for a browser that accepts it, under its own tag', async () => {
    const url = '/api/v1/public/plans';
    const plain = await get(url);
    const asBrowser = (etag?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: {
          'accept-encoding': 'gzip, deflate, br, zstd',
          ...(etag ? { 'if-none-match': etag } : {}),
        },
      });
    const gzipped = await asBrowser();
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.body.length / 3);
    // A tag names one representation: the gzipped one has its own.
    const etag = String(gzipped.headers.etag);
    expect(etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-gzip"`);
    const again = await asBrowser(etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await asBrowser(String(plain.headers.etag))).statusCode).toBe(200);
    expect((await get(url, etag)).statusCode).toBe(200);
  });

  it('answers the new version, with a new tag, once an import changes the catalogue', async () => {
    const before = await get('/api/v1/public/plans');
    const changed = demoCatalogue();
    changed.plans[0]!.monthly += 5;
    const dropped = changed.buildings.pop()!;
    await importTestCatalogue(t.database, changed);

    const after = await get('/api/v1/public/plans', String(before.headers.etag));
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const plan = (after.json() as Array<{ id: string; cost: string }>).find(
      (p) => p.id === changed.plans[0]!.id,
    );
    expect(plan?.cost).toBe(changed.plans[0]!.monthly.toFixed(2));

    // The dropped building is retired: the plans call no longer knows it.
    const gone = await get(`/api/v1/public/plans?building-code=${dropped.code}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      error: 'not_found',
      message: `Unknown building ${dropped.code}`,
    });
  });
});
