import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { fakeAssets, fakeBuild } from '../test-support/web-build.ts';

// docs/decisions/010-limits.md: the pages and the files of their build count against
// PAGES_PER_MINUTE, not the API's RATE_LIMIT_PER_MINUTE. Before, a few visitors behind one
// address spent the API's budget on the wizard's chunks, and the plan step's chunk answered 429.

/** One visit's page load: the page, its script, and the plan step's chunk and style. */
const pageLoad = ['/', fakeAssets.main, fakeAssets.planStep, fakeAssets.planStyle];

let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

describe.each(engines())('page and file loads on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      engine,
      { RATE_LIMIT_PER_MINUTE: '5', PAGES_PER_MINUTE: '100' },
      { webDist: fakeBuild({ console: true, order: true }) },
    );
  });
  afterAll(() => t.close());

  const get = (url: string, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url, remoteAddress });

  it('leave the API its budget: many page loads from one address, then the plans and the plan step’s chunk', async () => {
    const address = newAddress();
    const statuses = new Set<number>();
    // Fifteen visitors' page loads, the console and an order page: 62 requests, over 5.
    for (let visit = 0; visit < 15; visit++)
      for (const url of pageLoad) statuses.add((await get(url, address)).statusCode);
    statuses.add((await get('/admin', address)).statusCode);
    statuses.add((await get('/order/some-order-token', address)).statusCode);
    expect([...statuses]).toEqual([200]);

    const plans = await get('/api/v1/public/plans', address);
    expect(plans.statusCode).toBe(200);
    expect(plans.json<unknown[]>().length).toBeGreaterThan(0);
    const chunk = await get(fakeAssets.planStep, address);
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toContain('BuildPlanStep');
  });

  it('still limit the API per address', async () => {
    const address = newAddress();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await get('/api/v1/public/routers', address)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    // Spent on the API, the address still gets the page and its files.
    expect((await get('/', address)).statusCode).toBe(200);
    expect((await get(fakeAssets.planStep, address)).statusCode).toBe(200);
  });

  it('have their own, far larger bound', async () => {
    const address = newAddress();
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push((await get(fakeAssets.main, address)).statusCode);
    expect(answers.every((status) => status === 200)).toBe(true);
    const refused = await get(pageLoad[0]!, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many page loads from this address: please wait a minute and try again',
    });
    // The pages' budget spent, the API's is whole.
    expect((await get('/api/v1/public/plans', address)).statusCode).toBe(200);
  });
});
