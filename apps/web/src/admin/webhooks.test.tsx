// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConsoleApp } from './console.tsx';

/*
 * docs/rules/webhooks.md#endpoints and operator-console.md (Webhooks): the page, against a
 * stand-in fetch that answers as packages/domain/src/api/admin.ts says.
 */

import { calls, serve, signedInAs } from '../test-support/console-fetch.ts';

function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(<ConsoleApp />);
}

const configured = {
  id: 'configured',
  url: 'https://ops.example.com/hook',
  description: 'OPS_WEBHOOK_URL',
  eventTypes: [],
  created: null,
  createdBy: null,
  disabled: null,
  disabledBy: null,
  fromEnvironment: true,
};
const added = {
  id: 'ep_1',
  url: 'https://crm.example.com/in',
  description: 'CRM',
  eventTypes: ['lead.created'],
  created: '2026-11-20T01:00:00Z',
  createdBy: 'ann@example.com',
  disabled: null,
  disabledBy: null,
  fromEnvironment: false,
};
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const delivery = {
  id: 'dl_1',
  eventId: 'evt_1',
  type: 'lead.created',
  endpointId: 'ep_1',
  reference: null,
  orderId: null,
  leadId: 'lead-1',
  sequence: 1,
  created: '2026-11-20T02:00:00Z',
  state: 'gave_up',
  attempts: 12,
  nextAttempt: null,
  delivered: null,
  lastError: 'connection refused',
  lastStatus: null,
};

