import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/app.ts';

// X-Request-Id (docs/deploy.md, "Tracing"): a valid incoming id is kept, logged and echoed; any
// other is replaced by a fresh UUID; every answer carries it, errors and 404s too.
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  let t: TestApp;
  const lines: Array<{ reqId?: string; msg?: string }> = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line));
        done();
      },
    });
    t = await startTestApp('pglite', { LOG_LEVEL: 'info' }, { logger: { stream } });
  });
  afterAll(() => t?.close());

  const get = (url: string, id?: string) =>
    t.app.inject({ method: 'GET', url, headers: id === undefined ? {} : { 'x-request-id': id } });

  it('keeps a valid id: echoed, and on the request’s log lines', async () => {
    const id = 'edge-01:req.7f3A_b-9';
    const res = await get('/api/v1/public/routers', id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(id);
    const logged = lines.filter((line) => line.reqId === id);
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('keeps an id of 128 characters', async () => {
    const id = 'a'.repeat(128);
    expect((await get('/healthz', id)).headers['x-request-id']).toBe(id);
  });

  it.each([
    ['200 characters', 'a'.repeat(200)],
    ['129 characters', 'b'.repeat(129)],
    ['a newline', 'abc\n{"level":50}'],
    ['spaces', 'abc def'],
    ['a slash', 'abc/def'],
    ['nothing', ''],
  ])('replaces an id with %s by a fresh UUID', async (_name, id) => {
    const res = await get('/api/v1/public/routers', id);
    expect(res.headers['x-request-id']).toMatch(uuid);
    expect(lines.some((line) => line.reqId === id)).toBe(false);
    expect(lines.some((line) => line.reqId === res.headers['x-request-id'])).toBe(true);
  });

  it('makes one when none is sent, different each time', async () => {
    const [a, b] = [await get('/healthz'), await get('/healthz')];
    expect(a.headers['x-request-id']).toMatch(uuid);
    expect(b.headers['x-request-id']).toMatch(uuid);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it.each([
    ['a 404', 'GET', '/api/v1/nowhere', undefined, 404],
    ['a 404 for another provider', 'GET', '/api/v1/acme/referral/ABC', undefined, 404],
    ['bad input', 'POST', '/api/v1/public/leads', { firstName: 1 }, 400],
    ['a malformed body', 'POST', '/api/v1/public/leads', '{"oops', 400],
    ['a malformed URL', 'GET', '/api/v1/public/building/%E0%A4%A/campaign', undefined, 400],
  ] as const)('is on %s', async (_name, method, url, payload, status) => {
    const id = 'req-errors-1';
    const res = await t.app.inject({
      method,
      url,
      headers: { 'x-request-id': id, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-request-id']).toBe(id);
  });
});
