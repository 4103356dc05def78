import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/app.ts';

describe('rate limit', () => {
  it('answers 429 JSON past the limit, in-process', async () => {
    const t = await startTestApp('pglite', { RATE_LIMIT_PER_MINUTE: '3' });
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await t.app.inject({ method: 'GET', url: '/api/v1/public/routers' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/routers' });
    expect(res.json()).toMatchObject({ error: 'rate_limited', message: 'Too many requests' });
    await t.close();
  });
});

// Redis runs on this machine (and in CI); REDIS_URL shares the counts between instances.
describe.runIf(!!process.env.TEST_REDIS_URL)('rate limit shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      RATE_LIMIT_PER_MINUTE: '4',
      REDIS_URL: process.env.TEST_REDIS_URL!,
      PROVIDER_CODE: `rl${Date.now() % 1_000_000}`,
    };
    a = await startTestApp('pglite', env);
    b = await startTestApp('pglite', env);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts requests to both instances against one limit', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) {
      codes.push((await a.app.inject({ method: 'GET', url: '/api/v1/public/routers' })).statusCode);
      codes.push((await b.app.inject({ method: 'GET', url: '/api/v1/public/routers' })).statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(4);
    expect(codes.filter((c) => c === 429)).toHaveLength(2);
  });
});
