import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/app.ts';

// Errors Fastify raises itself answer in the product's {error, message} shape and repeat nothing
// of the request (docs/decisions/008-server-input.md). Before, a bad URL answered Fastify's own
// shape quoting the URL, and the not-found answer quoted the path.
describe('framework errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  const secret = 'Jane.Citizen';
  it.each([
    [
      'a malformed URL',
      'GET',
      `/api/v1/public/routers%${secret}%`,
      undefined,
      undefined,
      400,
      'The URL is not valid',
    ],
    [
      'a malformed path parameter',
      'GET',
      `/api/v1/demo/coupon/%E0%A4%A${secret}`,
      undefined,
      undefined,
      400,
      'The URL is not valid',
    ],
    [
      'an over-long path parameter',
      'GET',
      `/api/v1/demo/coupon/${secret}${'A'.repeat(200)}`,
      undefined,
      undefined,
      414,
      'A part of the URL is too long',
    ],
    ['an unknown route', 'GET', `/api/v1/${secret}`, undefined, undefined, 404, 'No such route'],
    [
      'body that is not JSON',
      'POST',
      '/api/v1/public/leads',
      `{"firstName":"${secret}`,
      'application/json',
      400,
      'The body is not valid JSON',
    ],
    [
      'an empty JSON body',
      'POST',
      '/api/v1/public/leads',
      '',
      'application/json',
      400,
      'The body is empty; send a JSON value',
    ],
    [
      'an unsupported content type',
      'POST',
      '/api/v1/public/leads',
      `<a>${secret}</a>`,
      'application/xml',
      415,
      'The body must be JSON (Content-Type: application/json)',
    ],
    [
      'a form body',
      'POST',
      '/api/v1/public/leads',
      `firstName=${secret}`,
      'application/x-www-form-urlencoded',
      415,
      'The body must be JSON (Content-Type: application/json)',
    ],
    [
      'a poisoned prototype',
      'POST',
      '/api/v1/public/leads',
      `{"__proto__":{"x":"${secret}"}}`,
      'application/json',
      400,
      'The body is not valid JSON',
    ],
  ] as const)(
    '%s answers %s %s in the product’s shape',
    async (_, method, url, payload, type, status, message) => {
      const res = await t.app.inject({
        method,
        url,
        ...(payload !== undefined ? { payload } : {}),
        ...(type ? { headers: { 'content-type': type } } : {}),
      });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys(res.json()).sort()).toEqual(['error', 'message']);
      expect(res.json().message).toBe(message);
      expect(res.body).not.toContain(secret);
    },
  );
});
