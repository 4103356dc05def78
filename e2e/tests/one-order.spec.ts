import type { Page, Request } from '@playwright/test';
import {
  acceptCharges,
  bookFirstWindow,
  cards,
  expectWelcome,
  fillCard,
  pay,
  toInstallation,
} from '../support/checkout.ts';
import { queryHaltedServer } from '../support/database.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Issue 5: however Submit is pressed and whatever happens to the page while the order is placed,
// one sign-up is one order. Checked in the database of this spec's own server, which the last
// test halts to read; so the tests run in order.

// Any setting gives the spec a server of its own; this one is the default hold.
test.use({ serverEnv: { RESERVATION_HOLD_SECONDS: '600' } });
test.describe.configure({ mode: 'serial' });

const doubleClick = 'double.click@example.com';
const reloaded = 'reload.on.step7@example.com';

let paidRouter = '';
test.beforeEach(async ({ request }) => {
  paidRouter ||= routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
});

/** The POSTs the page sends to a path ending in `path`, as they go. */
function recordPosts(page: Page, path: RegExp): Request[] {
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && path.test(new URL(r.url()).pathname)) sent.push(r);
  });
  return sent;
}

test('a double-clicked Submit tokenises the card once and places one order', async ({
  wizard,
  page,
}) => {
  const tokenised = recordPosts(page, /\/test-vault\/tokens$/);
  const installs = recordPosts(page, /\/install$/);
  await toInstallation(wizard, addresses.pyrmont, {
    router: paidRouter,
    contact: { email: doubleClick },
  });
  await bookFirstWindow(wizard);
  await fillCard(wizard, { number: cards.visa });
  await acceptCharges(wizard);
  await wizard.button('Submit').dblclick();
  await expectWelcome(wizard);
  expect(tokenised).toHaveLength(1);
  expect(installs).toHaveLength(1);
});

test('a reload on step 7 after the order reached the server sends the same order again, and the server places it once', async ({
  wizard,
  page,
}) => {
  const installs = recordPosts(page, /\/install$/);
  await toInstallation(wizard, addresses.kellyville, {
    router: paidRouter,
    contact: { email: reloaded },
  });
  await bookFirstWindow(wizard);

  // The first install call reaches the server and is answered there, but the page is reloaded
  // before the answer arrives: the request is never fulfilled in the browser.
  let serverAnswered!: () => void;
  const answered = new Promise<void>((resolve) => (serverAnswered = resolve));
  await page.route(
    '**/api/v1/*/install',
    async (route) => {
      const response = await route.fetch();
      expect(response.status()).toBe(201);
      serverAnswered();
    },
    { times: 1 },
  );
  await pay(wizard);
  await expect(page.getByRole('heading', { name: 'Placing your order…' })).toBeVisible();
  await answered;
  await page.reload();

  await expectWelcome(wizard);
  expect(installs).toHaveLength(2);
  const keys = installs.map((r) => r.headers()['idempotency-key']);
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);
});

test('the database holds exactly one order, customer, subscription and booking per sign-up', async ({
  server,
}) => {
  const rows = await queryHaltedServer<{
    email: string;
    orders: number;
    customers: number;
    subscriptions: number;
    bookings: number;
  }>(
    server.own!,
    `SELECT o.email,
            count(DISTINCT o.id)::int AS orders,
            count(DISTINCT c.id)::int AS customers,
            count(DISTINCT s.id)::int AS subscriptions,
            count(DISTINCT b.id)::int AS bookings
       FROM orders o
       LEFT JOIN billing_customers c ON c.order_id = o.id
       LEFT JOIN billing_subscriptions s ON s.order_id = o.id
       LEFT JOIN bookings b ON b.order_id = o.id
      GROUP BY o.email
      ORDER BY o.email`,
  );
  const one = { orders: 1, customers: 1, subscriptions: 1, bookings: 1 };
  expect(rows).toEqual([
    { email: doubleClick, ...one },
    { email: reloaded, ...one },
  ]);
});
