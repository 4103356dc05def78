import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

/*
 * The console's web tests' stand-in fetch: routes a test serves, answered as
 * packages/domain/src/api/admin.ts says; every call kept. Importing it registers the hooks.
 */

export type Answer = { status: number; data?: unknown };
export type Call = { url: URL; method: string; body: unknown; headers: Headers };
export let routes: Array<(call: Call) => Answer | undefined> = [];
export let calls: Call[] = [];

export function signedInAs(role: 'manager' | 'viewer') {
  serve('GET', '/admin/api/session', {
    status: 200,
    data: {
      operator: { email: 'ann@example.com', role },
      csrfToken: 'csrf-token-1',
      expiresAt: '2099-12-01T10:00:00Z',
    },
  });
}

beforeEach(() => {
  routes = [];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: Call = {
        url: new URL(String(input), 'http://localhost'),
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: new Headers(init.headers),
      };
      calls.push(call);
      const answer = routes.map((r) => r(call)).find(Boolean) ?? {
        status: 404,
        data: { error: 'not_found', message: 'No such route' },
      };
      return new Response(answer.data === undefined ? null : JSON.stringify(answer.data), {
        status: answer.status,
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

export function serve(method: string, path: string, answer: Answer | ((call: Call) => Answer)) {
  routes.unshift((call) =>
    call.method === method && call.url.pathname === path
      ? typeof answer === 'function'
        ? answer(call)
        : answer
      : undefined,
  );
}
