import { stateTimeZone } from '@fibre/domain/scheduling';
import type { Page } from '@playwright/test';
import { bookFirstWindow, dayLabelAfter, expectWelcome, pay } from '../support/checkout.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { confirmationTo, expect, test } from '../support/mailing.ts';
import { Wizard } from '../support/wizard.ts';

// Issue 31, items 2 and 9 (docs/rules/orders.md#the-answer-and-the-finale, #the-order-reference):
// the confirmation shows the order's reference, the address mailed to, the order page's link and
// what is charged when; the same reference is in the mail and on the order page; 'Check another
// address' and the logo start afresh in the same tab. A server of this spec's own (the embedded
// database) with a local SMTP server, so the confirmation mail can be read.

test.describe.configure({ timeout: 180_000 });

const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/**
 * From the checked address (step 1 done) to 'Welcome onboard!', paying with the test card.
 * Answers the held window's start, as the install call sent it.
 */
async function fromPlansToWelcome(wizard: Wizard, router: string, email: string) {
  await wizard.addToCart({ router });
  await wizard.toConnectionDetails({ email });
  const unit = wizard.field('Unit');
  if (await unit.isEditable()) await unit.fill('12');
  await wizard.button('Continue').click();
  await bookFirstWindow(wizard);
  const install = wizard.page.waitForRequest(
    (r) => r.method() === 'POST' && /\/install$/.test(r.url()),
  );
  await pay(wizard);
  const body = (await install).postDataJSON() as { arrivy_booking: { start_datetime: string } };
  await expectWelcome(wizard);
  return body.arrivy_booking.start_datetime;
}

async function referenceShown(page: Page): Promise<string> {
  const placed = page.getByRole('region', { name: 'Your order' });
  const value = placed.getByRole('definition').first();
  await expect(value).toHaveText(REFERENCE);
  return (await value.innerText()).trim();
}

test('the confirmation shows the reference, the email, the link and the charge date; the mail and the order page agree; Check another address starts afresh', async ({
  page,
  deployment,
}) => {
  const wizard = new Wizard(page);
  const { paid } = routerNames((await fetchCatalogue(page.request, 'G1A2B3')).routers);
  const email = 'reference.first@example.com';
  const address = addresses.pyrmont;

  await wizard.goto();
  await wizard.toPlans(address);
  const start = await fromPlansToWelcome(wizard, paid, email);

  // The reference, the address mailed to, what is charged when.
  const reference = await referenceShown(page);
  const placed = page.getByRole('region', { name: 'Your order' });
  await expect(placed).toContainText(`We have emailed your confirmation to ${email}.`);
  const charges = page.getByRole('region', { name: 'What is charged when' });
  const firstCharge = dayLabelAfter(start, 15, stateTimeZone('NSW'));
  await expect(charges).toContainText(`First payment${firstCharge}, 15 days after activation`);
  await expect(charges).toContainText('Monthly charge');

  // The mail carries the same reference, in its subject and its text.
  const mail = await confirmationTo(deployment.smtp, email);
  expect(mail.subject).toContain(reference);
  expect(mail.text).toContain(`Order reference: ${reference}`);

  // The link opens the order page, which shows the same reference; back shows the confirmation.
  await placed.getByRole('link', { name: 'See or change your order' }).click();
  await expect(page.getByText(`Order reference ${reference}`)).toBeVisible({ timeout: 20_000 });
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Welcome onboard!', level: 1 })).toBeVisible();
  expect(await referenceShown(page)).toBe(reference);

  // Check another address: step 1, an empty address, and a second sign-up in the same tab.
  await wizard.button('Check another address').click();
  await expect(wizard.addressField).toBeVisible();
  await expect(wizard.addressField).toHaveValue('');
  await wizard.toPlans(addresses.kellyville);
  await fromPlansToWelcome(wizard, paid, 'reference.second@example.com');
  const second = await referenceShown(page);
  expect(second).not.toBe(reference);

  // The logo after an order starts afresh too, and a reload stays there.
  await page.getByRole('banner').getByRole('link').first().click();
  await expect(wizard.addressField).toBeVisible();
  await expect(wizard.addressField).toHaveValue('');
  await page.reload();
  await expect(wizard.addressField).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome onboard!' })).toHaveCount(0);
});
