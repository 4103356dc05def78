import { dataLayerPageNames, expectPageName, viewports } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Across steps 1 to 4: analytics page names, scrolling to the top, and resuming after a reload.

test('each step pushes its page name to window.dataLayer, once', async ({
  wizard,
  page,
  request,
}) => {
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  await wizard.goto();
  await expectPageName(page, 'Check Address');
  await wizard.toPlans(addresses.pyrmont);
  await wizard.addToCart({ router: paid });
  await wizard.toConnectionDetails();
  await wizard.field('Unit').fill('12');
  await wizard.button('Continue').click();
  await expectPageName(page, 'Installation');
  // Steps 3 (Contact info) and 4 (Connection details) both push 'Connection Details'
  // (packages/domain/src/wizard/steps.ts records why).
  expect(await dataLayerPageNames(page)).toEqual([
    'Check Address',
    'Build Plan',
    'Connection Details',
    'Connection Details',
    'Installation',
  ]);
});

test('a step change scrolls to the top', async ({ wizard, page, request }) => {
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  await page.setViewportSize(viewports.phone);
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  await wizard.card(paid).click();
  const addToCart = wizard.button('Add to cart');
  await addToCart.scrollIntoViewIfNeeded();
  expect(
    await page.evaluate(() => window.scrollY),
    'step 2 is taller than a phone',
  ).toBeGreaterThan(0);
  await addToCart.click();
  await expectPageName(page, 'Connection Details');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('reloading on step 3 returns to step 3 with the same plan', async ({
  wizard,
  page,
  request,
}) => {
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  await wizard.addToCart({ plan: 'Streamer 250', router: paid });
  await expect(page.getByText('Streamer 250').first()).toBeVisible();

  await page.reload();
  await expect(wizard.field('First name')).toBeVisible();
  await expect(wizard.addressField).toHaveCount(0);
  await expect(page.getByText('Streamer 250').first()).toBeVisible();
  await expect(page.getByText(paid).first()).toBeVisible();

  await wizard.button('Go back').click();
  await expectPageName(page, 'Build Plan');
  await wizard.expectSelected('Streamer 250');
  await wizard.expectSelected('Boost 100', false);
  await wizard.expectSelected(paid);
});

test('a new visit in a fresh browser starts at the address check', async ({ wizard, page }) => {
  await wizard.goto();
  await expect(wizard.addressField).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
});

test('the progress bar shows from step 2, with six labelled steps and the current one marked', async ({
  wizard,
  page,
  request,
}) => {
  const labels = [
    'Build your plan',
    'Contact info',
    'Connection details',
    'Installation',
    'Payment',
    'Confirm order',
  ];
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  await wizard.goto();
  await expect(wizard.addressField).toBeVisible();
  for (const label of labels) await expect(page.getByText(label, { exact: true })).toHaveCount(0);

  await wizard.toPlans(addresses.pyrmont);
  const current = page.locator('[aria-current="step"]');
  for (const label of labels) {
    await expect(
      page.getByText(label, { exact: true }).filter({ visible: true }).first(),
      label,
    ).toBeVisible();
  }
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Build your plan');

  await wizard.addToCart({ router: paid });
  await expect(current).toContainText('Contact info');
  await wizard.toConnectionDetails();
  await expect(current).toContainText('Connection details');
});
