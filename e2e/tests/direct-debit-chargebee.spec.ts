import type { Page } from '@playwright/test';
import { startChargebee, type ChargebeeStandIn, chargebeeEnv } from '@fibre/server/testing';
import { PUBLISHABLE_KEY, expectCardFramesReady, serveChargebeeJs } from '../support/chargebee.ts';
import { expectNoSeriousA11yViolations } from '../support/checks.ts';
import {
  acceptCharges,
  bookFirstWindow,
  expectWelcome,
  toInstallation,
} from '../support/checkout.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import type { Wizard } from '../support/wizard.ts';

// A server of its own: its tests run in one worker, which starts it once (e2e/README.md).
test.describe.configure({ mode: 'default' });

// docs/rules/contact-and-connection.md#direct-debit-through-chargebee: with Chargebee the payment
// step still offers 'Bank account (direct debit)'; the bank account goes in the install body and
// the server makes it the Chargebee customer's payment source (the local Chargebee API stand-in).

let billing: ChargebeeStandIn;

test.use({
  serverEnv: async ({ keep }, use) => {
    billing = await keep('chargebee', async () => {
      const started = await startChargebee();
      return { value: started, close: () => started.close() };
    });
    await use({ ...chargebeeEnv(billing), CHARGEBEE_PUBLISHABLE_KEY: PUBLISHABLE_KEY });
  },
});

const cardFeeWords = /card (processing )?fee|surcharge/i;

let paidRouter = '';
test.beforeEach(async ({ request }) => {
  paidRouter ||= routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
});

async function toDirectDebit(wizard: Wizard, page: Page): Promise<void> {
  await serveChargebeeJs(page.context());
  await toInstallation(wizard, addresses.pyrmont, { router: paidRouter });
  await bookFirstWindow(wizard);
  await expectCardFramesReady(page);
  await page.getByRole('radio', { name: 'Bank account (direct debit)' }).click();
  await expect(page.getByRole('heading', { name: 'Bank account details', level: 2 })).toBeVisible();
}

async function payFrom(wizard: Wizard, page: Page, bsb: string): Promise<void> {
  await wizard.field('Account name').fill('Mary O’Brien');
  await wizard.field('BSB').fill(bsb);
  await wizard.field('Account number').fill('987654321');
  await acceptCharges(wizard);
  await page.getByRole('checkbox', { name: /Direct Debit Request and service agreement/ }).check();
  await wizard.button('Submit').click();
}

test('a visitor pays by direct debit with Chargebee: the account becomes the customer’s payment source, no card surcharge', async ({
  wizard,
  page,
}) => {
  await toDirectDebit(wizard, page);
  await expect(page.getByRole('region', { name: 'Your order' })).not.toContainText(cardFeeWords);
  await expectNoSeriousA11yViolations(page, { label: 'direct debit with Chargebee' });
  const before = billing.requests.length;
  await payFrom(wizard, page, '062-000');
  await expectWelcome(wizard);
  await expect(page.getByRole('main')).not.toContainText(cardFeeWords);

  const mine = billing.requests.slice(before);
  const bank = mine.find((r) => r.path === '/api/v2/payment_sources/create_bank_account');
  expect(bank, 'no bank account was sent to Chargebee').toBeDefined();
  expect(Object.fromEntries(bank!.form)).toMatchObject({
    'bank_account[bank_code]': '062000',
    'bank_account[account_number]': '987654321',
    'bank_account[last_name]': 'O’Brien',
  });
  const customer = mine.find((r) => r.path === '/api/v2/customers');
  expect(customer!.form.has('token_id')).toBe(false);
});

test('the BSB Chargebee refuses is declined with the bank message', async ({ wizard, page }) => {
  await toDirectDebit(wizard, page);
  await payFrom(wizard, page, '000-001');
  await expect(page.getByRole('heading', { name: "We're sorry!", level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('alert')).toHaveText(
    'Your bank declined the direct debit from this account. Please check the account or use another account or a card.',
  );
});
