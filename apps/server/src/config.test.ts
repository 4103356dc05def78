import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.ts';

/** The README's configuration table: each row's variables and what it says they do. */
function readmeConfigurationRows(): { variables: string[]; does: string }[] {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.split('## Configuration')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [names = '', , does = ''] = line.split('|').slice(1);
      return {
        variables: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!),
        does: does.trim(),
      };
    });
}

describe("the README's configuration table", () => {
  const rows = readmeConfigurationRows();
  const listed = rows.flatMap((r) => r.variables);

  it('lists every variable the server reads, once, with what it switches', () => {
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
    for (const row of rows) expect(row.does, row.variables.join(', ')).not.toBe('');
  });
});

describe('loadConfig', () => {
  it('starts on the embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.holdSeconds).toBe(600);
    expect(Object.values(config.keys).every((v) => v === undefined)).toBe(true);
  });

  it('names the variable whose value is bad', () => {
    expect(() => loadConfig({ GTM_ID: 'UA-1234' })).toThrow(ConfigError);
    expect(() => loadConfig({ GTM_ID: 'UA-1234' })).toThrow(/GTM_ID/);
    expect(() => loadConfig({ RESERVATION_HOLD_SECONDS: '-5' })).toThrow(
      /RESERVATION_HOLD_SECONDS/,
    );
  });

  it('limits per client address by default: codes 10, holds 30 a minute and 5 live, leads 5, card tokens 10, installs 20, order page 30 and 10 bad tokens, 60 funnel reports, 4 autocomplete searches at once', () => {
    const config = loadConfig({});
    expect(config.limits).toEqual({
      codeChecksPerMinute: 10,
      holdsPerMinute: 30,
      holdsPerClient: 5,
      leadsPerMinute: 5,
      cardTokensPerMinute: 10,
      installsPerMinute: 20,
      orderPagePerMinute: 30,
      orderPageMissesPerMinute: 10,
      funnelReportsPerMinute: 60,
      autocompletePerClient: 4,
    });
  });

  it('gives an autocomplete search 300 ms by default, or AUTOCOMPLETE_TIMEOUT_MS', () => {
    expect(loadConfig({}).autocompleteTimeoutMs).toBe(300);
    expect(loadConfig({ AUTOCOMPLETE_TIMEOUT_MS: '50' }).autocompleteTimeoutMs).toBe(50);
    expect(loadConfig({ AUTOCOMPLETE_PER_CLIENT: '2' }).limits.autocompletePerClient).toBe(2);
  });

  it('keeps 5,000 autocomplete answers by default, or AUTOCOMPLETE_KEPT, 0 for none', () => {
    expect(loadConfig({}).autocompleteKept).toBe(5000);
    expect(loadConfig({ AUTOCOMPLETE_KEPT: '0' }).autocompleteKept).toBe(0);
    expect(loadConfig({ AUTOCOMPLETE_KEPT: '200' }).autocompleteKept).toBe(200);
    for (const bad of ['-1', 'many', '1.5', '2000000']) {
      expect(() => loadConfig({ AUTOCOMPLETE_KEPT: bad })).toThrow(/AUTOCOMPLETE_KEPT:/);
    }
  });

  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7', ['10.0.0.0/8', '192.168.1.7']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('TRUST_PROXY %j trusts %j', (value, trusted) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(
      trusted,
    );
  });

  it.each(['true', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/1', '-1', '1.2.3'])(
    'TRUST_PROXY %j stops the server, naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: TRUST_PROXY must be a hop count or proxy addresses/,
      );
    },
  );

  it.each([
    'CODE_CHECKS_PER_MINUTE',
    'HOLDS_PER_MINUTE',
    'HOLDS_PER_CLIENT',
    'LEADS_PER_MINUTE',
    'CARD_TOKENS_PER_MINUTE',
    'INSTALLS_PER_MINUTE',
    'ORDER_PAGE_PER_MINUTE',
    'ORDER_PAGE_MISSES_PER_MINUTE',
    'FUNNEL_REPORTS_PER_MINUTE',
    'API_KEY_REQUESTS_PER_MINUTE',
    'AUTOCOMPLETE_PER_CLIENT',
    'AUTOCOMPLETE_TIMEOUT_MS',
  ])('a limit %s that is not a positive whole number stops the server, naming it', (name) => {
    for (const bad of ['0', '-3', 'ten', '1.5']) {
      expect(() => loadConfig({ [name]: bad })).toThrow(new RegExp(`${name}:`));
    }
  });

  it('takes the provider and its brand from the catalogue: no defaults, only overrides', () => {
    expect(loadConfig({}).provider).toEqual({
      code: undefined,
      name: undefined,
      phone: undefined,
      email: undefined,
      billingPortalUrl: undefined,
      brandColour: undefined,
    });
    expect(
      loadConfig({ PROVIDER_NAME: 'Acme Fibre', BRAND_COLOUR: '#112233' }).provider,
    ).toMatchObject({ name: 'Acme Fibre', brandColour: '#112233' });
  });

  it.each([
    ['PROVIDER_CODE', 'Acme', /PROVIDER_CODE: PROVIDER_CODE must be lowercase/],
    ['SUPPORT_EMAIL', 'not-an-email', /SUPPORT_EMAIL: SUPPORT_EMAIL must be an email address/],
    ['BILLING_PORTAL_URL', 'billing', /BILLING_PORTAL_URL: BILLING_PORTAL_URL must be a URL/],
    ['BRAND_COLOUR', 'blue', /BRAND_COLOUR: BRAND_COLOUR must be a #rrggbb colour/],
  ])('checks the override %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

describe('MIGRATE_ON_START', () => {
  it('migrates at start unless 0 (docs/migrations.md), and names itself when it is neither', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: '1' }).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: '0' }).migrateOnStart).toBe(false);
    expect(() => loadConfig({ MIGRATE_ON_START: 'no' })).toThrow(/MIGRATE_ON_START must be 1/);
  });
});

