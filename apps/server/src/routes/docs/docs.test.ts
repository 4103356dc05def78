import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/app.ts';

describe('the OpenAPI description at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('describes every endpoint of the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const described = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.sort()).toEqual(
      [
        'GET /api/v1/public/config',
        'GET /api/v1/public/plans',
        'GET /api/v1/public/routers',
        'GET /api/v1/public/building/{code}/campaign',
        'POST /api/v1/{provider}/coupon',
        'GET /api/v1/{provider}/coupon/{code}',
        'GET /api/v1/{provider}/referral/{code}',
        'POST /api/v1/public/leads',
        'POST /api/v1/{provider}/install',
        'GET /api/v1/public/addresses',
        'POST /api/v1/public/address-lookup',
        'POST /portal/api/v1/buildings/search',
        'GET /portal/api/v1/buildings/{id}',
        'GET /api/v1/{provider}/bookings/{state}',
        'POST /api/v1/{provider}/reservations',
        'DELETE /api/v1/{provider}/reservations/{reservation_id}',
        'POST /api/v1/test-vault/tokens',
      ].sort(),
    );
  });

  it('gives request bodies as JSON schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const install = doc.paths['/api/v1/{provider}/install'].post;
    expect(install.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'charge_bee',
    );
    expect(install.parameters).toContainEqual(
      expect.objectContaining({ name: 'provider', in: 'path' }),
    );
  });
});
