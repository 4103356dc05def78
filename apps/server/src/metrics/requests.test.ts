import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/app.ts';
import { sample, scrape } from '../test-support/metrics.ts';

// Request durations by route pattern, rate-limit refusals, /metrics kept off the public port and
// one registry per app (README, Metrics). Each test asks from its own address: the limits count
// per address.

function builtWizard(): string {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  return dist;
}

describe('request metrics', () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    const limits = { RATE_LIMIT_PER_MINUTE: '3', CODE_CHECKS_PER_MINUTE: '1' };
    [t, other] = await Promise.all([
      startTestApp('pglite', limits, { webDist: builtWizard() }),
      startTestApp('pglite'),
    ]);
  });
  afterAll(() => Promise.all([t.close(), other.close()]));

  const get = (app: TestApp, url: string, remoteAddress: string, accept = '*/*') =>
    app.app.inject({ method: 'GET', url, remoteAddress, headers: { accept } });

  it('labels request durations with the route pattern, never the URL; unmatched for a 404', async () => {
    // Adelaide's building has a campaign, the first has none.
    expect((await get(t, '/api/v1/public/building/G5E6F7/campaign', '192.0.2.1')).statusCode).toBe(
      200,
    );
    expect((await get(t, '/api/v1/public/building/G1A2B3/campaign', '192.0.2.1')).statusCode).toBe(
      404,
    );
    expect((await get(t, '/api/v1/no-such-thing/G1A2B3', '192.0.2.1')).statusCode).toBe(404);
    const text = await scrape(t.app);
    const count = (labels: Record<string, string>) =>
      sample(text, 'http_request_duration_seconds_count', labels);
    const route = '/api/v1/public/building/:code/campaign';
    expect(count({ method: 'GET', route, status: '200' })).toBe(1);
    expect(count({ method: 'GET', route, status: '404' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(text).not.toContain('G5E6F7');
    expect(text).not.toContain('G1A2B3');
    expect(text).not.toContain('no-such-thing');
  });

  it('answers 404 for /metrics on the public port, even to a page request', async () => {
    for (const accept of ['text/plain', 'text/html', '*/*']) {
      const res = await get(t, '/metrics', '192.0.2.2', accept);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'No such route' });
    }
    // The wizard's page still answers other page requests.
    expect((await get(t, '/some/step', '192.0.2.3', 'text/html')).statusCode).toBe(200);
  });

  it('counts refusals by limit: the global one and a route group', async () => {
    const global = [];
    for (let i = 0; i < 4; i++)
      global.push((await get(t, '/api/v1/public/routers', '192.0.2.4')).statusCode);
    expect(global).toEqual([200, 200, 200, 429]);
    expect((await get(t, '/api/v1/demo/referral/A1', '192.0.2.5')).statusCode).not.toBe(429);
    expect((await get(t, '/api/v1/demo/referral/A2', '192.0.2.5')).statusCode).toBe(429);

    const text = await scrape(t.app);
    expect(sample(text, 'fibre_rate_limited_total', { limit: 'global' })).toBe(1);
    expect(sample(text, 'fibre_rate_limited_total', { limit: 'codes' })).toBe(1);
    const refused = { route: '/api/v1/public/routers', status: '429' };
    expect(sample(text, 'http_request_duration_seconds_count', refused)).toBe(1);
  });

  it('keeps each app’s counts in its own registry, with the process figures in both', async () => {
    expect((await get(other, '/api/v1/public/routers', '192.0.2.6')).statusCode).toBe(200);
    const [mine, theirs] = await Promise.all([scrape(t.app), scrape(other.app)]);
    const routers = { route: '/api/v1/public/routers', status: '200' };
    expect(sample(mine, 'http_request_duration_seconds_count', routers)).toBe(3);
    expect(sample(theirs, 'http_request_duration_seconds_count', routers)).toBe(1);
    expect(sample(theirs, 'fibre_rate_limited_total')).toBeUndefined();
    for (const text of [mine, theirs]) {
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    }
  });
});
