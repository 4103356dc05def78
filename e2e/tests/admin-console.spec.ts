import { readFileSync } from 'node:fs';
import {
  chooseFreeDay,
  dayButtonOfLabel,
  expectWelcome,
  toInstallation,
  windowButtons,
} from '../support/checkout.ts';
import {
  Console,
  consoleWindow,
  expect,
  manager,
  signUp,
  test,
  viewer,
} from '../support/console.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { Wizard } from '../support/wizard.ts';

// Issue 16: the provider's staff in the operator console (docs/rules/operator-console.md), on a
// deployment of its own: PostgreSQL, Chargebee billing (its stand-in), operators made with
// `npm run operator`. The tests run in order: the viewer looks at what the manager did.

test.describe.configure({ mode: 'default', timeout: 150_000 });

const cathy = { firstName: 'Cathy', lastName: 'Cancel', email: 'cathy.cancel@example.com' };
const leadEmail = 'lee.lead@example.com';

test('a manager finds a wizard order by email, sees its window and price, and cancelling it offers the window again', async ({
  page,
  browser,
  baseURL,
  deployment,
}) => {
  // Adelaide has one crew (docs/rules/demo-data.md): the order's window is then taken.
  const placed = await signUp(page, addresses.adelaide, cathy);
  await expectWelcome(new Wizard(page));
  const windowName = placed.window.replace(/\s+/g, ' ');

  const staff = await browser.newContext({ baseURL });
  const ops = new Console(await staff.newPage());
  await ops.signIn(manager);
  await ops.findOrder(cathy.email, 'Cathy Cancel');
  await expect(ops.detail('Status')).toHaveText('Confirmed');
  await expect(ops.detail('Email')).toHaveText(cathy.email);
  await expect(ops.detail('Window')).toHaveText(consoleWindow(placed.day, placed.window));
  // The wizard says '$89' or '$89.50'; the console always shows cents.
  const monthly = Number(placed.monthly.replace(/[$,]/g, '')).toFixed(2);
  await expect(ops.detail('Monthly charge')).toHaveText(`$${monthly}`);
  // What Cathy agreed to, with the catalogue's versions (docs/rules/documents-and-consent.md).
  const agreed = ops.page.getByRole('region', { name: 'Agreed at sign-up' });
  await expect(agreed.getByRole('link', { name: /Standard Form of Agreement/ })).toHaveAttribute(
    'href',
    'https://demofibre.example/legal/standard-form-of-agreement',
  );
  await expect(agreed).toContainText('version 2026-07');
  await expect(agreed).toContainText(
    '‘I have read and agree to the terms and conditions of my plan’',
  );
  await expect(agreed).toContainText(`‘I agree to a monthly charge of ${placed.monthly}’`);
  await expect(agreed).toContainText('Not agreed: ‘Send me news and offers by email’');
  await expect(agreed).toContainText('Missed appointment fee $99.00 — if nobody is home');

  // Taken: another visitor is not offered it.
  const visitor = await browser.newContext({ baseURL });
  const other = new Wizard(await visitor.newPage());
  const { paid } = routerNames((await fetchCatalogue(other.page.request, 'G5E6F7')).routers);
  await toInstallation(other, addresses.adelaide, { router: paid });
  await chooseFreeDay(other, 0);
  await expect(
    other.page.getByRole('grid').getByRole('button', { name: dayButtonOfLabel(placed.day) }),
  ).toBeVisible();
  await other.page
    .getByRole('grid')
    .getByRole('button', { name: dayButtonOfLabel(placed.day) })
    .click();
  await expect(windowButtons(other).first()).toBeVisible();
  await expect(windowButtons(other).filter({ hasText: windowName })).toHaveCount(0);
  await visitor.close();

  await ops.button('Cancel order').click();
  const dialog = ops.page.getByRole('dialog', { name: 'Cancel this order?' });
  await dialog.getByLabel('Reason (optional)').fill('Moved to Perth');
  await dialog.getByRole('button', { name: 'Cancel order', exact: true }).click();
  await expect(ops.detail('Status')).toHaveText('Cancelled');
  await expect(ops.detail('Charges')).toHaveText('Nothing will be charged');
  // Its history says who cancelled it and why.
  const entry = ops.page.getByRole('listitem').filter({ hasText: 'Moved to Perth' });
  await expect(entry).toContainText(manager.email);
  await expect(ops.button('Cancel order')).toHaveCount(0);
  // Billing was cancelled through the adapter: Chargebee heard of it.
  expect(
    deployment.billing.requests.some(
      (r) => r.method === 'POST' && /\/subscriptions\/[^/]+\/cancel_for_items$/.test(r.path),
    ),
  ).toBe(true);

  // The window is offered again in the wizard.
  const later = await browser.newContext({ baseURL });
  const again = new Wizard(await later.newPage());
  await toInstallation(again, addresses.adelaide, { router: paid });
  await chooseFreeDay(again, 0);
  await again.page
    .getByRole('grid')
    .getByRole('button', { name: dayButtonOfLabel(placed.day) })
    .click();
  await expect(windowButtons(again).filter({ hasText: windowName })).toHaveCount(1);
  await later.close();
  await staff.close();
});

