// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './console.tsx';

/*
 * The console against a stand-in fetch that answers by method and path, as the API contract
 * (packages/domain/src/api/admin.ts) says; every call is recorded with its headers and body.
 */

interface Sent {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}
type Answer = { status: number; data?: unknown };
type Handler = (call: Sent) => Answer | undefined;

let handlers: Handler[] = [];
let sent: Sent[] = [];

function serve(handler: Handler) {
  handlers.unshift(handler);
}

const on =
  (method: string, path: string | RegExp, answer: Answer | ((call: Sent) => Answer)): Handler =>
  (call) => {
    const matches =
      call.method === method &&
      (typeof path === 'string' ? call.url.pathname === path : path.test(call.url.pathname));
    if (!matches) return undefined;
    return typeof answer === 'function' ? answer(call) : answer;
  };

beforeEach(() => {
  handlers = [];
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: Sent = {
        method: init.method ?? 'GET',
        url: new URL(String(input), 'http://localhost'),
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      sent.push(call);
      const answer = handlers.map((handler) => handler(call)).find(Boolean) ?? {
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

const session = (role: 'manager' | 'viewer' = 'manager') => ({
  operator: { email: 'ann@example.com', role },
  csrfToken: 'csrf-token-1',
  expiresAt: '2099-12-01T10:00:00Z',
});

const summary = {
  id: 'ord_1',
  reference: 'K7QD-9XWM',
  created: '2026-11-20T01:00:00Z',
  status: 'needs_attention' as const,
  customer: {
    firstName: 'Ann',
    lastName: 'Smith',
    email: 'ann.smith@example.com',
    mobile: '0412 345 678',
  },
  address: '1 George St, Sydney NSW 2000',
  plan: 'Fibre 100',
  window: { start: '2026-12-03T08:00:00+11:00', end: '2026-12-03T10:00:00+11:00', state: 'NSW' },
  monthlyCents: 8900,
  attentionReason: 'Billing failed: card declined',
  moveIn: false,
};

const order = (overrides: Record<string, unknown> = {}) => ({
  id: 'ord_1',
  reference: 'K7QD-9XWM',
  created: summary.created,
  status: 'needs_attention',
  attentionReason: 'Billing failed: card declined',
  moveIn: false,
  customer: summary.customer,
  address: summary.address,
  buildingCode: 'B1',
  plan: { id: 'fibre-100', name: 'Fibre 100' },
  router: { id: 'byo', name: 'Bring your own' },
  addOns: ['static-ip'],
  coupon: 'SAVE10',
  price: {
    monthlyCents: 8900,
    activationCents: 0,
    cardFeeCents: 134,
    firstPaymentFeeCents: 0,
    cardScheme: 'amex',
  },
  window: summary.window,
  references: { billingCustomer: 'cus_1', billingSubscription: null, schedulingTask: 'task_9' },
  history: [],
  acceptance: null,
  clientAddress: null,
  service: { status: null, note: null, changed: null },
  ...overrides,
});

function signedIn(role: 'manager' | 'viewer' = 'manager') {
  serve(on('GET', '/admin/api/session', { status: 200, data: session(role) }));
}

function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(<ConsoleApp />);
}

const detail = (term: string) => {
  const dt = screen.getAllByRole('term').find((node) => node.textContent === term);
  if (!dt) throw new Error(`no term ${term}`);
  return dt.nextElementSibling?.textContent;
};

describe('the footer', () => {
  it("says the product's version on every screen, signed in or not", async () => {
    serve(on('GET', '/healthz', { status: 200, data: { status: 'ok', version: '9.8.7' } }));
    serve(
      on('GET', '/admin/api/session', {
        status: 401,
        data: { error: 'unauthorised', message: 'Sign in first' },
      }),
    );
    render(<ConsoleApp />);
    expect(
      await within(screen.getByRole('contentinfo')).findByText('Fibre sign-up 9.8.7'),
    ).toBeTruthy();
  });
});

describe('signing in', () => {
  const signedOut = () =>
    serve(
      on('GET', '/admin/api/session', {
        status: 401,
        data: { error: 'unauthorised', message: 'Sign in first' },
      }),
    );

  it("offers the identity service's button beside the form, or alone with passwords off", async () => {
    signedOut();
    serve(
      on('GET', '/admin/api/sign-in/options', {
        status: 200,
        data: { passwords: true, identityService: { name: 'Acme Staff' } },
      }),
    );
    const first = open('/admin');
    const button = await screen.findByRole('link', { name: 'Sign in with Acme Staff' });
    expect(button.getAttribute('href')).toBe('/admin/api/sign-in/oidc');
    expect(screen.getByLabelText('Password')).toBeTruthy();
    first.unmount();

    serve(
      on('GET', '/admin/api/sign-in/options', {
        status: 200,
        data: { passwords: false, identityService: { name: null } },
      }),
    );
    open('/admin');
    await screen.findByRole('link', { name: 'Sign in with your organisation' });
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it("says why the identity service's sign-in came back, once", async () => {
    signedOut();
    serve(
      on('GET', '/admin/api/sign-in/options', {
        status: 200,
        data: { passwords: false, identityService: { name: 'Acme Staff' } },
      }),
    );
    open('/admin?signInError=oidc_no_role');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The identity service gives you no role in this console (manager or viewer). Ask whoever runs it for one.',
    );
    expect(window.location.search).toBe('');
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'oidc_made_up'])(
    'says the generic sentence for an unknown sign-in reason, %s',
    async (reason) => {
      signedOut();
      serve(
        on('GET', '/admin/api/sign-in/options', {
          status: 200,
          data: { passwords: false, identityService: { name: 'Acme Staff' } },
        }),
      );
      open(`/admin?signInError=${encodeURIComponent(reason)}`);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Signing in through the identity service failed. Try again.');
    },
  );

  it('says a wrong password is wrong, then shows the orders once the password is right', async () => {
    serve(
      on('GET', '/admin/api/session', {
        status: 401,
        data: { error: 'unauthorised', message: 'Sign in first' },
      }),
    );
    serve(
      on('GET', '/admin/api/orders', { status: 200, data: { items: [summary], nextCursor: null } }),
    );
    serve(
      on('POST', '/admin/api/session', (call) =>
        (call.body as { password: string }).password === 'right'
          ? { status: 200, data: session() }
          : {
              status: 401,
              data: {
                error: 'sign_in_failed',
                message: 'That email and password do not match an account.',
              },
            },
      ),
    );
    const user = userEvent.setup();
    open('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Operator sign in' });
    // The form shows once GET /admin/api/sign-in/options has answered (here 404: the form).
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ann@example.com');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveProperty('type', 'password');
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Wrong email or password.');
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));

    await user.clear(password);
    await user.type(password, 'right');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    const nav = screen.getByRole('navigation', { name: 'Console' });
    for (const name of ['Orders', 'Needs attention', 'Schedule', 'Holds', 'Leads', 'Offers'])
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    expect(screen.getByText('ann@example.com (manager)')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Ann Smith' })).getAttribute('href')).toBe(
      '/admin/orders/ord_1',
    );
    // Each order's reference, in its own column.
    expect(screen.getByRole('columnheader', { name: 'Reference' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'K7QD-9XWM' })).toBeTruthy();
    expect(sent.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'ann@example.com',
      password: 'wrong',
    });
  });

  it.each([
    [
      'a wait after wrong passwords, with when to try again',
      {
        status: 429,
        data: {
          error: 'sign_in_delayed',
          message: 'Too many wrong passwords: try again in 4 minutes',
          retryAt: '2026-12-03T03:04:05.000Z',
        },
      },
      'Too many wrong passwords: try again at 2:04:05 pm (Sydney time).',
    ],
    [
      'an email held until a manager unlocks it',
      {
        status: 429,
        data: { error: 'sign_in_locked', message: 'Too many wrong passwords in a row' },
      },
      'Too many wrong passwords in a row for this email: a manager must unlock it before it can sign in from here.',
    ],
    [
      'too many attempts from this address',
      { status: 429, data: { error: 'rate_limited', message: 'Too many sign-in attempts' } },
      'Too many sign-in attempts from this address: wait a minute and try again.',
    ],
    [
      'a fault on the server',
      { status: 500, data: { error: 'internal', message: 'Something went wrong on our side' } },
      'The server had a fault and could not check the password. Try again in a minute; if it keeps happening, tell whoever runs the console.',
    ],
    [
      'a fault on the way (a proxy answers 502, not JSON)',
      { status: 502 },
      'The server had a fault and could not check the password. Try again in a minute; if it keeps happening, tell whoever runs the console.',
    ],
  ])('says what refused the sign-in: %s', async (_, answer, message) => {
    serve(
      on('GET', '/admin/api/session', {
        status: 401,
        data: { error: 'unauthorised', message: 'Sign in first' },
      }),
    );
    serve(on('POST', '/admin/api/session', answer));
    const user = userEvent.setup();
    open('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Operator sign in' });
    // The form shows once GET /admin/api/sign-in/options has answered (here 404: the form).
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'a password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText(/Something went wrong/)).toBeNull();
  });

  it('goes back to sign in when any call answers 401', async () => {
    signedIn();
    serve(
      on('GET', '/admin/api/orders', {
        status: 401,
        data: { error: 'unauthorised', message: 'Sign in first' },
      }),
    );
    open('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Operator sign in' });
    expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();
  });

  it('goes back to sign in when the session reaches its end', async () => {
    serve(
      on('GET', '/admin/api/session', {
        status: 200,
        data: { ...session(), expiresAt: new Date(Date.now() + 800).toISOString() },
      }),
    );
    serve(on('GET', '/admin/api/orders', { status: 200, data: { items: [], nextCursor: null } }));
    open('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    await screen.findByRole('heading', { level: 1, name: 'Operator sign in' }, { timeout: 3000 });
  });

  it('signs out with the CSRF token', async () => {
    signedIn();
    serve(on('GET', '/admin/api/orders', { status: 200, data: { items: [], nextCursor: null } }));
    serve(on('DELETE', '/admin/api/session', { status: 204 }));
    const user = userEvent.setup();
    open('/admin');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Operator sign in' });
    expect(sent.find((c) => c.method === 'DELETE')?.headers['x-csrf-token']).toBe('csrf-token-1');
  });
});

