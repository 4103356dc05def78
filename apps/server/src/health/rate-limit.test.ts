import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/app.ts';
import { demoCatalogueOf } from '../test-support/demo-catalogue.ts';

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
  const provider = `rl${Date.now() % 1_000_000}`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      RATE_LIMIT_PER_MINUTE: '4',
      CODE_CHECKS_PER_MINUTE: '2',
      REDIS_URL: process.env.TEST_REDIS_URL!,
      PROVIDER_CODE: provider,
    };
    // PROVIDER_CODE pins the catalogue's code: each test's own, so Redis keys never meet.
    a = await startTestApp('pglite', env, { catalogue: demoCatalogueOf(provider) });
    b = await startTestApp('pglite', env, { catalogue: demoCatalogueOf(provider) });
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

  it('counts a per-route limit across both instances', async () => {
    const remoteAddress = '192.0.2.10';
    const check = (t: TestApp, code: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/${provider}/referral/${code}`, remoteAddress });
    const codes = [(await check(a, 'A1')).statusCode, (await check(b, 'B1')).statusCode];
    expect(codes).not.toContain(429);
    const refused = await check(a, 'A2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many code checks from this address: please wait a minute and try again',
    });
  });

  it('takes the socket as the client: rotating X-Forwarded-For does not escape', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) {
      const res = await (i % 2 ? b : a).app.inject({
        method: 'GET',
        url: '/api/v1/public/routers',
        remoteAddress: '192.0.2.11',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