test('a manager sees a new lead, marks it contacted and exports the leads as CSV', async ({
  page,
  request,
}) => {
  const lead = await request.post('/api/v1/public/leads', {
    data: {
      firstName: 'Lee',
      lastName: 'Lead',
      email: leadEmail,
      phone: '0412345678',
      formatted_address: '10 Smith Street, Darwin City NT 0800',
    },
  });
  expect(lead.status()).toBe(201);

  const ops = new Console(page);
  await ops.signIn(manager);
  await ops.open('Leads');
  await expect(ops.heading('Leads')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: leadEmail });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Mark contacted: Lee Lead' }).click();
  await expect(row).toContainText('Contacted');
  await expect(row.getByRole('button', { name: 'Undo contacted: Lee Lead' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  const [header, ...lines] = csv.split('\r\n');
  expect(header).toMatch(/^id,created,first_name,last_name,email,phone,address,message/);
  const line = lines.find((l) => l.includes(leadEmail));
  expect(line).toContain('Lee,Lead');
  expect(line).toContain('"10 Smith Street, Darwin City NT 0800"');
});

test('a viewer sees no change actions, and the API refuses the viewer a change', async ({
  page,
}) => {
  const ops = new Console(page);
  // A wrong password says so, not that the server failed (issue 28).
  await ops.goto();
  await page.getByLabel('Email', { exact: true }).fill(viewer.email);
  await page.getByLabel('Password', { exact: true }).fill(`${viewer.password} typo`);
  await ops.button('Sign in').click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await expect(ops.heading('Operator sign in')).toBeVisible();

  await ops.signIn(viewer);
  await expect(ops.page.getByText(`${viewer.email} (viewer)`)).toBeVisible();
  await ops.findOrder(cathy.email, 'Cathy Cancel');
  const orderId = (await ops.page.getByRole('heading', { level: 1 }).innerText()).replace(
    /^Order /,
    '',
  );
  for (const action of ['Retry', 'Mark resolved', 'Cancel order'])
    await expect(ops.button(action)).toHaveCount(0);
  await ops.open('Leads');
  await expect(page.getByRole('row').filter({ hasText: leadEmail })).toHaveCount(1);
  await expect(ops.button(/^Mark contacted: /)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await ops.open('Holds');
  await expect(ops.heading('Live holds')).toBeVisible();
  await expect(ops.button(/^Release hold /)).toHaveCount(0);

  // The browser's own session, with its CSRF token: still refused, for the role.
  const session = (await (await page.request.get('/admin/api/session')).json()) as {
    csrfToken: string;
  };
  const cancel = await page.request.post(`/admin/api/orders/${orderId}/cancel`, {
    headers: { 'x-csrf-token': session.csrfToken },
    data: {},
  });
  expect(cancel.status()).toBe(403);
  expect(await cancel.json()).toMatchObject({ error: 'forbidden' });
});
