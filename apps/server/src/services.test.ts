import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { configuredServices, halfConfigured } from './services.ts';

/** A service is on only when everything it needs is set; a lone half is said at start-up. */

describe('Rollbar', () => {
  it('reports from the server with the access token and from the browser with the client token, in production', () => {
    const services = configuredServices(
      loadConfig({
        NODE_ENV: 'production',
        ROLLBAR_ACCESS_TOKEN: 'server-token',
        ROLLBAR_CLIENT_TOKEN: 'client-token',
      }),
    );
    expect(services.rollbar).toEqual({
      accessToken: 'server-token',
      endpoint: 'https://api.rollbar.com/api/1/item/',
    });
    expect(services.rollbarBrowser).toEqual({
      accessToken: 'client-token',
      endpoint: 'https://api.rollbar.com/api/1/item/',
    });
  });

  it('never gives the browser the server token', () => {
    const services = configuredServices(
      loadConfig({ NODE_ENV: 'production', ROLLBAR_ACCESS_TOKEN: 'server-token' }),
    );
    expect(services.rollbarBrowser).toBeUndefined();
  });

  it.each([
    [{ ROLLBAR_ACCESS_TOKEN: 't' }, 'ROLLBAR_ACCESS_TOKEN reports only when NODE_ENV=production'],
    [
      { ROLLBAR_CLIENT_TOKEN: 't' },
      'ROLLBAR_CLIENT_TOKEN reports browser errors only when NODE_ENV=production',
    ],
    [
      { NODE_ENV: 'production', ROLLBAR_ACCESS_TOKEN: 't' },
      'ROLLBAR_ACCESS_TOKEN is set without ROLLBAR_CLIENT_TOKEN: browser errors are not reported (the server token is never sent to browsers)',
    ],
  ])('%o is said at start-up', (env, note) => {
    const config = loadConfig(env);
    expect(halfConfigured(config)).toContain(note);
    expect(configuredServices(config).rollbarBrowser).toBeUndefined();
  });

  it('says nothing when both tokens are set in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ROLLBAR_ACCESS_TOKEN: 'a',
      ROLLBAR_CLIENT_TOKEN: 'b',
    });
    expect(halfConfigured(config)).toEqual([]);
  });
});

describe('Chargebee.js', () => {
  const note =
    'CHARGEBEE_SITE is set without CHARGEBEE_PUBLISHABLE_KEY: the Chargebee.js card fields cannot start, so no card can be taken';

  it.each([
    { CHARGEBEE_SITE: 'acme-test' },
    { CHARGEBEE_SITE: 'acme-test', CHARGEBEE_API_KEY: 'k' },
  ])('a site without a publishable key (%o) is said at start-up', (env) => {
    expect(halfConfigured(loadConfig(env))).toContain(note);
  });

  it('says nothing of it when the publishable key is set', () => {
    const config = loadConfig({
      CHARGEBEE_SITE: 'acme-test',
      CHARGEBEE_PUBLISHABLE_KEY: 'test_pk',
      CHARGEBEE_API_KEY: 'k',
    });
    expect(halfConfigured(config)).toEqual([]);
  });
});
