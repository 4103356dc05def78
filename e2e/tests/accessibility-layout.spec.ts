import { captureStep, expectNoSeriousA11yViolations, viewports } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Steps 1 to 4, each with its dialogs and error states: no serious or critical axe violation,
// no sideways scroll at 390x844 or 1280x800, and a screenshot of each at both sizes.

/** axe, then screenshots at both sizes (which also assert no sideways scroll). */
async function inspect(page: Parameters<typeof captureStep>[0], name: string) {
  await expectNoSeriousA11yViolations(page, { label: name });
  await captureStep(page, name);
}

test('step 1, Pyrmont: the address check, its suggestions and the Great News! dialog', async ({
  wizard,
  page,
}) => {
  await wizard.goto();
  await expect(wizard.addressField).toBeVisible();
  await inspect(page, 'step1-check-address');

  await wizard.addressField.fill(addresses.pyrmont.typed);
  const suggestion = page.getByRole('option', { name: addresses.pyrmont.address });
  await expect(suggestion).toBeVisible();
  await inspect(page, 'step1-suggestions');
  await suggestion.click();
  await wizard.button('Submit').click();
  await expect(wizard.dialogWithHeading('Great News!')).toBeVisible();
  await inspect(page, 'step1-dialog-great-news');
});

test('step 2, Pyrmont: the plan builder and the router dialog', async ({
  wizard,
  page,
  request,
}) => {
  const { byo } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  await expect(wizard.card('Boost 100')).toBeVisible();
  await inspect(page, 'step2-build-plan');

  await wizard.card(byo).click();
  await expect(wizard.dialog).toBeVisible();
  await inspect(page, 'step2-router-dialog');
});

test('steps 3 and 4, Pyrmont: contact info and connection details, with their errors', async ({
  wizard,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  await wizard.addToCart({ router: paid });
  await inspect(page, 'step3-contact-info');
  await wizard.button('Continue').click();
  await expect(wizard.message('First name is required')).toBeVisible();
  await inspect(page, 'step3-contact-errors');

  await wizard.toConnectionDetails();
  await inspect(page, 'step4-connection-details');
  await wizard.button('Continue').click();
  await expect(wizard.message('unit is required')).toBeVisible();
  await inspect(page, 'step4-unit-error');
});

test('the dialogs of the other building variants', async ({ wizard, page }) => {
  test.setTimeout(150_000);
  const variants = [
    ['step1-dialog-good-news', addresses.adelaide, 'Good News!'],
    ['step1-dialog-mixed', addresses.southbank, 'Great News!'],
    ['step1-dialog-commercial', addresses.brisbane, 'Great News!'],
    ['step1-dialog-we-are-sorry', addresses.darwinFootprint, 'We are sorry!'],
  ] as const;
  for (const [name, address, heading] of variants) {
    await wizard.goto();
    await wizard.checkAddress(address);
    await expect(wizard.dialogWithHeading(heading)).toBeVisible();
    await inspect(page, name);
  }
});

test('greenfield plans, Alkimos: step 2', async ({ wizard, page }) => {
  await wizard.goto();
  await wizard.toPlans(addresses.alkimos);
  await expect(wizard.card('Boost 100')).toBeVisible();
  await inspect(page, 'step2-build-plan-greenfield');
});

test.describe('on a phone, what loads moves nothing the visitor is reading', () => {
  test.use({ viewport: viewports.phone });

  test('the footer starts below the fold, and the plan skeleton takes the carousel’s room', async ({
    wizard,
    page,
  }) => {
    await wizard.goto();
    await expect(wizard.addressField).toBeVisible();
    const footerTop = async () => (await page.locator('footer').boundingBox())!.y;
    expect(await footerTop()).toBeGreaterThanOrEqual(viewports.phone.height);

    // Plans and routers are held back until the skeletons have been measured.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/v1\/public\/(plans|routers)/, async (route) => {
      await released;
      await route.continue();
    });
    await wizard.toPlans(addresses.pyrmont);
    const footnote = page.getByText('Typical evening speeds are measured', { exact: false });
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' }).first()).toBeVisible();
    const whileLoading = (await footnote.boundingBox())!.y;
    expect(await footerTop()).toBeGreaterThanOrEqual(viewports.phone.height);

    release();
    await expect(wizard.card('Boost 100')).toBeVisible();
    const loaded = (await footnote.boundingBox())!.y;
    // The cards' height depends on their text; a skeleton a line off is fine, a jump is not.
    expect(Math.abs(loaded - whileLoading)).toBeLessThan(32);
  });
});
