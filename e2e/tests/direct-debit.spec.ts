import type { Page } from '@playwright/test';
import { acceptCharges, cards, expectWelcome, toPayment } from '../support/checkout.ts';
import { captureStep, expectNoSeriousA11yViolations, expectPageName } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import type { Wizard } from '../support/wizard.ts';

// Issue 34, part 3 (docs/rules/contact-and-connection.md#direct-debit): the payment step offers
// 'Bank account (direct debit)' beside the card, as the demo catalogue names a Direct Debit
// Request. Test BSB 000-000 is debited; 000-001 tokenises and is declined at billing. Each test
// holds a window on its own day of the shared server.

const bankInvalid = 'Bank account details are invalid, please check them and try again.';
const ddrRequired = 'Please read and agree to the Direct Debit Request and service agreement';
const cardFeeWords = /card (processing )?fee|surcharge/i;

let paidRouter = '';
test.beforeEach(async ({ request }) => {
  paidRouter ||= routerNames((await fetchCatalogue(request, 'G2B3C4')).routers).paid;
});

async function chooseDirectDebit(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Bank account (direct debit)' }).click();
  await expect(page.getByRole('heading', { name: 'Bank account details', level: 2 })).toBeVisible();
}

async function fillAccount(wizard: Wizard, bsb: string): Promise<void> {
  await wizard.field('Account name').fill('Mary O’Brien');
  await wizard.field('BSB').fill(bsb);
  await wizard.field('Account number').fill('000123456');
}

const ddrBox = (page: Page) =>
  page.getByRole('checkbox', { name: /Direct Debit Request and service agreement/ });

test('a visitor pays by direct debit with the test BSB: no card surcharge, the DDR shown and agreed, the order confirmed', async ({
  wizard,
  page,
}) => {
  await toPayment(wizard, addresses.southbank, { router: paidRouter, day: 11 });
  // The card is the default; an American Express number puts its surcharge in the summary.
  await expect(page.getByRole('radio', { name: 'Card' })).toHaveAttribute('aria-checked', 'true');
  await wizard.field('Card number').fill(cards.amex);
  const summary = page.getByRole('region', { name: 'Your order' });
  await expect(summary).toContainText(cardFeeWords);

  await chooseDirectDebit(page);
  await expect(wizard.field('Card number')).toHaveCount(0);
  await expect(summary).not.toContainText(cardFeeWords);
  await expect(
    page.getByRole('link', { name: /Direct Debit Request and service agreement/ }),
  ).toHaveAttribute('href', 'https://demofibre.example/legal/direct-debit-request');

  // Nothing typed, nothing ticked: each bank field and the DDR box in the error summary.
  await wizard.button('Submit').click();
  const errors = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(errors).toContainText('Account name is required');
  await expect(errors).toContainText('BSB is required');
  await expect(errors).toContainText('Account number is required');
  await expect(errors).toContainText(ddrRequired);
  await expectNoSeriousA11yViolations(page, { label: 'direct debit with its errors' });
  await captureStep(page, 'step6-direct-debit-errors');

  // A BSB that is not six digits is named; 000000 is shown as 000-000.
  await fillAccount(wizard, '00000');
  await acceptCharges(wizard);
  await ddrBox(page).check();
  await wizard.button('Submit').click();
  await expect(page.getByText('BSB must be 6 digits, like 062-000').first()).toBeVisible();
  await expect(wizard.field('BSB')).toHaveAttribute('aria-invalid', 'true');
  await wizard.field('BSB').fill('000000');
  await expect(wizard.field('BSB')).toHaveValue('000-000');
  await expectNoSeriousA11yViolations(page, { label: 'direct debit filled in' });
  await captureStep(page, 'step6-direct-debit');

  await wizard.button('Submit').click();
  await expectWelcome(wizard);
  // The confirmation's charges (the server's answer) carry no card fee.
  await expect(page.getByRole('main')).not.toContainText(cardFeeWords);
});

test('the failing test BSB is declined at billing with the bank message', async ({
  wizard,
  page,
}) => {
  await toPayment(wizard, addresses.southbank, { router: paidRouter, day: 12 });
  await chooseDirectDebit(page);
  await fillAccount(wizard, '000-001');
  await acceptCharges(wizard);
  await ddrBox(page).check();
  await wizard.button('Submit').click();

  await expect(page.getByRole('heading', { name: "We're sorry!", level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('alert')).toHaveText(
    'Your bank declined the direct debit from this account. Please check the account or use another account or a card.',
  );
  await expect(page.getByText(bankInvalid)).toHaveCount(0);

  // docs/rules/orders.md: 'Pay by direct debit' returns to Payment with the bank account chosen,
  // the boxes ticked (the DDR's too) and the account's fields empty.
  await page.getByRole('button', { name: 'Pay by direct debit', exact: true }).click();
  await expectPageName(page, 'Payment');
  await expect(page.getByRole('radio', { name: 'Bank account (direct debit)' })).toBeChecked();
  await expect(ddrBox(page)).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /terms and conditions/ })).toBeChecked();
  await expect(wizard.field('BSB')).toHaveValue('');
  await fillAccount(wizard, '000-000');
  await wizard.button('Submit').click();
  await expectWelcome(wizard);
});

test('direct debit works at 320 px with the keyboard', async ({ wizard, page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await toPayment(wizard, addresses.southbank, { router: paidRouter, day: 13 });
  const card = page.getByRole('radio', { name: 'Card' });
  await card.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Bank account (direct debit)' })).toBeFocused();
  await expect(wizard.field('BSB')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow).toBe(false);
  await expectNoSeriousA11yViolations(page, { label: 'direct debit at 320 px' });
});
