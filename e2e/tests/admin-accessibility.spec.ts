import { expectWelcome, holdWindow, chooseFreeDay, toInstallation } from '../support/checkout.ts';
import { captureStep, expectNoSeriousA11yViolations } from '../support/checks.ts';
import { Console, expect, manager, signUp, test } from '../support/console.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { Wizard } from '../support/wizard.ts';

// Issue 16: every console page (docs/rules/operator-console.md), with data on it and its dialogs
// open: no serious or critical axe violation, no sideways scroll at phone and laptop widths, and a
// screenshot of each at both.

// Fourteen screens, each with axe and two full-page screenshots: minutes on a loaded machine.
test.describe.configure({ timeout: 300_000 });

async function inspect(page: Console['page'], name: string) {
  await expectNoSeriousA11yViolations(page, { label: name });
  await captureStep(page, name);
}

const sam = { firstName: 'Sam', lastName: 'Southbank', email: 'sam.southbank@example.com' };

test('every console page, signed out and in, with an order, a live hold and a lead', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page, addresses.southbank, sam);
  await expectWelcome(new Wizard(page));
  // A visitor holding a window right now.
  const visitor = await browser.newContext({ baseURL });
  const holder = new Wizard(await visitor.newPage());
  const { paid } = routerNames((await fetchCatalogue(holder.page.request, 'G4D5E6')).routers);
  await toInstallation(holder, addresses.alkimos, { router: paid });
  await chooseFreeDay(holder, 0);
  await holdWindow(holder);
  await page.request.post('/api/v1/public/leads', {
    data: {
      firstName: 'Ada',
      lastName: 'Axe',
      email: 'ada.axe@example.com',
      phone: '0412345679',
      formatted_address: '5 Mitchell Street, Darwin City NT 0800',
    },
  });

  const staff = await browser.newContext({ baseURL });
  const ops = new Console(await staff.newPage());
  await ops.goto();
  await expect(ops.heading('Operator sign in')).toBeVisible();
  await inspect(ops.page, 'console-sign-in');
  await ops.page.getByLabel('Email', { exact: true }).fill(manager.email);
  await ops.page.getByLabel('Password', { exact: true }).fill('not the password');
  await ops.button('Sign in').click();
  await expect(ops.alert).toContainText('Wrong email or password.');
  await inspect(ops.page, 'console-sign-in-refused');

  await ops.signIn(manager);
  await expect(ops.page.getByRole('table', { name: 'Orders' })).toContainText(sam.email);
  await inspect(ops.page, 'console-orders');
  await ops.findOrder(sam.email, 'Sam Southbank');
  await inspect(ops.page, 'console-order');
  await ops.button('Cancel order').click();
  await expect(ops.page.getByRole('dialog', { name: 'Cancel this order?' })).toBeVisible();
  await inspect(ops.page, 'console-order-cancel-dialog');
  await ops.page.getByRole('button', { name: 'Keep order', exact: true }).click();
  await expect(ops.page.getByRole('dialog')).toHaveCount(0);

  await ops.open('Needs attention');
  await expect(ops.heading('Needs attention')).toBeVisible();
  await inspect(ops.page, 'console-needs-attention');

  await ops.open('Schedule');
  await expect(ops.heading('Installation schedule')).toBeVisible();
  await ops.page.getByRole('combobox', { name: 'State' }).selectOption('WA');
  // The held window's day in Perth, as the Day field takes it.
  const holds = (await (await ops.page.request.get('/admin/api/holds')).json()) as {
    items: Array<{ window: { start: string } }>;
  };
  const start = new Date(holds.items[0]!.window.start);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(start);
  await ops.page.getByLabel('Day', { exact: true }).fill(day);
  await expect(ops.page.getByText(/^Held/).first()).toBeVisible();
  await inspect(ops.page, 'console-schedule');

  await ops.open('Holds');
  await expect(ops.button(/^Release hold /)).toHaveCount(1);
  await inspect(ops.page, 'console-holds');

  await ops.open('Leads');
  await expect(ops.page.getByRole('row').filter({ hasText: 'ada.axe@example.com' })).toHaveCount(1);
  await inspect(ops.page, 'console-leads');

  await ops.open('Offers');
  await expect(ops.heading('Coupons and campaigns')).toBeVisible();
  await inspect(ops.page, 'console-offers');

  // No SMTP here: the customer's confirmation waits in the outbox, shown by the console.
  await ops.open('Mail');
  await expect(ops.heading('Customer mail')).toBeVisible();
  await expect(ops.page.getByRole('table', { name: 'Mail' })).toContainText(sam.email);
  await inspect(ops.page, 'console-mail');
  await ops.open('Personal data');
  await ops.page.getByRole('textbox', { name: 'Email', exact: true }).fill(sam.email);
  await ops.button('Find').click();
  await expect(ops.page.getByRole('table', { name: 'Orders' })).toContainText(sam.email);
  await inspect(ops.page, 'console-personal-data');
  // The lead may be erased: its dialog.
  await ops.page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada.axe@example.com');
  await ops.button('Find').click();
  await expect(ops.page.getByRole('table', { name: 'Leads' })).toContainText('Ada Axe');
  await ops.button('Erase…').click();
  await expect(ops.page.getByRole('dialog', { name: "Erase this person's data?" })).toBeVisible();
  await inspect(ops.page, 'console-personal-data-erase-dialog');
  await ops.page.getByRole('button', { name: 'Keep the data', exact: true }).click();
  await expect(ops.page.getByRole('dialog')).toHaveCount(0);
  await visitor.close();
  await staff.close();
});
