import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/app.ts';
import { fakeBuild } from '../test-support/web-build.ts';

const scriptSrc = (csp: unknown) =>
  String(csp)
    .split(';')
    .find((d) => d.startsWith('script-src '));

describe('serving the built wizard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { webDist: fakeBuild() });
  });
  afterAll(() => t.close());

  it('serves the page at / without caching it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Wizard</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers other page paths with the page, and API paths with JSON 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/somewhere?x=1' })).body).toContain('Wizard');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/public/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('not_found');
    expect((await t.app.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
  });

  it('carries no nonce and no tag manager when GTM_ID is not set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.body).not.toContain('googletagmanager');
    expect(String(res.headers['content-security-policy'])).not.toContain('nonce-');
  });

  it('says how to build when there is no build', async () => {
    const bare = await startTestApp(
      'pglite',
      {},
      { webDist: mkdtempSync(join(tmpdir(), 'no-dist-')) },
    );
    const res = await bare.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build -w apps/web');
    await bare.close();
  });
});

describe('the wizard page with the tag manager on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { GTM_ID: 'GTM-ABC123' }, { webDist: fakeBuild() });
  });
  afterAll(() => t.close());

  const page = async (url = '/') => {
    const res = await t.app.inject({ method: 'GET', url });
    const nonce = /<script nonce="([^"]+)">/.exec(res.body)?.[1];
    return { res, nonce, csp: String(res.headers['content-security-policy']) };
  };

  it("loads the container with Google's nonce-aware snippet, and the nonce is in script-src only", async () => {
    const { res, nonce, csp } = await page();
    expect(res.statusCode).toBe(200);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(res.body).toContain("'https://www.googletagmanager.com/gtm.js?id='+i+dl");
    expect(res.body).toContain("n&&j.setAttribute('nonce',n.nonce||n.getAttribute('nonce'))");
    expect(res.body).toContain("(window,document,'script','dataLayer','GTM-ABC123')");
    // The snippet comes first in the head, before the wizard's own script.
    expect(res.body.indexOf('GTM-ABC123')).toBeLessThan(res.body.indexOf('main-abc123.js'));
    expect(scriptSrc(csp)).toBe(
      `script-src 'self' https://www.googletagmanager.com 'nonce-${nonce}'`,
    );
    expect(csp.match(/nonce-/g)).toHaveLength(1);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'(;|$)/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('uses a new nonce for every page answer, also on other page paths', async () => {
    const first = await page();
    const second = await page('/somewhere?x=1');
    expect(second.res.statusCode).toBe(200);
    expect(second.nonce).toBeDefined();
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.csp).toContain(`'nonce-${second.nonce}'`);
  });

  it('puts no nonce on answers that are not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(String(res.headers['content-security-policy'])).not.toContain('nonce-');
  });
});

describe('serving the operator console at /admin', () => {
  let t: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      'pglite',
      { GTM_ID: 'GTM-ABC123' },
      { webDist: fakeBuild({ console: true }) },
    );
    plain = await startTestApp('pglite', {}, { webDist: fakeBuild({ console: true }) });
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  it.each([
    '/admin',
    '/admin/',
    '/admin/orders/ord_123',
    '/admin/leads?x=1',
    '/admin/nowhere/deep',
  ])('answers %s with the console page, never cached, with the security headers', async (url) => {
    const res = await plain.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>Console</title>');
    expect(res.body).not.toContain('Wizard');
    expect(res.headers['cache-control']).toBe('no-cache');
    const wizard = await plain.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toBe(wizard.headers['content-security-policy']);
    expect(res.headers['x-content-type-options']).toBe(wizard.headers['x-content-type-options']);
    expect(res.headers['x-frame-options']).toBe(wizard.headers['x-frame-options']);
  });

  it('puts neither the tag manager nor a nonce on the console page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/orders/ord_123' });
    expect(res.body).toContain('<title>Console</title>');
    expect(res.body).not.toContain('googletagmanager');
    expect(String(res.headers['content-security-policy'])).not.toContain('nonce-');
  });

  it('leaves the console API alone: its routes answer JSON, an unknown one a JSON 404', async () => {
    const session = await plain.app.inject({ method: 'GET', url: '/admin/api/session' });
    expect(session.statusCode).toBe(401);
    expect(session.headers['content-type']).toMatch(/json/);
    const unknown = await plain.app.inject({ method: 'GET', url: '/admin/api/nothing/here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('not_found');
    const file = await plain.app.inject({ method: 'GET', url: '/admin/missing.js' });
    expect(file.statusCode).toBe(404);
  });

  it("serves the console's assets, and leaves the wizard's page as it was", async () => {
    const asset = await plain.app.inject({ method: 'GET', url: '/assets/admin-def456.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/somewhere']) {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(res.body).toContain('<title>Wizard</title>');
      expect(res.body).not.toContain('admin-def456');
    }
  });

  it('says how to build when the console is not built', async () => {
    const bare = await startTestApp('pglite', {}, { webDist: fakeBuild() });
    const res = await bare.app.inject({ method: 'GET', url: '/admin' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build -w apps/web');
    await bare.close();
  });
});

describe('serving the order page at /order/<token>', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      'pglite',
      { GTM_ID: 'GTM-ABC123' },
      { webDist: fakeBuild({ console: true, order: true }) },
    );
  });
  afterAll(() => t.close());

  it('answers any token with the order page: never stored, no referrer, not indexed, no tag manager', async () => {
    for (const url of ['/order/abcDEF123_-', '/order/not%20a%20token', '/order/x?utm=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Your order</title>');
      expect(res.body).not.toContain('googletagmanager');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(String(res.headers['content-security-policy'])).not.toContain('nonce-');
    }
  });

  it('leaves other paths alone: /order without a token and deeper paths are the wizard, the API is JSON', async () => {
    for (const url of ['/order', '/order/a/b']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('Wizard');
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/public/orders/abc' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('not_found');
  });
});

describe('serving the finish-later link at /resume/<token>', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      'pglite',
      { GTM_ID: 'GTM-ABC123' },
      { webDist: fakeBuild({ resume: true }) },
    );
  });
  afterAll(() => t.close());

  // docs/rules/mail.md#finish-later: the token is a secret, as the order page's is.
  it('answers any token with its page: never stored, no referrer, not indexed, no tag manager', async () => {
    for (const url of ['/resume/abcDEF123_-', '/resume/x?utm=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Finish your sign-up</title>');
      expect(res.body).not.toContain('googletagmanager');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });
});
