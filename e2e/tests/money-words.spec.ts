import { expectWelcome, pay, toPayment } from '../support/checkout.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { confirmationTo, expect, test } from '../support/mailing.ts';

// Issue 31, item 3 (docs/rules/plans-and-pricing.md, "Money words"): the order summary, the
// confirmation, the confirmation mail and the customer's order page name each charge the same way:
// the monthly charge, the first payment 15 days after activation, and the card processing fee with
// what it is a percentage of. None says 'Due at activation', 'Monthly total' or 'One-off charges'.

const oldWords = /Due at activation|Monthly total|One-off charges/;
const cardFee = 'Card processing fee (1.5% of the monthly charge)';

test('one set of money words from the summary to the order page', async ({
  wizard,
  page,
  request,
  deployment,
}) => {
  test.setTimeout(150_000);
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  const email = 'money.words@example.com';
  await toPayment(wizard, addresses.pyrmont, {
    router: paid,
    day: 0,
    contact: { email, confirmEmail: email },
  });
  const summary = page.getByRole('region', { name: 'Your order' });
  await expect(summary.getByText('Monthly charge', { exact: true })).toBeVisible();
  await expect(summary.getByText(cardFee)).toBeVisible();
  await expect(summary).toContainText(/First payment.+, 15 days after activation\$\d/);
  await expect(page.locator('main')).not.toContainText(oldWords);

  await pay(wizard);
  await expectWelcome(wizard);
  const ordered = page.getByRole('region', { name: 'What is charged when' });
  await expect(ordered.getByText('Monthly charge', { exact: true })).toBeVisible();
  await expect(ordered.getByText(cardFee)).toBeVisible();
  await expect(ordered).toContainText(/First payment.+, 15 days after activation\$\d/);
  await expect(page.locator('main')).not.toContainText(oldWords);

  const mail = await confirmationTo(deployment.smtp, email);
  const text = mail.text ?? '';
  expect(text).toMatch(/Monthly charge: \$[\d.]+ per month/);
  expect(text).toMatch(
    /First payment \(\w+day \d{1,2} \w+ \d{4}, 15 days after activation\): \$[\d.]+/,
  );
  expect(text).toContain(`${cardFee}, added to each card payment: $`);
  expect(text).not.toMatch(oldWords);

  const link = /https?:\/\/\S+\/order\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(link).toBeDefined();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Your order', level: 1 })).toBeVisible();
  const main = page.locator('main');
  await expect(main.getByText('Monthly charge', { exact: true })).toBeVisible();
  await expect(main.getByText(cardFee)).toBeVisible();
  await expect(main).toContainText(
    /First payment\$[\d.]+ \w+day \d{1,2} \w+ \d{4}, 15 days after activation/,
  );
  await expect(main).not.toContainText(oldWords);
  // The same first payment day everywhere: the mail's is the order page's.
  const mailDay = /First payment \((\w+day \d{1,2} \w+ \d{4})/.exec(text)?.[1];
  await expect(main).toContainText(`${mailDay}, 15 days after activation`);
});
