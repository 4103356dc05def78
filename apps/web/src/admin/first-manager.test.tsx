// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './console.tsx';

/*
 * 'Create the first manager' on the sign-in screen (docs/rules/operators.md#the-first-manager),
 * against a stand-in fetch that answers by method and path.
 */

type Answer = { status: number; data?: unknown };
let answers: Record<string, Answer | ((body: unknown) => Answer)> = {};
let sent: Array<{ key: string; body: unknown }> = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ key, body });
      const found = answers[key];
      const answer = (typeof found === 'function' ? found(body) : found) ?? {
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
});

const signedOut = { status: 401, data: { error: 'unauthorised', message: 'Please sign in' } };
const session = {
  operator: { email: 'first@example.com', role: 'manager' },
  csrfToken: 'csrf-token-1',
  expiresAt: '2099-12-01T10:00:00Z',
};

describe('the first manager on the sign-in screen', () => {
  it('is not offered when the server says setup is closed', async () => {
    answers = {
      'GET /admin/api/session': signedOut,
      'GET /admin/api/setup': { status: 200, data: { open: false } },
    };
    render(<ConsoleApp />);
    await screen.findByRole('heading', { name: 'Operator sign in' });
    await waitFor(() => expect(sent.map((c) => c.key)).toContain('GET /admin/api/setup'));
    expect(screen.queryByRole('button', { name: 'Create the first manager' })).toBeNull();
  });

  it('makes the manager with the code, then signs in and opens the console', async () => {
    const user = userEvent.setup();
    answers = {
      'GET /admin/api/session': signedOut,
      'GET /admin/api/setup': { status: 200, data: { open: true } },
      'POST /admin/api/setup': (body) =>
        (body as { code: string }).code === 'ABCD-EFGH-JKMN-PQRS'
          ? { status: 201, data: { operator: session.operator } }
          : {
              status: 403,
              data: { error: 'wrong_setup_code', message: 'The setup code is not right' },
            },
      'POST /admin/api/session': { status: 200, data: session },
    };
    render(<ConsoleApp />);
    await user.click(await screen.findByRole('button', { name: 'Create the first manager' }));
    await user.type(screen.getByLabelText("Manager's email"), ' first@example.com ');
    await user.type(screen.getByLabelText('New password'), 'a long enough password');
    await user.type(screen.getByLabelText('Setup code'), 'WRONG-CODE');
    await user.click(screen.getByRole('button', { name: 'Create the manager and sign in' }));
    expect(await screen.findByText('The setup code is not right')).toBeTruthy();
    expect(sent.map((c) => c.key)).not.toContain('POST /admin/api/session');

    await user.clear(screen.getByLabelText('Setup code'));
    await user.type(screen.getByLabelText('Setup code'), 'ABCD-EFGH-JKMN-PQRS');
    await user.click(screen.getByRole('button', { name: 'Create the manager and sign in' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Operator sign in' })).toBeNull(),
    );
    expect(sent.filter((c) => c.key.startsWith('POST')).map((c) => [c.key, c.body])).toEqual([
      [
        'POST /admin/api/setup',
        { email: 'first@example.com', password: 'a long enough password', code: 'WRONG-CODE' },
      ],
      [
        'POST /admin/api/setup',
        {
          email: 'first@example.com',
          password: 'a long enough password',
          code: 'ABCD-EFGH-JKMN-PQRS',
        },
      ],
      [
        'POST /admin/api/session',
        { email: 'first@example.com', password: 'a long enough password' },
      ],
    ]);
  });
});
