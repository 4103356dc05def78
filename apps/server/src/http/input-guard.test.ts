import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';

describe.each(engines())('the input guard (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('refuses NUL in a body field with a 400 that names the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      payload: {
        firstName: 'Jane\u0000',
        lastName: 'Citizen',
        email: 'jane@example.com',
        formatted_address: '10 Smith Street, Darwin City NT 0800',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'invalid_input',
      fields: { firstName: 'must not contain control characters' },
    });
  });

  it('names every bad field, in the path, the query and a key', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/demo/coupon/AB%00C?plan_id=x%01',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['code', 'plan_id']);
  });

  it('refuses a lone surrogate', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/portal/api/v1/buildings/search',
      headers: { 'content-type': 'application/json' },
      payload: '{"address":"1 Main St \\ud800"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ address: 'must not contain control characters' });
  });

  it('refuses a body nested thousands of levels deep, and stays healthy', async () => {
    let deep = '1';
    for (let i = 0; i < 8000; i++) deep = `{"x":${deep}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-body-0001' },
      payload: `{"reservation_id":"r","extra":${deep}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_input' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
