// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './console.tsx';

/*
 * docs/rules/operator-console.md (Customer mail): the outbox in the console, against a stand-in
 * fetch that answers as packages/domain/src/api/admin.ts says.
 */

type Answer = { status: number; data?: unknown };
let routes: Array<(url: URL, method: string) => Answer | undefined> = [];
let asked: URL[] = [];

beforeEach(() => {
  routes = [];
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url);
      const answer = routes.map((r) => r(url, init.method ?? 'GET')).find(Boolean) ?? {
        status: 404,
        data: { error: 'not_found', message: 'No such route' },
      };
      return new Response(answer.data === undefined ? null : JSON.stringify(answer.data), {
        status: answer.status,
      });
    }),
  );
  serve('/admin/api/session', {
    status: 200,
    data: {
      operator: { email: 'ann@example.com', role: 'viewer' },
      csrfToken: 'csrf-token-1',
      expiresAt: '2099-12-01T10:00:00Z',
    },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function serve(path: string, answer: Answer | ((url: URL) => Answer)) {
  routes.unshift((url, method) =>
    method === 'GET' && url.pathname === path
      ? typeof answer === 'function'
        ? answer(url)
        : answer
      : undefined,
  );
}

const mail = (overrides: Record<string, unknown> = {}) => ({
  id: 'mail_1',
  kind: 'order.confirmation',
  orderId: 'ord_1',
  recipient: 'ann.smith@example.com',
  subject: 'Your Demo Fibre order is confirmed',
  createdAt: '2026-11-20T01:00:00Z',
  deliveredAt: null,
  attempts: 0,
  nextAttemptAt: '2026-11-20T01:00:00Z',
  lastError: null,
  textPreview: 'Hi Ann,\n\nSee or change your order: %ORDER_LINK%',
  ...overrides,
});

function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(<ConsoleApp />);
}

describe('the customer mail page', () => {
  it('lists each mail with its kind, recipient, subject and status, and opens its preview', async () => {
    serve('/admin/api/mail', {
      status: 200,
      data: {
        items: [
          mail({ id: 'mail_3', kind: 'order.reminder', subject: 'Reminder: tomorrow' }),
          mail({
            id: 'mail_2',
            subject: 'Sent one',
            deliveredAt: '2026-11-20T01:00:05Z',
            attempts: 1,
            nextAttemptAt: null,
          }),
          mail({ id: 'mail_1', subject: 'Failed one', attempts: 3, lastError: '451 try later' }),
        ],
        nextCursor: null,
        sending: true,
      },
    });
    open('/admin');
    await userEvent.click(await screen.findByRole('link', { name: 'Mail' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer mail' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Mail' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').at(-1)!.textContent)).toEqual([
      'Waiting',
      'Sent',
      'Failed: 451 try later',
    ]);
    expect(within(rows[0]!).getByText('Reminder')).toBeTruthy();
    expect(within(rows[0]!).getByText('ann.smith@example.com')).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/mail');

    const preview = within(rows[1]!).getByText('Sent one');
    const details = preview.closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(preview);
    expect(details.open).toBe(true);
    // The link is the customer's own, never stored: the preview says what stands there.
    expect(
      within(details).getByText(/See or change your order: \[the customer's order page link\]/),
    ).toBeTruthy();
    expect(screen.queryByText(/no mail server/i)).toBeNull();
  });

  it('says when no mail server is set, and that the waiting mail is not being sent', async () => {
    serve('/admin/api/mail', {
      status: 200,
      data: {
        items: [mail({ id: 'mail_1', subject: 'Waiting one' })],
        nextCursor: null,
        sending: false,
      },
    });
    open('/admin/mail');
    expect((await screen.findByText(/No mail server is set \(SMTP_URL\)/)).textContent).toBe(
      'No mail server is set (SMTP_URL), so no mail is being sent: it waits here and goes out once one is set.',
    );
    const table = await screen.findByRole('table', { name: 'Mail' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').at(-1)!.textContent).toBe('Waiting: no mail server');
  });

  it('loads more while there are more', async () => {
    serve('/admin/api/mail', (url) =>
      url.searchParams.get('cursor') === 'c2'
        ? {
            status: 200,
            data: {
              items: [mail({ id: 'mail_1', subject: 'Older' })],
              nextCursor: null,
              sending: true,
            },
          }
        : {
            status: 200,
            data: {
              items: [mail({ id: 'mail_2', subject: 'Newer' })],
              nextCursor: 'c2',
              sending: true,
            },
          },
    );
    open('/admin/mail');
    expect(await screen.findByText('Newer')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there is no mail', async () => {
    serve('/admin/api/mail', { status: 200, data: { items: [], nextCursor: null, sending: true } });
    open('/admin/mail');
    expect(await screen.findByText('No mail yet.')).toBeTruthy();
  });
});

const orderAnswer = {
  id: 'ord_1',
  reference: 'K7QD-9XWM',
  created: '2026-11-20T01:00:00Z',
  status: 'confirmed',
  attentionReason: null,
  moveIn: false,
  customer: {
    firstName: 'Ann',
    lastName: 'Smith',
    email: 'ann.smith@example.com',
    mobile: '0412 345 678',
  },
  address: '1 George St, Sydney NSW 2000',
  buildingCode: 'B1',
  plan: { id: 'fibre-100', name: 'Fibre 100' },
  router: { id: 'byo', name: 'Bring your own' },
  addOns: [],
  coupon: null,
  price: {
    monthlyCents: 8900,
    activationCents: 0,
    cardFeeCents: 0,
    firstPaymentFeeCents: 0,
    cardScheme: 'visa',
  },
  window: {
    start: '2026-12-03T08:00:00+11:00',
    end: '2026-12-03T10:00:00+11:00',
    state: 'NSW',
  },
  references: { billingCustomer: null, billingSubscription: null, schedulingTask: null },
  history: [],
  acceptance: null,
  clientAddress: null,
  service: { status: null, note: null, changed: null },
};

describe("an order's mail", () => {
  it("lists that order's mails in a Mail section", async () => {
    serve('/admin/api/orders/ord_1', { status: 200, data: orderAnswer });
    serve('/admin/api/mail', (url) =>
      url.searchParams.get('orderId') === 'ord_1'
        ? {
            status: 200,
            data: {
              items: [mail({ deliveredAt: '2026-11-20T01:00:05Z', nextAttemptAt: null })],
              nextCursor: null,
              sending: true,
            },
          }
        : { status: 200, data: { items: [], nextCursor: null, sending: true } },
    );
    open('/admin/orders/ord_1');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Mail' })).closest(
      'section',
    )!;
    const table = await within(section).findByRole('table', { name: 'Mail for this order' });
    expect(within(table).getByText('Your Demo Fibre order is confirmed')).toBeTruthy();
    expect(within(table).getByText('Sent')).toBeTruthy();
    expect(
      asked.some(
        (u) => u.pathname === '/admin/api/mail' && u.searchParams.get('orderId') === 'ord_1',
      ),
    ).toBe(true);
  });

  it("tells in place, without an alert, when the order's mail could not be loaded", async () => {
    serve('/admin/api/orders/ord_1', { status: 200, data: orderAnswer });
    serve('/admin/api/mail', { status: 403, data: { error: 'forbidden', message: 'Not for you' } });
    open('/admin/orders/ord_1');
    expect(
      await screen.findByText(/The mail could not be loaded/, {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
