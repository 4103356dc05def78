import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';

describe.each(engines())('catalogue on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('lists the demo plans with string costs, Boost 100 among them and a 350 plan', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public/plans?building-code=G1A2B3',
    });
    expect(res.statusCode).toBe(200);
    const plans = res.json() as Array<{
      id: string;
      name: string;
      cost: string;
      rsp: string;
      addressLIT: boolean;
      addressNonLIT: boolean;
      speed: number;
    }>;
    expect(plans.find((p) => p.name === 'Boost 100')).toMatchObject({
      cost: '79.00',
      rsp: 'demo',
      addressLIT: true,
      addressNonLIT: true,
    });
    expect(plans.some((p) => p.id.includes('350'))).toBe(true);
    // Plans above 100 Mbps are LIT-only; 100 Mbps and below are offered to both.
    for (const p of plans) expect(p.addressNonLIT).toBe(p.speed <= 100);
    expect(plans.map((p) => p.speed)).toEqual([...plans.map((p) => p.speed)].sort((a, b) => a - b));
  });

  it('lists plans without a building code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/plans' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['G0ZZZZ', 404],
    ['bad code!', 400],
  ])('answers building code %s with %i', async (code, status) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/plans?building-code=${encodeURIComponent(code)}`,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toHaveProperty('error');
  });

  it("lists routers: one bring-your-own at cost '0' and paid ones per month", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/routers' });
    const routers = res.json() as Array<{ cost: string; description2: string }>;
    expect(routers.filter((r) => r.cost === '0')).toHaveLength(1);
    const paid = routers.filter((r) => r.cost !== '0');
    expect(paid.length).toBeGreaterThanOrEqual(2);
    for (const r of paid) expect(r.description2).toBe('per month');
  });
});
