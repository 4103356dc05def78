import { expectWelcome, pay, toPayment } from '../support/checkout.ts';
import { captureStep, expectNoSeriousA11yViolations } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  capturePhones,
  demoCatalogue,
  expectHelpLinks,
  expectNewTabLink,
} from '../support/legal.ts';

// Issue 30, items 2 and 6 (docs/rules/contact-and-connection.md): the provider's collection
// notice and privacy link where contact details are taken (the contact step, the lead form); the
// terms linked beside their box, the marketing box in the provider's words, and the other charges
// with the minimum total cost on the payment step. Issue 43, items 6 and 7
// (docs/rules/documents-and-consent.md): the lead form's own notice, the decisions the software
// makes, the other charges from the plan step on, and what a telco must link in every page's
// footer and on the confirmation. Every expected word and URL is the demo catalogue's
// (catalogue/demo.yaml), which the shared server serves.

const demo = demoCatalogue();
const privacy = demo.documents!.privacy!;
const terms = demo.documents!.terms!;
const notice = demo.notices!.collection!;
const decisions = demo.notices!.decisions!;
const otherCharges = (page: Page) =>
  page.getByRole('region', { name: 'Other charges you may have to pay' });
async function expectOtherCharges(page: Page) {
  for (const charge of demo.other_charges!) {
    await expect(
      otherCharges(page).getByText(`${charge.name} $${charge.amount.toFixed(2)} — ${charge.when}`, {
        exact: true,
      }),
    ).toBeVisible();
  }
}
const newTab = (title: string) => `${title} (opens in a new tab)`;

test('the contact step shows the collection notice and the privacy policy’s link', async ({
  wizard,
  page,
  request,
}) => {
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  // The other charges show with the plan, before any contact detail is asked.
  await expectOtherCharges(page);
  await expectNoSeriousA11yViolations(page, { label: 'plan step with the other charges' });
  await captureStep(page, 'legal-plan-other-charges');
  await wizard.addToCart({ router: paid });
  const form = page.locator('form').filter({ has: wizard.field('First name') });
  await expect(form.getByText(notice)).toBeVisible();
  // The decisions the software makes, then the privacy policy's link.
  await expect(form.getByText(decisions, { exact: false })).toBeVisible();
  await expectNewTabLink(page, newTab(privacy.title), privacy.url);

  // Reachable by keyboard: the next stop after the last field.
  await wizard.field('How did you hear about us?').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: newTab(privacy.title) })).toBeFocused();

  await expectNoSeriousA11yViolations(page, { label: 'contact step with the notice' });
  await capturePhones(page, 'legal-contact');
});

test('the lead form shows its own notice; the footer links what a telco must publish', async ({
  wizard,
  page,
}) => {
  await wizard.goto();
  // Every page's footer, the address step's too.
  await expectHelpLinks(page.getByRole('navigation', { name: 'Complaints and support' }));
  const dialog = await wizard.checkAddress(addresses.darwinUnknown);
  await dialog.getByRole('button', { name: 'Register your address', exact: true }).click();
  const form = page.getByRole('form', { name: 'Register your address' });
  // What a registration of interest is for and who receives it, not the order's notice.
  const own = form.getByText(/only to tell you when our service reaches that address/);
  await expect(own).toBeVisible();
  await expect(own).toContainText('We keep them in our own records');
  await expect(form.getByText(notice)).toHaveCount(0);
  await expect(form.getByText(/Arrivy|Chargebee/)).toHaveCount(0);
  await expect(form.getByText(decisions, { exact: false })).toBeVisible();
  await expectNewTabLink(page, newTab(privacy.title), privacy.url);
  await expectNoSeriousA11yViolations(page, { label: 'lead form with the notice' });
  // The dialog scrolls: the pictures show the notice.
  await capturePhones(page, 'legal-lead-form', { show: own });
});

test('the payment step links the terms beside their box and lists the other charges', async ({
  wizard,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  await toPayment(wizard, addresses.pyrmont, { router: paid, day: 6, window: 2 });

  const box = page.getByRole('checkbox', {
    name: 'I have read and agree to the terms and conditions of my plan',
    exact: true,
  });
  await expect(box).toBeVisible();
  await expectNewTabLink(page, newTab(terms.title), terms.url);
  const link = page.getByRole('link', { name: newTab(terms.title) });

  // Reachable by keyboard: the next stop after its box.
  await box.focus();
  await page.keyboard.press('Tab');
  await expect(link).toBeFocused();

  // It opens in a new tab (the document is stood in for: the demo's site does not exist), and
  // following it leaves the box as it was.
  await page
    .context()
    .route(`${new URL(terms.url).origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<title>${terms.title}</title>` }),
    );
  const opened = page.waitForEvent('popup');
  await link.click();
  const tab = await opened;
  expect(tab.url()).toBe(terms.url);
  await tab.close();
  await expect(box).not.toBeChecked();

  // The marketing box: the catalogue's words, optional, unticked.
  const marketing = page.getByRole('checkbox', { name: demo.notices!.marketing!, exact: true });
  await expect(marketing).not.toBeChecked();

  // The other charges, each with its amount and when, and the minimum total cost.
  await expectOtherCharges(page);
  await expect(page.getByText(/^Minimum total cost \$\d+(\.\d\d)?: first month's/)).toBeVisible();

  await expectNoSeriousA11yViolations(page, { label: 'payment step with the documents' });
  await capturePhones(page, 'legal-payment');
  await captureStep(page, 'legal-payment');

  // The confirmation links what a telco must publish, with the other charges.
  await pay(wizard);
  await expectWelcome(wizard);
  const help = page.getByRole('region', { name: 'Complaints and support' });
  await expectHelpLinks(help);
  await expectOtherCharges(page);
  await expectNoSeriousA11yViolations(page, { label: 'confirmation with the help links' });
  await captureStep(page, 'legal-confirmation');
});
