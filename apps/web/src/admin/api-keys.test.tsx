// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConsoleApp } from './console.tsx';

/*
 * docs/rules/operators.md#api-keys and operator-console.md (API keys): the page, against a
 * stand-in fetch that answers as packages/domain/src/api/admin.ts says.
 */

import { calls, serve, signedInAs } from '../test-support/console-fetch.ts';

function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(<ConsoleApp />);
}

const live = {
  id: 'key-1',
  name: 'billing sync',
  role: 'viewer',
  scopes: ['orders:read'],
  prefix: 'fk_AbCdEfG',
  createdAt: '2026-11-20T01:00:00Z',
  createdBy: 'ann@example.com',
  lastUsedAt: null,
  revokedAt: null,
  revokedBy: null,
};
const KEY = `fk_AbCdEfG${'x'.repeat(36)}`;

describe('the API keys page', () => {
  it('is not offered to a viewer', async () => {
    signedInAs('viewer');
    open('/admin');
    await screen.findByRole('navigation', { name: 'Console' });
    expect(screen.queryByRole('link', { name: 'API keys' })).toBeNull();
  });

  it('makes a key and shows it once; revokes one after a confirmation', async () => {
    signedInAs('manager');
    let keys: unknown[] = [];
    serve('GET', '/admin/api/keys', () => ({ status: 200, data: { keys } }));
    serve('POST', '/admin/api/keys', (call) => {
      keys = [live];
      return { status: 201, data: { key: KEY, apiKey: { ...live, ...(call.body as object) } } };
    });
    serve('DELETE', '/admin/api/keys/key-1', () => {
      keys = [{ ...live, revokedAt: '2026-11-21T01:00:00Z', revokedBy: 'ann@example.com' }];
      return { status: 200, data: { ...(keys[0] as object), disabledEndpoints: [] } };
    });
    const user = userEvent.setup();
    open('/admin/api-keys');
    await screen.findByRole('heading', { level: 1, name: 'API keys' });
    await screen.findByText('No API keys yet.');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Give the key a name.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' billing sync ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByText(KEY)).toBeTruthy();
    expect(screen.getByText(/You will not see it again/)).toBeTruthy();
    const made = calls.find((c) => c.method === 'POST')!;
    expect(made.body).toEqual({ name: 'billing sync', role: 'viewer' });
    expect(made.headers.get('x-csrf-token')).toBe('csrf-token-1');
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('fk_AbCdEfG…')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();
    expect(within(table).getByText('orders:read')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Revoke billing sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the key “billing sync”?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(table).queryByRole('button', { name: 'Revoke billing sync' })).toBeNull(),
    );
    expect(calls.find((c) => c.method === 'DELETE')!.headers.get('x-csrf-token')).toBe(
      'csrf-token-1',
    );
    expect(await screen.findByText('It had added no webhook endpoint.')).toBeTruthy();
  });

  it('gives a manager key the scopes ticked, reading only by default; a viewer key none', async () => {
    signedInAs('manager');
    const hooks = {
      ...live,
      id: 'key-2',
      name: 'hooks',
      role: 'manager',
      scopes: ['orders:read', 'webhooks:manage'],
    };
    let keys: unknown[] = [];
    serve('GET', '/admin/api/keys', () => ({ status: 200, data: { keys } }));
    serve('POST', '/admin/api/keys', () => {
      keys = [hooks];
      return { status: 201, data: { key: KEY, apiKey: hooks } };
    });
    serve('DELETE', '/admin/api/keys/key-2', () => {
      keys = [{ ...hooks, revokedAt: '2026-11-21T01:00:00Z', revokedBy: 'ann@example.com' }];
      return {
        status: 200,
        data: {
          ...(keys[0] as object),
          disabledEndpoints: [{ id: 'ep_1', url: 'https://crm.example.com/hooks' }],
        },
      };
    });
    const user = userEvent.setup();
    open('/admin/api-keys');
    await screen.findByText('No API keys yet.');
    const manage = screen.getByRole('checkbox', { name: /Manage webhook endpoints/ });
    const act = screen.getByRole('checkbox', { name: /Act on orders and leads/ });
    // A viewer key (the default role) takes no scope.
    expect((manage as HTMLInputElement).disabled).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'manager');
    expect((manage as HTMLInputElement).checked).toBe(false);
    expect((act as HTMLInputElement).checked).toBe(false);
    await user.click(manage);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'hooks');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(KEY)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'hooks',
      role: 'manager',
      scopes: ['webhooks:manage'],
    });
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('orders:read, webhooks:manage')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Revoke hooks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the key “hooks”?' });
    expect(dialog.textContent).toContain('the webhook endpoints it added or enabled are disabled');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the key' }));
    expect(await screen.findByText('https://crm.example.com/hooks')).toBeTruthy();
    expect(screen.getByText(/The webhook endpoints it had added are disabled/)).toBeTruthy();
  });
});
