import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/app.ts';

describe('serving the built wizard', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Wizard</title>');
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    t = await startTestApp('pglite', {}, { webDist: dist });
  });
  afterAll(() => t.close());

  it('serves the page at / without caching it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Wizard</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers other page paths with the page, and API paths with JSON 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/somewhere?x=1' })).body).toContain('Wizard');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/public/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('not_found');
    expect((await t.app.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
  });

  it('says how to build when there is no build', async () => {
    const bare = await startTestApp(
      'pglite',
      {},
      { webDist: mkdtempSync(join(tmpdir(), 'no-dist-')) },
    );
    const res = await bare.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build -w apps/web');
    await bare.close();
  });
});
