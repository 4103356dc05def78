import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/app.ts';

describe('public config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      PROVIDER_NAME: 'Acme Fibre',
      SUPPORT_PHONE: '1800 123 456',
      CHARGEBEE_API_KEY: 'secret-key',
    });
  });
  afterAll(() => t.close());

  it('carries the brand and contact details from configuration, and never a secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      providerName: 'Acme Fibre',
      supportPhone: '1800 123 456',
      provider: 'demo',
      holdSeconds: 600,
      adapters: { addressSearch: 'embedded', cardTokeniser: 'test-vault', leadForm: 'embedded' },
    });
    expect(res.body).not.toContain('secret-key');
  });
});
