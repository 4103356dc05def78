import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { contentSecurityPolicy } from './security.ts';
import { startTestApp, type TestApp } from '../test-support/app.ts';

/** The CSP admits exactly the origins of the configured services, and nothing else. */

const BASE = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  frameSrc: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

type Sources = Record<string, string[]>;

/** Each service: the settings that switch it on, and what it adds (from each provider's CSP guide). */
const services: Array<{ name: string; env: Record<string, string>; adds: Sources }> = [
  {
    name: 'Google Maps (places)',
    env: { MAPS_API_KEY: 'maps-key' },
    adds: {
      scriptSrc: [
        'https://*.googleapis.com',
        'https://*.gstatic.com',
        'https://*.google.com',
        'https://*.ggpht.com',
        'https://*.googleusercontent.com',
      ],
      imgSrc: [
        'https://*.googleapis.com',
        'https://*.gstatic.com',
        'https://*.google.com',
        'https://*.googleusercontent.com',
      ],
      connectSrc: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
      fontSrc: ['https://fonts.gstatic.com'],
      styleSrc: ['https://fonts.googleapis.com'],
      frameSrc: ['https://*.google.com'],
      workerSrc: ['blob:'],
    },
  },
  {
    name: 'Chargebee.js',
    env: { CHARGEBEE_SITE: 'acme-test', CHARGEBEE_PUBLISHABLE_KEY: 'test_pk' },
    adds: {
      scriptSrc: ['https://js.chargebee.com'],
      frameSrc: ['https://js.chargebee.com', 'https://acme-test.chargebee.com'],
      connectSrc: ['https://acme-test.chargebee.com'],
      styleSrc: ['https://acme-test.chargebee.com'],
    },
  },
  {
    name: 'HubSpot forms',
    env: { HUBSPOT_PORTAL_ID: '1234567', HUBSPOT_FORM_ID: 'a46c55ec-c1e2-42b0-b753-2db35aa781de' },
    adds: {
      scriptSrc: ['https://js.hsforms.net'],
      connectSrc: ['https://forms.hsforms.com', 'https://api.hsforms.com'],
      frameSrc: ['https://forms.hsforms.com'],
      imgSrc: ['https://forms.hsforms.com'],
    },
  },
  {
    name: 'Google Tag Manager',
    env: { GTM_ID: 'GTM-ABC123' },
    adds: {
      scriptSrc: ['https://www.googletagmanager.com'],
      imgSrc: ['https://www.googletagmanager.com'],
      connectSrc: ['https://www.googletagmanager.com', 'https://www.google.com'],
    },
  },
  {
    name: 'Rollbar',
    env: { ROLLBAR_CLIENT_TOKEN: 'post-client-item', NODE_ENV: 'production' },
    adds: { connectSrc: ['https://api.rollbar.com'] },
  },
];

/** The expected policy: the base, then each service's sources in turn, without repeats. */
function expected(on: typeof services): Sources {
  const policy: Sources = structuredClone(BASE);
  for (const service of on) {
    for (const [directive, sources] of Object.entries(service.adds)) {
      const list = (policy[directive] ?? ["'self'"]).filter((s) => s !== "'none'");
      for (const s of sources) if (!list.includes(s)) list.push(s);
      policy[directive] = list;
    }
  }
  return policy;
}

const combinations = Array.from({ length: 2 ** services.length }, (_, mask) =>
  services.filter((_s, i) => mask & (2 ** i)),
);

describe('Content-Security-Policy', () => {
  it('is our own origin only when nothing is configured', () => {
    expect(contentSecurityPolicy(loadConfig({}))).toEqual(BASE);
  });

  it.each(combinations.map((on) => [on.map((s) => s.name).join(' + ') || 'nothing', on] as const))(
    'admits exactly %s',
    (_name, on) => {
      const env = Object.assign({}, ...on.map((s) => s.env)) as Record<string, string>;
      const policy = contentSecurityPolicy(loadConfig(env));
      expect(policy).toEqual(expected(on));
      // Nothing of a service that is off.
      const all = new Set(Object.values(policy).flat());
      for (const off of services.filter((s) => !on.includes(s))) {
        const own = Object.values(off.adds)
          .flat()
          .filter((src) => !on.some((s) => Object.values(s.adds).flat().includes(src)));
        for (const src of own) expect(all.has(src), `${off.name}: ${src}`).toBe(false);
      }
    },
  );

  it.each([
    ['a lone Chargebee API key (no site: no Chargebee.js)', { CHARGEBEE_API_KEY: 'k' }],
    ['a HubSpot portal without a form', { HUBSPOT_PORTAL_ID: '1' }],
    ['a Rollbar client token outside production', { ROLLBAR_CLIENT_TOKEN: 't' }],
    [
      "Rollbar's server token alone (the browser does not report)",
      { NODE_ENV: 'production', ROLLBAR_ACCESS_TOKEN: 't' },
    ],
    ['Arrivy keys (server-side only)', { ARRIVY_AUTH_KEY: 'k', ARRIVY_AUTH_TOKEN: 't' }],
  ])('admits nothing for %s', (_name, env) => {
    expect(contentSecurityPolicy(loadConfig(env))).toEqual(BASE);
  });

  it("admits the origin of ROLLBAR_ENDPOINT when it replaces Rollbar's", () => {
    const policy = contentSecurityPolicy(
      loadConfig({
        NODE_ENV: 'production',
        ROLLBAR_CLIENT_TOKEN: 't',
        ROLLBAR_ENDPOINT: 'https://errors.example.com/api/1/item/',
      }),
    );
    expect(policy.connectSrc).toEqual(["'self'", 'https://errors.example.com']);
  });

  it('refuses a Chargebee site that is not a site name (it goes into the header)', () => {
    expect(() => loadConfig({ CHARGEBEE_SITE: 'acme; script-src *' })).toThrow(/CHARGEBEE_SITE/);
  });

  it.each(['GTM-ABC123', 'GTM-K9X2Q7P'])('takes %s as a container id', (id) => {
    expect(loadConfig({ GTM_ID: id }).keys.GTM_ID).toBe(id);
  });

  it.each(["GTM-ABC123');alert(1)//", 'UA-12345-1', 'gtm-abc123', 'GTM-'])(
    'refuses %s as GTM_ID (it goes into the page)',
    (id) => {
      expect(() => loadConfig({ GTM_ID: id })).toThrow(/GTM_ID must be a Tag Manager container id/);
    },
  );
});

describe('the header the app sends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { MAPS_API_KEY: 'k', GTM_ID: 'GTM-ABC123' });
  });
  afterAll(() => t.close());

  it('carries the configured origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(
      "script-src 'self' https://*.googleapis.com https://*.gstatic.com https://*.google.com https://*.ggpht.com https://*.googleusercontent.com https://www.googletagmanager.com",
    );
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('chargebee');
  });
});
