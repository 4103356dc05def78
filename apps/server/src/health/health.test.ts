import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';

const root = join(import.meta.dirname, '../../../..');

describe.each(engines())('health on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it("is alive, and says the product's version, which CHANGELOG.md describes", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    expect(res.json()).toEqual({ status: 'ok', version });
    const changelog = await readFile(join(root, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(
      new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
    );
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.json().info.version).toBe(version);
  });

  it('is ready when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers unknown routes with JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('is not ready once the database is gone', async () => {
    const other = await startTestApp(engine);
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'not_ready', message: 'Database unreachable' });
    await other.app.close();
  });
});
