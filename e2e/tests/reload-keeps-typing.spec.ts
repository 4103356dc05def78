import { cards, fillCard, toPayment } from '../support/checkout.ts';
import { expectPageName } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Issue 31, item 8 (docs/rules/wizard-flow.md, "Reload"): a reload keeps every field typed and
// not yet passed on, on every form; card data never.

let paidRouter = '';
test.beforeEach(async ({ request }) => {
  paidRouter ||= routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
});

test('the contact fields typed and not continued survive a reload, errors and all', async ({
  wizard,
  page,
}) => {
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  await wizard.addToCart({ router: paidRouter });
  await wizard.fillContact({
    firstName: "mary o'brien",
    lastName: 'Smith',
    email: 'mary@example',
    confirmEmail: 'mary@example.com',
    mobile: '0412',
    howDidYouHear: 'Search Engine',
  });
  await page.reload();
  await expectPageName(page, 'Connection Details');
  await expect(wizard.field('First name')).toHaveValue("mary o'brien");
  await expect(wizard.field('Last name')).toHaveValue('Smith');
  await expect(wizard.field('Email')).toHaveValue('mary@example');
  await expect(wizard.field('Confirm email')).toHaveValue('mary@example.com');
  await expect(wizard.field('Mobile')).toHaveValue('0412');
  await expect(wizard.howDidYouHearField).toHaveValue('Search Engine');

  // Mended and continued: the passed contact is what a later reload shows.
  await wizard.field('Email').fill('mary@example.com');
  await wizard.field('Mobile').fill('0412345678');
  await wizard.button('Continue').click();
  await expect(wizard.field('Unit')).toBeVisible();
  await wizard.field('Unit').fill('12A');
  await page.reload();
  await expect(wizard.field('Unit')).toHaveValue('12A');
  await wizard.button('Go back').click();
  await expect(wizard.field('Email')).toHaveValue('mary@example.com');
  await expect(wizard.field('First name')).toHaveValue("Mary o'brien");
});

test('the promo code typed survives a reload; the card fields never do', async ({
  wizard,
  page,
}) => {
  await toPayment(wizard, addresses.pyrmont, { router: paidRouter, day: 5, window: 2 });
  await wizard.field('Promo code').fill('NOTYET');
  await fillCard(wizard, { number: cards.visa, cvv: '321', name: 'Mary Smith' });
  const stored = await page.evaluate(() => JSON.stringify({ ...window.sessionStorage }));
  expect(stored).not.toContain('4111');
  expect(stored).not.toContain('321');

  await page.reload();
  await expectPageName(page, 'Payment');
  await expect(wizard.field('Promo code')).toHaveValue('NOTYET');
  await expect(wizard.field('Card number')).toHaveValue('');
  await expect(wizard.field('CVV')).toHaveValue('');
});
