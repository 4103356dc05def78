import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/app.ts';

const postEndpoints = [
  '/api/v1/demo/coupon',
  '/api/v1/demo/reservations',
  '/api/v1/demo/install',
  '/api/v1/public/leads',
  '/api/v1/public/address-lookup',
  '/portal/api/v1/buildings/search',
  '/api/v1/test-vault/tokens',
  '/api/v1/test-vault/bank-accounts',
];

// Bodies that look almost right are the dangerous ones: right keys, wrong types and shapes.
const nearMiss = fc.record(
  {
    coupon_id: fc.anything(),
    plan_ids: fc.anything(),
    booking_id: fc.anything(),
    start: fc.oneof(
      fc.string(),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.anything(),
    ),
    end: fc.anything(),
    reservation_id: fc.anything(),
    event_id: fc.anything(),
    arrivy_booking: fc.anything(),
    charge_bee: fc.anything(),
    firstName: fc.anything(),
    email: fc.anything(),
    formatted_address: fc.anything(),
    address: fc.anything(),
    number: fc.anything(),
    expiry_month: fc.anything(),
  },
  { requiredKeys: [] },
);

/** Raw request bodies: JSON of any shape, and text that is not JSON at all. */
const rawBodies = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  nearMiss.map(
    (v) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) ?? 'null',
  ),
  fc.string(),
  fc.constantFrom('{', '{"a":', '[1,2', 'null', '""', '{"__proto__":{"x":1}}', '\u0000'),
);

describe('200 malformed bodies across the POST endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('get only 4xx JSON answers, and the server stays healthy', async () => {
    const bodies = fc.sample(rawBodies, { numRuns: 200, seed: 20261122 });
    const answers = [];
    for (const [i, body] of bodies.entries()) {
      const url = postEndpoints[i % postEndpoints.length]!;
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      answers.push({
        url,
        body,
        status: res.statusCode,
        json: (() => {
          try {
            return res.json();
          } catch {
            return null;
          }
        })(),
      });
    }
    const bad = answers.filter(
      (a) => a.status < 400 || a.status >= 500 || !a.json || typeof a.json.error !== 'string',
    );
    expect(bad).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it.each(postEndpoints)('%s answers 415 JSON for a body that is not JSON', async (url) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'unsupported_media_type' });
  });

  it('answers 413 JSON for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'Request body is too large' });
  });
});
