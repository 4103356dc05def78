// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConsoleApp } from './console.tsx';

/*
 * docs/rules/personal-data-requests.md and operator-console.md (Personal data): the page, against
 * a stand-in fetch that answers as packages/domain/src/api/personal-data.ts says.
 */

import { calls, serve, signedInAs } from '../test-support/console-fetch.ts';

const found = {
  person: { email: 'pat@example.com', mobile: null },
  orders: [
    {
      id: 'ord_live',
      created: '2026-11-20T01:00:00Z',
      status: 'confirmed',
      customer: {
        firstName: 'Pat',
        lastName: 'Person',
        email: 'pat@example.com',
        mobile: '+61412345678',
      },
      address: '1 Test Street, Sydney NSW 2000',
      planId: 'plan_1',
      planName: 'Plan 1',
      monthlyCents: 8900,
      activationCents: 0,
      cardFeeCents: 0,
      window: null,
      acceptance: null,
      clientAddress: null,
      erasable: false,
      keptBecause:
        'Order ord_live is confirmed: its contact details stay while the service is live. Cancel the order first if the service has ended.',
    },
    {
      id: 'ord_gone',
      created: '2026-11-21T01:00:00Z',
      status: 'cancelled',
      customer: {
        firstName: 'Pat',
        lastName: 'Person',
        email: 'pat@example.com',
        mobile: '+61412345678',
      },
      address: null,
      planId: 'plan_1',
      planName: 'Plan 1',
      monthlyCents: 8900,
      activationCents: 0,
      cardFeeCents: 0,
      window: null,
      acceptance: null,
      clientAddress: '203.0.113.9',
      erasable: true,
      keptBecause: null,
    },
  ],
  leads: [
    {
      id: 'lead_1',
      created: '2026-11-19T01:00:00Z',
      firstName: 'Pat',
      lastName: 'Person',
      email: 'pat@example.com',
      phone: '+61412345678',
      address: '10 Smith Street, Darwin City NT 0800',
      message: null,
      contactedAt: null,
      contactedBy: null,
    },
  ],
  mail: [],
  holds: [],
  audit: [],
  savedSignups: [],
};

function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(<ConsoleApp />);
}

