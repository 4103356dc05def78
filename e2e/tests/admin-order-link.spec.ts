import { expectWelcome } from '../support/checkout.ts';
import { Console, expect, manager, signUp, test } from '../support/console.ts';
import { addresses } from '../support/demo.ts';
import { Wizard } from '../support/wizard.ts';

// Issue 31, items 2, 4 and 9 (docs/rules/operator-console.md#an-order,
// docs/rules/operators.md#acting-on-orders): the console's order page is titled with the order's
// reference, found by it, and a manager mails the customer's order link again or is shown a new
// one, each in the order's history. The console's deployment: PostgreSQL, Chargebee's stand-in.

test.describe.configure({ mode: 'default', timeout: 150_000 });

const rita = { firstName: 'Rita', lastName: 'Reference', email: 'rita.reference@example.com' };

test("a manager finds an order by its reference, mails the customer's link and is shown a new one, both in its history", async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page, addresses.pyrmont, rita);
  await expectWelcome(new Wizard(page));
  const shown = page.getByRole('region', { name: 'Your order' }).getByRole('definition').first();
  await expect(shown).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const reference = (await shown.innerText()).trim();

  const staff = await browser.newContext({ baseURL });
  const ops = new Console(await staff.newPage());
  await ops.signIn(manager);
  // Typed as a customer reads it out: lower case, no dash.
  await ops.findOrder(reference.toLowerCase().replace('-', ''), 'Rita Reference');
  await expect(ops.heading(`Order ${reference}`)).toBeVisible();
  await expect(ops.detail('Reference')).toHaveText(reference);
  // Issue 31, item 4: the unit the order was placed for, wherever its address is shown: the
  // console's order page, its Orders list and the customer's order page below.
  const withUnit = `Unit 12, ${addresses.pyrmont.address}`;
  await expect(ops.detail('Address')).toHaveText(withUnit);
  await ops.open('Orders');
  await ops.page.getByRole('searchbox', { name: 'Search' }).fill(reference);
  await ops.button('Search').click();
  await expect(
    ops.page
      .getByRole('table', { name: 'Orders' })
      .getByRole('row')
      .filter({ hasText: 'Rita Reference' }),
  ).toContainText(withUnit);
  await ops.findOrder(reference, 'Rita Reference');

  await ops.button('Mail the order link').click();
  await expect(
    ops.page.getByText(`The confirmation with a new link is queued to ${rita.email}.`),
  ).toBeVisible();
  const history = ops.page.getByRole('region', { name: 'History' });
  const mailed = history.getByRole('listitem').filter({ hasText: 'Order link mailed' });
  await expect(mailed).toContainText(manager.email);
  await expect(mailed).toContainText('Link: mailed to the customer');
  // The outbox has the confirmation twice now: the order's and the manager's.
  const mail = ops.page.getByRole('region', { name: 'Mail' });
  await expect(mail.getByRole('row').filter({ hasText: `(order ${reference})` })).toHaveCount(2);

  await ops.button('Show a new order link').click();
  const link = ops.page.getByRole('link', { name: /\/order\/[A-Za-z0-9_-]{43}$/ });
  await expect(link).toBeVisible();
  await expect(
    history.getByRole('listitem').filter({ hasText: 'New order link shown' }),
  ).toContainText(manager.email);

  // The link opens the customer's order page, with the same reference.
  const customer = await browser.newContext({ baseURL });
  const orderPage = await customer.newPage();
  await orderPage.goto(new URL(await link.innerText()).pathname);
  await expect(orderPage.getByText(`Order reference ${reference}`)).toBeVisible({
    timeout: 20_000,
  });
  await expect(orderPage.getByText(withUnit)).toBeVisible();
  await customer.close();
  await staff.close();
});
