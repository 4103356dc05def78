import { Console, expect, manager, signUp, test } from '../support/console.ts';
import { addresses } from '../support/demo.ts';

// Issue 16: an order Chargebee could neither confirm nor undo is kept as needs_attention
// (docs/rules/orders.md); a manager retries it from the console until billing takes it.

test.describe.configure({ timeout: 150_000 });

const nina = { firstName: 'Nina', lastName: 'Needs', email: 'nina.needs@example.com' };

test('a manager retries an order left needs_attention by failing billing until it is confirmed', async ({
  page,
  browser,
  baseURL,
  deployment,
}) => {
  const { billing } = deployment;
  // Billing fails, and so does the undo: nobody can say whether the card was charged.
  billing.faults.fail('POST', /subscription_for_items$/, {
    status: 500,
    body: { message: 'down' },
  });
  billing.faults.fail('POST', /cancel_for_items$/, { status: 500, body: { message: 'down' } });
  try {
    await signUp(page, addresses.pyrmont, nina);
    await expect(page.getByRole('heading', { name: "We're sorry!" })).toBeVisible({
      timeout: 30_000,
    });

    const staff = await browser.newContext({ baseURL });
    const ops = new Console(await staff.newPage());
    await ops.signIn(manager);
    await ops.open('Needs attention');
    await expect(ops.heading('Needs attention')).toBeVisible();
    const row = ops.page.getByRole('row').filter({ hasText: nina.email });
    await expect(row).toContainText('billing outcome unknown and not undone');
    await row.getByRole('link', { name: 'Nina Needs' }).click();
    await expect(ops.detail('Status')).toHaveText('Needs attention');
    await expect(ops.detail('Billing subscription')).toHaveText(/^(None|—|-|)$/);

    // Billing still fails: the retry says so, and the order still needs attention.
    await ops.button('Retry').click();
    await expect(ops.alert).toContainText('The retry failed at billing');
    // Focus moved to the message (its box holds the alert).
    await expect(ops.page.locator(':focus').getByRole('alert')).toBeVisible();
    await expect(ops.detail('Status')).toHaveText('Needs attention');

    // Billing is back: the retry confirms it, with Chargebee's subscription.
    billing.faults.clear();
    await ops.button('Retry').click();
    await expect(ops.detail('Status')).toHaveText('Confirmed');
    await expect(ops.button('Retry')).toHaveCount(0);
    const subscription = [...billing.subscriptions.keys()].find((id) => id.length > 0);
    expect(subscription).toBeDefined();
    await expect(ops.detail('Billing subscription')).not.toHaveText(/^(None|—|-|)$/);
    await ops.open('Needs attention');
    await expect(ops.page.getByRole('row').filter({ hasText: nina.email })).toHaveCount(0);
    await staff.close();
  } finally {
    billing.faults.clear();
  }
});
