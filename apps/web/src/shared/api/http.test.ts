import { afterEach, describe, expect, it, vi } from 'vitest';
import { object, string } from 'zod/mini';
import { ApiError, createClient, orThrow, type ApiFailure } from './http.ts';

const answer = object({ name: string() });

function serve(respond: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(respond));
}

const json = (status: number, data: unknown, statusText = '') =>
  Promise.resolve(new Response(JSON.stringify(data), { status, statusText }));

afterEach(() => vi.unstubAllGlobals());

describe('the one HTTP client', () => {
  const reported: ApiFailure[] = [];
  const client = createClient({ report: (failure) => reported.push(failure) });

  it('answers a success parsed with its schema', async () => {
    serve(() => json(200, { name: 'Ann', extra: 1 }));
    expect(await client.get('/api/thing', answer)).toEqual({
      ok: true,
      status: 200,
      data: { name: 'Ann' },
    });
  });

  it('answers an error answer as a value, with its code, message and fields', async () => {
    serve(() =>
      json(400, { error: 'bad_input', message: 'Check the form', fields: { email: 'Required' } }),
    );
    const result = await client.post('/api/thing', { a: 1 }, answer);
    expect(result).toMatchObject({
      ok: false,
      kind: 'answer',
      status: 400,
      code: 'bad_input',
      message: 'Check the form',
      fields: { email: 'Required' },
      aborted: false,
    });
    expect(reported.at(-1)).toBe(result);
  });

  it('says the status text of an error answer not in the error shape', async () => {
    serve(() => json(502, 'upstream', 'Bad Gateway'));
    expect(await client.get('/api/thing', answer)).toMatchObject({
      kind: 'answer',
      status: 502,
      code: undefined,
      message: 'Bad Gateway',
    });
  });

  it('answers a success in another shape as a failure', async () => {
    serve(() => json(200, { nom: 'Ann' }));
    expect(await client.get('/api/thing', answer)).toMatchObject({
      ok: false,
      kind: 'shape',
      status: 200,
      message: 'The answer was not in the expected shape',
    });
  });

  it('answers no answer as status 0, aborted when the caller aborted', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await client.get('/api/thing', answer)).toMatchObject({
      kind: 'unreachable',
      status: 0,
      message: 'Failed to fetch',
      aborted: false,
    });
    const controller = new AbortController();
    controller.abort();
    expect(await client.get('/api/thing', answer, { signal: controller.signal })).toMatchObject({
      kind: 'unreachable',
      aborted: true,
    });
  });

  it('throws a failure as an ApiError where a throw is wanted, the error answer kept whole', async () => {
    serve(() =>
      json(429, { error: 'sign_in_delayed', message: 'Wait', retryAt: '2026-01-01T00:00:00Z' }),
    );
    const thrown = await orThrow(client.get('/api/thing', answer)).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({
      kind: 'answer',
      status: 429,
      code: 'sign_in_delayed',
      message: 'Wait',
      answer: { retryAt: '2026-01-01T00:00:00Z' },
    });
    serve(() => json(200, { name: 'Ann' }));
    expect(await orThrow(client.get('/api/thing', answer))).toEqual({ name: 'Ann' });
  });
});