describe('the webhook variables (docs/rules/webhooks.md#where-an-endpoint-may-point)', () => {
  it('WEBHOOK_ALLOWED_HOSTS takes names and addresses, each maybe with a port', () => {
    expect(loadConfig({}).webhooks.allowedHosts).toEqual([]);
    expect(
      loadConfig({ WEBHOOK_ALLOWED_HOSTS: ' crm.internal, 10.0.0.5:8443,[fd00::1]:9000, ::1 ' })
        .webhooks.allowedHosts,
    ).toEqual(['crm.internal', '10.0.0.5:8443', '[fd00::1]:9000', '::1']);
  });

  it.each(['http://crm.internal/', 'crm.internal/hooks', 'user@crm.internal', 'crm internal'])(
    'WEBHOOK_ALLOWED_HOSTS %j stops the server, naming the variable',
    (value) => {
      expect(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: value })).toThrow(
        /WEBHOOK_ALLOWED_HOSTS: WEBHOOK_ALLOWED_HOSTS must be host names or addresses/,
      );
    },
  );

  it.each([
    ['http://ops.example.com/hook', {}],
    ['http://ops.example.com/hook', { ALLOW_DEMO: '1' }],
    ['HTTP://ops.example.com/https:', { ALLOW_DEMO: '1' }],
  ])('OPS_WEBHOOK_URL %j stops a production server (with %j): https only', (url, demo) => {
    const env = { OPS_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', ...demo };
    const load = (NODE_ENV: string) => loadConfig({ ...env, NODE_ENV, OPS_WEBHOOK_URL: url });
    expect(() => load('production')).toThrow(ConfigError);
    expect(() => load('production')).toThrow(
      /OPS_WEBHOOK_URL: must be an https URL in production \(events carry customers’ names and addresses; ALLOW_DEMO does not change this\)/,
    );
    // Development and tests take http: a receiver on the developer's machine.
    expect(load('development').keys.OPS_WEBHOOK_URL).toBe(url);
    // The scheme is the parsed URL's, in any case.
    const https = url.replace(/^http/i, 'HTTPS');
    expect(
      loadConfig({ ...env, NODE_ENV: 'production', OPS_WEBHOOK_URL: https }).keys.OPS_WEBHOOK_URL,
    ).toBe(https);
  });

  it('WEBHOOK_DISABLE_AFTER_DAYS is 3 days unless set, a whole number of days', () => {
    expect(loadConfig({}).webhooks.disableAfterMs).toBe(3 * 86_400_000);
    expect(loadConfig({ WEBHOOK_DISABLE_AFTER_DAYS: '7' }).webhooks.disableAfterMs).toBe(
      7 * 86_400_000,
    );
    expect(() => loadConfig({ WEBHOOK_DISABLE_AFTER_DAYS: '0' })).toThrow(
      /WEBHOOK_DISABLE_AFTER_DAYS/,
    );
  });
});