describe('the Webhooks page', () => {
  it('shows a viewer the endpoints and deliveries in words, with no controls', async () => {
    signedInAs('viewer');
    serve('GET', '/admin/api/webhooks/endpoints', {
      status: 200,
      data: { items: [configured, added] },
    });
    serve('GET', '/admin/api/webhooks/deliveries', {
      status: 200,
      data: { items: [delivery], nextCursor: null },
    });
    open('/admin');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Webhooks' }));
    const endpoints = await screen.findByRole('table', { name: 'Endpoints' });
    expect(
      within(endpoints).getByText('From OPS_WEBHOOK_URL (set in the environment)'),
    ).toBeTruthy();
    expect(within(endpoints).getByText('All events')).toBeTruthy();
    expect(within(endpoints).getByText('lead.created')).toBeTruthy();
    const deliveries = await screen.findByRole('table', { name: 'Deliveries' });
    expect(within(deliveries).getByText('Gave up')).toBeTruthy();
    expect(within(deliveries).getByText('connection refused')).toBeTruthy();
    expect(within(deliveries).getByText('https://crm.example.com/in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Resend|Disable/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add endpoint' })).toBeNull();
  });

  it("puts the server's field errors on their fields and focuses the first; shows the secret once", async () => {
    signedInAs('manager');
    let endpoints: unknown[] = [];
    serve('GET', '/admin/api/webhooks/endpoints', () => ({
      status: 200,
      data: { items: endpoints },
    }));
    serve('GET', '/admin/api/webhooks/deliveries', {
      status: 200,
      data: { items: [], nextCursor: null },
    });
    serve('POST', '/admin/api/webhooks/endpoints', (call) => {
      const body = call.body as { url: string };
      if (!body.url.startsWith('https:'))
        return {
          status: 400,
          data: {
            error: 'invalid_input',
            message: 'url must be an http(s) URL',
            fields: { 'eventTypes.1': 'is not a type', url: 'must be an http(s) URL' },
          },
        };
      endpoints = [added];
      return { status: 201, data: { endpoint: added, secret: SECRET } };
    });
    const user = userEvent.setup();
    open('/admin/webhooks');
    await screen.findByText('No endpoints yet: events are kept, but sent nowhere.');
    expect(await screen.findByText('No deliveries yet.')).toBeTruthy();
    const url = screen.getByRole('textbox', { name: 'URL' });
    await user.type(url, 'ftp://nope');
    await user.click(screen.getByRole('checkbox', { name: 'lead.created' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('URL must be an http(s) URL')).toBeTruthy();
    expect(screen.getByText('Event types is not a type')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(url));
    expect(url.getAttribute('aria-invalid')).toBe('true');

    await user.clear(url);
    await user.type(url, 'https://crm.example.com/in');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(screen.getByText(/Copy this secret now: you will not see it again/)).toBeTruthy();
    const made = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(made.body).toEqual({ url: 'https://crm.example.com/in', eventTypes: ['lead.created'] });
    expect(made.headers.get('x-csrf-token')).toBe('csrf-token-1');
    expect(
      await screen.findByRole('button', { name: 'Disable https://crm.example.com/in' }),
    ).toBeTruthy();
  });

  it('disables an endpoint only after a confirmation, never the configured one, and enables it again', async () => {
    signedInAs('manager');
    let endpoints: unknown[] = [configured, added];
    serve('GET', '/admin/api/webhooks/endpoints', () => ({
      status: 200,
      data: { items: endpoints },
    }));
    serve('GET', '/admin/api/webhooks/deliveries', {
      status: 200,
      data: { items: [], nextCursor: null },
    });
    serve('POST', '/admin/api/webhooks/endpoints/ep_1/disable', () => {
      const done = { ...added, disabled: '2026-11-21T01:00:00Z', disabledBy: 'ann@example.com' };
      endpoints = [configured, done];
      return { status: 200, data: done };
    });
    serve('POST', '/admin/api/webhooks/endpoints/ep_1/enable', () => {
      endpoints = [configured, added];
      return { status: 200, data: added };
    });
    const user = userEvent.setup();
    open('/admin/webhooks');
    const table = await screen.findByRole('table', { name: 'Endpoints' });
    expect(within(table).getAllByRole('button')).toHaveLength(1);
    await user.click(
      within(table).getByRole('button', { name: 'Disable https://crm.example.com/in' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Disable this endpoint?' });
    expect(calls.some((c) => c.url.pathname.endsWith('/disable'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Disable the endpoint' }));
    const enable = await within(table).findByRole('button', {
      name: 'Enable https://crm.example.com/in',
    });
    expect(within(table).getAllByRole('button')).toHaveLength(1);
    expect(within(table).getByText(/^Disabled/)).toBeTruthy();
    // Enabling loses nothing: no confirmation.
    await user.click(enable);
    expect(
      await within(table).findByRole('button', { name: 'Disable https://crm.example.com/in' }),
    ).toBeTruthy();
    expect(within(table).queryByText(/^Disabled/)).toBeNull();
    const enabled = calls.find((c) => c.url.pathname.endsWith('/ep_1/enable'))!;
    expect(enabled.headers.get('x-csrf-token')).toBe('csrf-token-1');
  });

  it('resends a delivery: the row updates from the answer and the page says so', async () => {
    signedInAs('manager');
    serve('GET', '/admin/api/webhooks/endpoints', { status: 200, data: { items: [added] } });
    serve('GET', '/admin/api/webhooks/deliveries', (call) => ({
      status: 200,
      data:
        call.url.searchParams.get('cursor') === 'next'
          ? {
              items: [{ ...delivery, id: 'dl_0', state: 'delivered', lastError: null }],
              nextCursor: null,
            }
          : { items: [delivery], nextCursor: 'next' },
    }));
    serve('POST', '/admin/api/webhooks/deliveries/dl_1/resend', () => ({
      status: 200,
      data: { ...delivery, state: 'waiting', attempts: 0, nextAttempt: '2026-11-21T00:00:00Z' },
    }));
    const user = userEvent.setup();
    open('/admin/webhooks');
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const status = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live'))!;
    expect(status.textContent).toBe('');
    const gaveUp = within(table).getByRole('row', { name: /Gave up/ });
    await user.click(within(gaveUp).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(status.textContent).toBe('Sent again: due now'));
    expect(within(table).getByText('Waiting')).toBeTruthy();
    expect(within(table).queryByText('Gave up')).toBeNull();
  });

  it('asks for the state chosen', async () => {
    signedInAs('viewer');
    serve('GET', '/admin/api/webhooks/endpoints', { status: 200, data: { items: [] } });
    serve('GET', '/admin/api/webhooks/deliveries', {
      status: 200,
      data: { items: [], nextCursor: null },
    });
    const user = userEvent.setup();
    open('/admin/webhooks');
    await screen.findByText('No deliveries yet.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Gave up');
    expect(await screen.findByText('No deliveries in this state.')).toBeTruthy();
    expect(calls.some((c) => c.url.searchParams.get('state') === 'gave_up')).toBe(true);
  });
});
