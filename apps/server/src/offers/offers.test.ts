import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';

describe.each(engines())('offers on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());
  const post = (body: unknown, provider = 'demo') =>
    t.app.inject({ method: 'POST', url: `/api/v1/${provider}/coupon`, payload: body as object });

  it("answers the Adelaide building's campaign", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public/building/G5E6F7/campaign',
    });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({
      couponCode: 'ADL2MF',
      monthsFree: 2,
      referral: false,
      moveIn: false,
      rsp: 'demo',
    });
    expect(new Date(c.endDate).getTime()).toBeGreaterThan(new Date(c.startDate).getTime());
  });

  it("answers 'resource not found' for a building without a campaign", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public/building/G1A2B3/campaign',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'resource not found' });
  });

  it.each([
    ['WWOMF', 1, 1, null, 100],
    ['MOVERS2MF', 3, 2, null, 100],
    ['PNBF24', 1, 9, 1000, null],
  ])('validates %s with 202 and its coupon fields', async (code, type, period, cents, pct) => {
    const res = await post({ coupon_id: code, plan_ids: ['boost-100'] });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      coupon_id: code,
      coupon_type: type,
      period,
      period_unit: 'month',
      dollar_amount: cents,
      percentage: pct,
      plan_ids: [],
    });
  });

  it('accepts codes in any case and with spaces', async () => {
    expect((await post({ coupon_id: ' wwomf ', plan_ids: [] })).statusCode).toBe(202);
  });

  it.each([
    [{ coupon_id: 'NOPE', plan_ids: ['boost-100'] }, 404, 'Coupon is invalid'],
    [
      { coupon_id: 'SUMMER20', plan_ids: [], postcode: '2000', suburb: 'Sydney' },
      404,
      'Coupon is invalid',
    ],
    [{ coupon_id: 'DEMOFIBRE250', plan_ids: [] }, 404, 'Coupon is invalid'],
    [{ coupon_id: '', plan_ids: [] }, 400, 'A code is required'],
    [{ plan_ids: 'x' }, 400, undefined],
  ])('rejects %j', async (body, status, message) => {
    const res = await post(body);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().message).toBe(message);
  });

  it('accepts SUMMER20 for Southbank 3006, whatever the case', async () => {
    expect(
      (await post({ coupon_id: 'SUMMER20', plan_ids: [], postcode: '3006', suburb: 'SOUTHBANK' }))
        .statusCode,
    ).toBe(202);
  });

  it('answers 404 for another provider', async () => {
    expect((await post({ coupon_id: 'WWOMF', plan_ids: [] }, 'other')).statusCode).toBe(404);
  });

  it('fetches a coupon by code for a plan', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/demo/coupon/WW2MF?plan_id=boost-100',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ coupon_id: 'WW2MF', period: 2 });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/demo/coupon/NOPE' })).statusCode,
    ).toBe(404);
  });

  it.each([
    ['FRIEND2024', 202, 2],
    ['SALES2024', 202, 4],
    ['WWOMF', 404, undefined],
    ['UNKNOWN1', 404, undefined],
  ])('checks referral code %s', async (code, status, type) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/demo/referral/${code}` });
    expect(res.statusCode).toBe(status);
    if (type) expect(res.json().coupon_type).toBe(type);
  });
});
