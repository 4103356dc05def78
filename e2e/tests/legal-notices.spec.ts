import { toPayment } from '../support/checkout.ts';
import { captureStep, expectNoSeriousA11yViolations } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { capturePhones, demoCatalogue, expectNewTabLink } from '../support/legal.ts';

// Issue 30, items 2 and 6 (docs/rules/contact-and-connection.md): the provider's collection
// notice and privacy link where contact details are taken (the contact step, the lead form); the
// terms linked beside their box, the marketing box in the provider's words, and the other charges
// with the minimum total cost on the payment step. Every expected word and URL is the demo
// catalogue's (catalogue/demo.yaml), which the shared server serves.

const demo = demoCatalogue();
const privacy = demo.documents!.privacy!;
const terms = demo.documents!.terms!;
const notice = demo.notices!.collection!;
const newTab = (title: string) => `${title} (opens in a new tab)`;

test('the contact step shows the collection notice and the privacy policy’s link', async ({
  wizard,
  page,
  request,
}) => {
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  await wizard.addToCart({ router: paid });
  const form = page.locator('form').filter({ has: wizard.field('First name') });
  await expect(form.getByText(notice)).toBeVisible();
  await expectNewTabLink(page, newTab(privacy.title), privacy.url);

  // Reachable by keyboard: the next stop after the last field.
  await wizard.field('How did you hear about us?').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: newTab(privacy.title) })).toBeFocused();

  await expectNoSeriousA11yViolations(page, { label: 'contact step with the notice' });
  await capturePhones(page, 'legal-contact');
});

test('the lead form shows the same notice and link', async ({ wizard, page }) => {
  await wizard.goto();
  const dialog = await wizard.checkAddress(addresses.darwinUnknown);
  await dialog.getByRole('button', { name: 'Register your address', exact: true }).click();
  const form = page.getByRole('form', { name: 'Register your address' });
  await expect(form.getByText(notice)).toBeVisible();
  await expectNewTabLink(page, newTab(privacy.title), privacy.url);
  await expectNoSeriousA11yViolations(page, { label: 'lead form with the notice' });
  // The dialog scrolls: the pictures show the notice.
  await capturePhones(page, 'legal-lead-form', { show: form.getByText(notice) });
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
  const charges = page.getByRole('region', { name: 'Other charges you may have to pay' });
  for (const charge of demo.other_charges!) {
    await expect(
      charges.getByText(`${charge.name} $${charge.amount.toFixed(2)} — ${charge.when}`, {
        exact: true,
      }),
    ).toBeVisible();
  }
  await expect(page.getByText(/^Minimum total cost \$\d+(\.\d\d)?: first month's/)).toBeVisible();

  await expectNoSeriousA11yViolations(page, { label: 'payment step with the documents' });
  await capturePhones(page, 'legal-payment');
  await captureStep(page, 'legal-payment');
});