describe('orders', () => {
  it("searches with the day's bounds in Sydney time, and says when nothing matches", async () => {
    signedIn();
    serve(on('GET', '/admin/api/orders', { status: 200, data: { items: [], nextCursor: null } }));
    const user = userEvent.setup();
    open('/admin');
    await screen.findByText('No orders match.');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'smith');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Needs attention');
    await user.type(screen.getByLabelText('From'), '2026-12-03');
    await user.type(screen.getByLabelText('To'), '2026-12-04');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(sent.filter((c) => c.url.pathname === '/admin/api/orders')).toHaveLength(2),
    );
    const query = sent.at(-1)!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({
      q: 'smith',
      status: 'needs_attention',
      from: '2026-12-03T00:00:00+11:00',
      to: '2026-12-05T00:00:00+11:00',
    });
  });

  it('keeps the search in the address, so a reload and back show it again', async () => {
    signedIn();
    serve(on('GET', '/admin/api/orders', { status: 200, data: { items: [], nextCursor: null } }));
    const user = userEvent.setup();
    open('/admin?q=smith&status=confirmed&from=2026-12-03');
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    expect(box).toHaveProperty('value', 'smith');
    await waitFor(() =>
      expect(sent.some((c) => c.url.pathname === '/admin/api/orders')).toBe(true),
    );
    expect(
      Object.fromEntries(
        sent.find((c) => c.url.pathname === '/admin/api/orders')!.url.searchParams,
      ),
    ).toEqual({
      q: 'smith',
      status: 'confirmed',
      from: '2026-12-03T00:00:00+11:00',
    });
    await user.clear(box);
    await user.type(box, 'jones');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(window.location.search).toBe('?q=jones&status=confirmed&from=2026-12-03'),
    );
    window.history.back();
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('value', 'smith'),
    );
  });

  it('loads the next page with the cursor', async () => {
    signedIn();
    serve(
      on('GET', '/admin/api/orders', (call) =>
        call.url.searchParams.get('cursor') === 'c2'
          ? {
              status: 200,
              data: {
                items: [
                  { ...summary, id: 'ord_2', customer: { ...summary.customer, firstName: 'Bob' } },
                ],
                nextCursor: null,
              },
            }
          : { status: 200, data: { items: [summary], nextCursor: 'c2' } },
      ),
    );
    const user = userEvent.setup();
    open('/admin');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Bob Smith' });
    expect(screen.getByRole('link', { name: 'Ann Smith' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('an order', () => {
  it('shows what was bought, the window in its state’s zone, and the references', async () => {
    signedIn('viewer');
    serve(on('GET', '/admin/api/orders/ord_1', { status: 200, data: order() }));
    open('/admin/orders/ord_1');
    // The title is the order's reference; its id is among the details.
    await screen.findByRole('heading', { level: 1, name: 'Order K7QD-9XWM' });
    await screen.findByText('Billing failed: card declined');
    expect(detail('Reference')).toBe('K7QD-9XWM');
    expect(detail('Order id')).toBe('ord_1');
    expect(detail('Status')).toBe('Needs attention');
    expect(detail('Reason')).toBe('Billing failed: card declined');
    expect(detail('Customer')).toBe('Ann Smith');
    // An American Express order: each payment with its card surcharge, as charged.
    expect(detail('Monthly charge')).toBe('$90.34');
    expect(detail('First payment')).toBe('$0.00');
    expect(detail('Card surcharge included')).toBe(
      'American Express: $0.00 of the first payment, $1.34 of each monthly charge',
    );
    expect(detail('Add-ons')).toBe('Static IP');
    expect(detail('Window')).toBe('Thursday 3 December 2026, 8:00 am – 10:00 am AEDT');
    expect(detail('Billing subscription')).toBe('None');
    expect(detail('Installer task')).toBe('task_9');
    // Not a move-in: no such line (docs/rules/contact-and-connection.md#the-buildings-units).
    expect(() => detail('Move-in')).toThrow();
    expect(screen.getByText('No changes yet.')).toBeTruthy();
    // A viewer sees no change actions.
    for (const name of [
      'Retry',
      'Mark resolved',
      'Cancel order',
      'Mail the order link',
      'Show a new order link',
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  // docs/rules/contact-and-connection.md#the-buildings-units
  it('flags a move-in', async () => {
    signedIn('viewer');
    serve(on('GET', '/admin/api/orders/ord_1', { status: 200, data: order({ moveIn: true }) }));
    open('/admin/orders/ord_1');
    await screen.findByRole('heading', { level: 1, name: 'Order K7QD-9XWM' });
    expect(detail('Move-in')).toBe('Yes: the unit already had an active order');
  });

  it("lets a manager mail the order link and be shown a new one, each in the order's history", async () => {
    signedIn('manager');
    let current = order({ status: 'confirmed', attentionReason: null });
    const linkEntry = (action: string, link: string) => ({
      at: '2026-11-24T01:00:00Z',
      operator: 'ann@example.com',
      action,
      before: { status: 'confirmed' },
      after: { status: 'confirmed', link },
    });
    serve(on('GET', '/admin/api/orders/ord_1', () => ({ status: 200, data: current })));
    serve(
      on('POST', '/admin/api/orders/ord_1/link/mail', () => {
        current = order({
          status: 'confirmed',
          attentionReason: null,
          history: [linkEntry('order_link_sent', 'mailed to the customer')],
        });
        return { status: 200, data: current };
      }),
    );
    serve(
      on('POST', '/admin/api/orders/ord_1/link', () => {
        current = order({
          status: 'confirmed',
          attentionReason: null,
          history: [
            linkEntry('order_link_shown', 'shown to the operator'),
            ...(current.history as unknown[]),
          ],
        });
        return {
          status: 200,
          data: { link: 'https://signup.example.com/order/tok_new', order: current },
        };
      }),
    );
    const user = userEvent.setup();
    open('/admin/orders/ord_1');
    await user.click(await screen.findByRole('button', { name: 'Mail the order link' }));
    expect(
      await screen.findByText(
        'The confirmation with a new link is queued to ann.smith@example.com.',
      ),
    ).toBeTruthy();
    const mailed = sent.find((c) => c.url.pathname.endsWith('/link/mail'))!;
    expect(mailed.method).toBe('POST');
    expect(mailed.headers['x-csrf-token']).toBe('csrf-token-1');
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Order link mailed')).toBeTruthy();
    expect(within(history).getByText('Link: mailed to the customer')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show a new order link' }));
    const shown = await screen.findByRole('link', {
      name: 'https://signup.example.com/order/tok_new',
    });
    expect(shown.getAttribute('href')).toBe('https://signup.example.com/order/tok_new');
    expect(sent.find((c) => c.url.pathname.endsWith('/ord_1/link'))!.headers['x-csrf-token']).toBe(
      'csrf-token-1',
    );
    expect(within(history).getByText('New order link shown')).toBeTruthy();
  });

  it("offers a manager only the service's next steps, and shows the server's refusal in the dialog", async () => {
    // docs/rules/orders.md#service-status
    signedIn('manager');
    let current = order({ status: 'confirmed', attentionReason: null });
    let refuse = true;
    serve(on('GET', '/admin/api/orders/ord_1', () => ({ status: 200, data: current })));
    serve(
      on('POST', '/admin/api/orders/ord_1/service', (call) => {
        if (refuse)
          return {
            status: 409,
            data: {
              error: 'not_installed_yet',
              message:
                'The installation is booked for Thursday 3 December: the service can be marked installed once it has begun.',
            },
          };
        const body = call.body as { status: string; note?: string };
        current = order({
          status: 'confirmed',
          attentionReason: null,
          service: {
            status: body.status,
            note: body.note ?? null,
            changed: '2026-12-03T03:47:00Z',
          },
          history: [
            {
              at: '2026-12-03T03:47:00Z',
              operator: 'ann@example.com',
              action: 'order_service_changed',
              before: { service: null },
              after: { service: body.status, note: body.note },
            },
          ],
        });
        return { status: 200, data: current };
      }),
    );
    const user = userEvent.setup();
    open('/admin/orders/ord_1');
    await screen.findByRole('heading', { level: 1, name: 'Order K7QD-9XWM' });
    expect(detail('Service')).toBe('Not yet installed');
    await user.click(screen.getByRole('button', { name: 'Set service status' }));
    let dialog = await screen.findByRole('dialog', { name: 'Set service status' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['installed', 'active']);
    await user.click(within(dialog).getByRole('button', { name: 'Set status' }));
    expect(
      await within(dialog).findByText(/The installation is booked for Thursday 3 December/),
    ).toBeTruthy();

    refuse = false;
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Fitted by Sam');
    await user.click(within(dialog).getByRole('button', { name: 'Set status' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(detail('Service')).toBe(
      'Installed, since 3 Dec 2026, 2:47 pm AEDT. Note: Fitted by Sam',
    );
    const set = sent.filter((c) => c.url.pathname.endsWith('/service')).at(-1)!;
    expect(set.body).toEqual({ status: 'installed', note: 'Fitted by Sam' });
    expect(set.headers['x-csrf-token']).toBe('csrf-token-1');
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Service set to installed')).toBeTruthy();
    expect(within(history).getByText('Service: Not yet installed → Installed')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Set service status' }));
    dialog = await screen.findByRole('dialog', { name: 'Set service status' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['active', 'cancelled']);
  });

  it('offers no service control on a cancelled service, an unconfirmed order, or to a viewer', async () => {
    signedIn('manager');
    let current = order({
      status: 'confirmed',
      service: { status: 'cancelled', note: null, changed: '2026-12-03T03:47:00Z' },
    });
    serve(on('GET', '/admin/api/orders/ord_1', () => ({ status: 200, data: current })));
    open('/admin/orders/ord_1');
    await screen.findByRole('button', { name: 'Cancel order' });
    expect(detail('Service')).toBe('Cancelled, since 3 Dec 2026, 2:47 pm AEDT');
    expect(screen.queryByRole('button', { name: 'Set service status' })).toBeNull();
    cleanup();
    current = order();
    open('/admin/orders/ord_1');
    await screen.findByRole('button', { name: 'Cancel order' });
    expect(screen.queryByRole('button', { name: 'Set service status' })).toBeNull();
  });

  it('lets a manager cancel, sending the CSRF token, then shows the new status and history', async () => {
    signedIn('manager');
    let current = order();
    serve(on('GET', '/admin/api/orders/ord_1', () => ({ status: 200, data: current })));
    serve(
      on('POST', '/admin/api/orders/ord_1/cancel', () => {
        current = order({
          status: 'cancelled',
          history: [
            {
              at: '2026-11-24T01:00:00Z',
              operator: 'ann@example.com',
              action: 'order_cancelled',
              before: { status: 'needs_attention', reason: 'Billing failed: card declined' },
              after: { status: 'cancelled', reason: null, note: 'Moved away' },
            },
          ],
        });
        return { status: 200, data: current };
      }),
    );
    const user = userEvent.setup();
    open('/admin/orders/ord_1');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark resolved' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
      'Moved away',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep order' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(detail('Status')).toBe('Cancelled'));
    const cancel = sent.find((c) => c.url.pathname.endsWith('/cancel'))!;
    expect(cancel.headers['x-csrf-token']).toBe('csrf-token-1');
    expect(cancel.body).toEqual({ note: 'Moved away' });
    // The history in plain words, the time with its zone named.
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Cancelled')).toBeTruthy();
    expect(within(history).getByText('Status: Needs attention → Cancelled')).toBeTruthy();
    expect(within(history).getByText('Reason: Billing failed: card declined → none')).toBeTruthy();
    expect(within(history).getByText('Note: Moved away')).toBeTruthy();
    expect(within(history).getByText('24 Nov 2026, 12:00 pm AEDT')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('asks for a note before marking resolved', async () => {
    signedIn('manager');
    serve(on('GET', '/admin/api/orders/ord_1', { status: 200, data: order() }));
    serve(
      on('POST', '/admin/api/orders/ord_1/resolve', {
        status: 200,
        data: order({ status: 'confirmed', attentionReason: null }),
      }),
    );
    const user = userEvent.setup();
    open('/admin/orders/ord_1');
    await user.click(await screen.findByRole('button', { name: 'Mark resolved' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark resolved' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    expect(sent.some((c) => c.url.pathname.endsWith('/resolve'))).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Paid by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    await waitFor(() => expect(detail('Status')).toBe('Confirmed'));
    expect(sent.find((c) => c.url.pathname.endsWith('/resolve'))?.body).toEqual({
      note: 'Paid by phone',
    });
  });

  it("shows a failed retry's message in an alert and the order as it is now", async () => {
    signedIn('manager');
    let reads = 0;
    serve(
      on('GET', '/admin/api/orders/ord_1', () => {
        reads += 1;
        return {
          status: 200,
          data: order(
            reads > 1
              ? {
                  history: [
                    {
                      at: '2026-11-24T01:00:00Z',
                      operator: 'ann@example.com',
                      action: 'order_retry_failed',
                      before: { status: 'needs_attention' },
                      after: { status: 'needs_attention', failedStep: 'billing' },
                    },
                  ],
                }
              : {},
          ),
        };
      }),
    );
    serve(
      on('POST', '/admin/api/orders/ord_1/retry', {
        status: 502,
        data: { error: 'billing_failed', message: 'Billing is still refusing the card.' },
      }),
    );
    const user = userEvent.setup();
    open('/admin/orders/ord_1');
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Billing is still refusing the card.',
    );
    await screen.findByText('Retry failed');
    expect(screen.getByText('Failed at: billing')).toBeTruthy();
    expect(sent.find((c) => c.url.pathname.endsWith('/retry'))?.headers['x-csrf-token']).toBe(
      'csrf-token-1',
    );
  });
});

describe('the schedule', () => {
  it('opens on the first bookable day (today + 2 in the state’s zone), not on today', async () => {
    signedIn('viewer');
    serve(
      on('GET', '/admin/api/schedule', (call) => ({
        status: 200,
        data: {
          state: call.url.searchParams.get('state')!,
          date: call.url.searchParams.get('date')!,
          zone: 'Australia/Sydney',
          crews: [],
        },
      })),
    );
    open('/admin/schedule');
    await screen.findByRole('heading', { level: 1, name: 'Installation schedule' });
    const sydneyDay = (ms: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(ms);
    const expected = sydneyDay(Date.now() + 2 * 24 * 3600_000);
    expect((screen.getByLabelText('Day', { exact: true }) as HTMLInputElement).value).toBe(
      expected,
    );
    await waitFor(() =>
      expect(
        sent.some(
          (c) =>
            c.url.pathname === '/admin/api/schedule' && c.url.searchParams.get('date') === expected,
        ),
      ).toBe(true),
    );
    expect(expected).not.toBe(sydneyDay(Date.now()));
  });
});

describe('holds and leads', () => {
  it('releases a hold and the row goes', async () => {
    signedIn('manager');
    const hold = (id: string) => ({
      reservationId: id,
      state: 'NSW',
      crew: { id: 'c1', name: 'Crew One' },
      window: { start: '2026-12-03T08:00:00+11:00', end: '2026-12-03T10:00:00+11:00' },
      created: '2026-11-24T00:00:00Z',
      expiresAt: '2026-11-24T00:10:00Z',
    });
    serve(
      on('GET', '/admin/api/holds', {
        status: 200,
        data: { items: [hold('res_1'), hold('res_2')] },
      }),
    );
    serve(on('DELETE', /^\/admin\/api\/holds\//, { status: 204 }));
    const user = userEvent.setup();
    open('/admin/holds');
    await screen.findByRole('heading', { level: 1, name: 'Live holds' });
    await user.click(await screen.findByRole('button', { name: 'Release hold res_1' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Release hold res_1' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Release hold res_2' })).toBeTruthy();
    const release = sent.find((c) => c.method === 'DELETE')!;
    expect(release.url.pathname).toBe('/admin/api/holds/res_1');
    expect(release.headers['x-csrf-token']).toBe('csrf-token-1');
  });

  it('shows no release to a viewer, and the empty state', async () => {
    signedIn('viewer');
    let items: unknown[] = [
      {
        reservationId: 'res_9',
        state: 'VIC',
        crew: { id: 'c1', name: 'Crew One' },
        window: { start: '2026-12-03T08:00:00+11:00', end: '2026-12-03T10:00:00+11:00' },
        created: '2026-11-24T00:00:00Z',
        expiresAt: '2026-11-24T00:10:00Z',
      },
    ];
    serve(on('GET', '/admin/api/holds', () => ({ status: 200, data: { items } })));
    const view = open('/admin/holds');
    await screen.findByText('Crew One');
    expect(screen.queryByRole('button', { name: /Release/ })).toBeNull();
    view.unmount();
    items = [];
    open('/admin/holds');
    await screen.findByText('No live holds.');
  });

  it('marks a lead contacted and undoes it', async () => {
    signedIn('manager');
    const lead = {
      id: 'lead_1',
      created: '2026-11-23T00:00:00Z',
      firstName: 'Bea',
      lastName: 'Jones',
      email: 'bea@example.com',
      phone: null,
      address: '2 Pitt St',
      message: 'Call me',
      contactedAt: null,
      contactedBy: null,
    };
    serve(
      on('GET', '/admin/api/leads', { status: 200, data: { items: [lead], nextCursor: null } }),
    );
    serve(
      on('POST', '/admin/api/leads/lead_1/contacted', {
        status: 200,
        data: { ...lead, contactedAt: '2026-11-24T00:00:00Z', contactedBy: 'ann@example.com' },
      }),
    );
    serve(on('DELETE', '/admin/api/leads/lead_1/contacted', { status: 200, data: lead }));
    const user = userEvent.setup();
    open('/admin/leads');
    expect((await screen.findByRole('link', { name: 'Export CSV' })).getAttribute('href')).toBe(
      '/admin/api/leads.csv',
    );
    await user.click(await screen.findByRole('button', { name: 'Mark contacted: Bea Jones' }));
    await user.click(await screen.findByRole('button', { name: 'Undo contacted: Bea Jones' }));
    await screen.findByRole('button', { name: 'Mark contacted: Bea Jones' });
    const changes = sent.filter((c) => c.method !== 'GET');
    expect(changes.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /admin/api/leads/lead_1/contacted',
      'DELETE /admin/api/leads/lead_1/contacted',
    ]);
    expect(changes.every((c) => c.headers['x-csrf-token'] === 'csrf-token-1')).toBe(true);
  });
});

describe('moving between pages', () => {
  it('follows the links with the History API, and back returns', async () => {
    signedIn('viewer');
    serve(on('GET', '/admin/api/orders', { status: 200, data: { items: [], nextCursor: null } }));
    serve(
      on('GET', '/admin/api/offers', {
        status: 200,
        data: {
          coupons: [{ id: 'SAVE10', description: '$10 off', retired: false, orders: 3 }],
          campaigns: [],
        },
      }),
    );
    const user = userEvent.setup();
    open('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    await user.click(screen.getByRole('link', { name: 'Offers' }));
    await screen.findByRole('heading', { level: 1, name: 'Coupons and campaigns' });
    expect(window.location.pathname).toBe('/admin/offers');
    expect(
      within(await screen.findByRole('table', { name: 'Coupons' })).getByText('3'),
    ).toBeTruthy();
    window.history.back();
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
  });
});
