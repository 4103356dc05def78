import { defaultDomainConfig, type DomainConfig } from '@fibre/domain/shared';
import { TIO } from '@fibre/domain/consent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingIndex } from '../catalogue/buildings.ts';
import type { CatalogueSnapshot } from '../catalogue/cache.ts';
import { loadConfig } from '../config.ts';
import { startTestApp, type TestApp } from '../test-support/app.ts';
import { prepared } from '../http/prepared.ts';
import { publicConfig } from './routes.ts';

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

  it("carries the catalogue's rules for the wizard to preview with", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/config' });
    expect(res.json().domain).toEqual({ ...defaultDomainConfig, provider: 'demo' });
  });
});

describe('public config from the catalogue being served', () => {
  const acmeRules: DomainConfig = {
    ...defaultDomainConfig,
    provider: 'acme',
    staticIpMonthly: 12.5,
    newDevelopmentCharge: 450,
    cardFees: {
      ...defaultDomainConfig.cardFees,
      amex: { percent: 2, cap: null, words: 'Amex card surcharge' },
    },
    defaultPlanId: 'fast-200',
    popularPlanIds: ['fast-200'],
    hiddenPlanIdParts: ['legacy'],
  };
  const acme: CatalogueSnapshot = {
    version: 3,
    provider: {
      code: 'acme',
      name: 'Acme Fibre',
      colour: '#aa3300',
      support_phone: '1800 222 333',
      support_email: 'help@acme.example',
      links: {
        billing_portal: 'https://my.acme.example/',
        navigation: [{ label: 'Home', href: 'https://acme.example/' }],
        social: [{ label: 'Mastodon', href: 'https://social.example/@acme' }],
      },
    },
    domain: acmeRules,
    plans: [],
    routers: [],
    isDemo: false,
    legal: {
      terms: { title: 'Terms', url: 'https://acme.example/terms', version: '7' },
      ombudsman: { ...TIO },
      links: [{ label: 'Terms', href: 'https://acme.example/terms' }],
      collectionNotice: 'Acme collects your details to connect you.',
      leadNotice: 'Acme tells you when it arrives.',
      decisionsNotice: 'Acme decides some things by software.',
      marketingWords: 'Acme news, please',
      otherCharges: [],
    },
    documents: { cis: new Map() },
    calendar: () => ({ crews: [], closures: new Map() }),
    buildings: buildingIndex([]),
    answers: { plans: prepared([], 'acme-plans'), routers: prepared([], 'acme-routers') },
  };

  it('takes the brand, links and rules from the current snapshot, on every call', () => {
    let snapshot: CatalogueSnapshot = { ...acme, version: 2, domain: defaultDomainConfig };
    const ctx = {
      config: loadConfig({ NODE_ENV: 'test' }),
      catalogue: { current: () => snapshot, close: async () => undefined },
    };
    expect(publicConfig(ctx).domain).toEqual(defaultDomainConfig);
    snapshot = acme;
    expect(publicConfig(ctx)).toMatchObject({
      provider: 'acme',
      providerName: 'Acme Fibre',
      supportPhone: '1800 222 333',
      supportEmail: 'help@acme.example',
      billingPortalUrl: 'https://my.acme.example/',
      brandColour: '#aa3300',
      navigation: [{ label: 'Home', href: 'https://acme.example/' }],
      socialLinks: [{ label: 'Mastodon', href: 'https://social.example/@acme' }],
      domain: acmeRules,
      legal: {
        terms: { title: 'Terms', url: 'https://acme.example/terms', version: '7' },
        collectionNotice: 'Acme collects your details to connect you.',
        marketingWords: 'Acme news, please',
        otherCharges: [],
      },
    });
  });
});

describe('public config with the browser-side services on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      MAPS_API_KEY: 'maps-browser-key',
      CHARGEBEE_SITE: 'acme-test',
      CHARGEBEE_PUBLISHABLE_KEY: 'test_publishable',
      CHARGEBEE_API_KEY: 'secret-chargebee-key',
      ARRIVY_AUTH_KEY: 'secret-arrivy-key',
      ARRIVY_AUTH_TOKEN: 'secret-arrivy-token',
      HUBSPOT_PORTAL_ID: '123456',
      HUBSPOT_FORM_ID: 'form-guid',
      GTM_ID: 'GTM-ABC123',
      ROLLBAR_ACCESS_TOKEN: 'secret-rollbar-server-token',
    });
  });
  afterAll(() => t.close());

  it('names each service and its public identifier, and no secret key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/config' });
    expect(res.json()).toMatchObject({
      adapters: { addressSearch: 'google-places', cardTokeniser: 'chargebee', leadForm: 'hubspot' },
      services: {
        maps: { apiKey: 'maps-browser-key' },
        chargebee: { site: 'acme-test', publishableKey: 'test_publishable' },
        hubspot: { portalId: '123456', formId: 'form-guid' },
        gtm: { id: 'GTM-ABC123' },
      },
    });
    expect(res.body).not.toMatch(/secret-/);
  });

  it('gives the browser Rollbar with the client token only, in production', async () => {
    const prod = await startTestApp('pglite', {
      NODE_ENV: 'production',
      ROLLBAR_ACCESS_TOKEN: 'secret-rollbar-server-token',
      ROLLBAR_CLIENT_TOKEN: 'client-token',
      ROLLBAR_ENDPOINT: 'https://errors.example.com/api/1/item/',
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/v1/public/config' });
      expect(res.json().services).toEqual({
        rollbar: {
          accessToken: 'client-token',
          endpoint: 'https://errors.example.com/api/1/item/',
          environment: 'production',
        },
      });
      expect(res.body).not.toContain('secret-');
    } finally {
      await prod.close();
    }
  });

  it('lists no service that is off', async () => {
    const bare = await startTestApp('pglite', { HUBSPOT_PORTAL_ID: '123456' });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/api/v1/public/config' });
      expect(res.json().services).toEqual({});
    } finally {
      await bare.close();
    }
  });
});