describe('the personal data page', () => {
  it('is not offered to a viewer', async () => {
    signedInAs('viewer');
    open('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    expect(screen.queryByRole('link', { name: 'Personal data' })).toBeNull();
  });

  it('finds a person by email, shows the results grouped and the export link, then erases the rest after confirming', async () => {
    signedInAs('manager');
    serve('GET', '/admin/api/personal-data', { status: 200, data: found });
    serve('POST', '/admin/api/personal-data/erase', {
      status: 200,
      data: {
        orders: ['ord_gone'],
        leads: ['lead_1'],
        mail: 1,
        holds: 1,
        notifications: 1,
        savedSignups: 0,
        kept: [{ orderId: 'ord_live', reason: 'kept' }],
        told: [
          {
            orderId: 'ord_gone',
            adapter: 'installer task',
            outcome: 'failed',
            message:
              'The installer task could not be cleared (Arrivy is down): erase it there by hand.',
          },
        ],
      },
    });
    const user = userEvent.setup();
    open('/admin/personal-data');
    await screen.findByRole('heading', { level: 1, name: 'Personal data' });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Pat@Example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));

    await screen.findByText(
      'Found 2 orders, 1 lead, 0 mails, 0 holds, 0 saved sign-ups and 0 audit records.',
    );
    const find = calls.find((c) => c.url.pathname === '/admin/api/personal-data')!;
    expect(find.url.searchParams.get('email')).toBe('Pat@Example.com');
    const orders = screen.getByRole('table', { name: 'Orders' });
    expect(within(orders).getByText(/^No: Order ord_live is confirmed/)).toBeTruthy();
    expect(within(orders).getByText('Yes')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Leads' })).getByText('Pat Person'),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download the export (JSON)' });
    expect(link.getAttribute('href')).toBe(
      '/admin/api/personal-data/export?email=Pat%40Example.com',
    );

    await user.click(screen.getByRole('button', { name: 'Erase…' }));
    const dialog = await screen.findByRole('dialog', { name: "Erase this person's data?" });
    expect(within(dialog).getByText(/Order ord_live is confirmed/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Erase the rest' }));
    await screen.findByText('Erased 1 order and 1 lead; kept 1 order.');
    expect(
      screen.getByText(
        'ord_gone, installer task: The installer task could not be cleared (Arrivy is down): erase it there by hand.',
      ),
    ).toBeTruthy();
    const erase = calls.find((c) => c.url.pathname === '/admin/api/personal-data/erase')!;
    expect(erase.body).toEqual({ email: 'Pat@Example.com', partial: true });
    expect(erase.headers.get('x-csrf-token')).toBe('csrf-token-1');
  });

  it('says when nothing found may be erased, and offers no erase', async () => {
    signedInAs('manager');
    serve('GET', '/admin/api/personal-data', {
      status: 200,
      data: { ...found, orders: [found.orders[0]], leads: [] },
    });
    const user = userEvent.setup();
    open('/admin/personal-data');
    await user.click(await screen.findByRole('combobox', { name: 'Find by' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Find by' }), 'Mobile');
    await user.type(screen.getByRole('textbox', { name: 'Mobile' }), '0412 345 678');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByText("Nothing found may be erased (see each order's Erasable).");
    expect(screen.queryByRole('button', { name: 'Erase…' })).toBeNull();
    const find = calls.find((c) => c.url.pathname === '/admin/api/personal-data')!;
    expect(find.url.searchParams.get('mobile')).toBe('0412 345 678');
  });

  it('corrects contact details and shows what billing and the installer task were told; a refusal shows in an alert', async () => {
    signedInAs('manager');
    serve('GET', '/admin/api/personal-data', { status: 200, data: found });
    let refuse = true;
    serve('POST', '/admin/api/personal-data/correct', () =>
      refuse
        ? {
            status: 400,
            data: {
              error: 'invalid_input',
              message: 'Please enter your mobile number as 04123456789 or +61412345678',
              fields: {
                'to.mobile': 'Please enter your mobile number as 04123456789 or +61412345678',
              },
            },
          }
        : {
            status: 200,
            data: {
              orders: ['ord_live', 'ord_gone'],
              leads: ['lead_1'],
              savedSignups: [],
              mail: 0,
              told: [
                {
                  orderId: 'ord_live',
                  adapter: 'billing',
                  outcome: 'recorded',
                  message: 'Recorded in the embedded ledger.',
                },
              ],
            },
          },
    );
    const user = userEvent.setup();
    open('/admin/personal-data');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByRole('table', { name: 'Orders' });

    await user.type(screen.getByRole('textbox', { name: 'New mobile' }), '12');
    await user.click(screen.getByRole('button', { name: 'Save corrections' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please enter your mobile number');

    refuse = false;
    await user.clear(screen.getByRole('textbox', { name: 'New mobile' }));
    await user.type(screen.getByRole('textbox', { name: 'New first name' }), 'Patricia');
    await user.click(screen.getByRole('button', { name: 'Save corrections' }));
    await screen.findByText('Corrected 2 orders and 1 lead.');
    expect(screen.getByText('ord_live, billing: Recorded in the embedded ledger.')).toBeTruthy();
    const correct = calls.filter((c) => c.url.pathname === '/admin/api/personal-data/correct');
    expect(correct.at(-1)!.body).toEqual({
      email: 'pat@example.com',
      to: { firstName: 'Patricia' },
    });
  });

  it('shows the sign-ups saved to finish later, corrects them, and erases a person who has only those', async () => {
    signedInAs('manager');
    const signup = {
      id: 'sig_1',
      created: '2026-11-22T01:00:00Z',
      expiresAt: '2026-11-29T01:00:00Z',
      email: 'robin@example.com',
      firstName: 'Robin',
      consent: { words: 'Email me a link', marketing: true, at: '2026-11-22T01:00:00Z' },
      unsubscribedAt: null,
      reminded: true,
    };
    serve('GET', '/admin/api/personal-data', {
      status: 200,
      data: {
        ...found,
        person: { email: 'robin@example.com', mobile: null },
        orders: [],
        leads: [],
        savedSignups: [signup],
      },
    });
    serve('POST', '/admin/api/personal-data/correct', {
      status: 200,
      data: { orders: [], leads: [], savedSignups: ['sig_1'], mail: 0, told: [] },
    });
    serve('POST', '/admin/api/personal-data/erase', {
      status: 200,
      data: {
        orders: [],
        leads: [],
        mail: 1,
        holds: 0,
        notifications: 0,
        savedSignups: 1,
        kept: [],
        told: [],
      },
    });
    const user = userEvent.setup();
    open('/admin/personal-data');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'robin@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByText(
      'Found 0 orders, 0 leads, 0 mails, 0 holds, 1 saved sign-up and 0 audit records.',
    );
    const saved = screen.getByRole('table', { name: 'Saved sign-ups' });
    expect(within(saved).getByRole('rowheader', { name: 'robin@example.com' })).toBeTruthy();
    expect(within(saved).getByText('Ticked')).toBeTruthy();
    expect(within(saved).getByText('Sent')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'New last name' }), 'Smith');
    await user.click(screen.getByRole('button', { name: 'Save corrections' }));
    await screen.findByText('Corrected 0 orders, 0 leads and 1 saved sign-up.');

    await user.click(screen.getByRole('button', { name: 'Erase…' }));
    const dialog = await screen.findByRole('dialog', { name: "Erase this person's data?" });
    expect(within(dialog).getByText(/The 1 saved sign-up and its link are deleted\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    await screen.findByText('Erased 0 orders, 0 leads and 1 saved sign-up.');
    const erase = calls.find((c) => c.url.pathname === '/admin/api/personal-data/erase')!;
    expect(erase.body).toEqual({ email: 'robin@example.com', partial: false });
  });
});
