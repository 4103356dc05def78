import { expectPageName } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Step 2 (docs/rules/plans-and-pricing.md: which plans show, choosing).

const isPopular = (name: string) => name.includes('Boost') || name.includes('Streamer');

test.describe('plans at a LIT building (Pyrmont)', () => {
  test.beforeEach(async ({ wizard }) => {
    await wizard.goto();
    await wizard.toPlans(addresses.pyrmont);
  });

  test('Boost 100 is selected by default; no plan whose id contains 350 is shown', async ({
    wizard,
    page,
    request,
  }) => {
    const { plans } = await fetchCatalogue(request, 'G1A2B3');
    await wizard.expectSelected('Boost 100');
    const excluded = plans.filter((p) => p.id.includes('350'));
    expect(excluded.length, 'the demo catalogue has a plan whose id contains 350').toBeGreaterThan(
      0,
    );
    for (const plan of plans.filter((p) => !p.id.includes('350') && p.addressLIT)) {
      await expect(wizard.card(plan.name), `${plan.name} is offered`).toHaveCount(1);
    }
    for (const plan of excluded) {
      await expect(wizard.card(plan.name)).toHaveCount(0);
      await expect(page.getByText(plan.name)).toHaveCount(0);
    }
  });

  test('selecting a plan deselects the others', async ({ wizard }) => {
    await wizard.card('Streamer 250').click();
    await wizard.expectSelected('Streamer 250');
    await wizard.expectSelected('Boost 100', false);
    await wizard.card('Giga 1000').click();
    await wizard.expectSelected('Giga 1000');
    await wizard.expectSelected('Streamer 250', false);
    await wizard.expectSelected('Boost 100', false);
  });

  test('Most Popular shows only Boost and Streamer plans; All Plans shows them all again', async ({
    wizard,
    request,
  }) => {
    const { plans } = await fetchCatalogue(request, 'G1A2B3');
    const offered = plans.filter((p) => !p.id.includes('350') && p.addressLIT);
    expect(offered.some((p) => !isPopular(p.name))).toBe(true);

    await wizard.toggleOption('Most Popular').click();
    for (const plan of offered) {
      await expect(wizard.card(plan.name), plan.name).toHaveCount(isPopular(plan.name) ? 1 : 0);
    }
    await wizard.toggleOption('All Plans').click();
    for (const plan of offered) {
      await expect(wizard.card(plan.name), plan.name).toHaveCount(1);
    }
  });

  test('the Static IP toggle turns on and off', async ({ wizard }) => {
    const toggle = wizard.staticIpToggle;
    await expect(toggle).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
  });

  test('bring your own router opens the compatibility dialog; Confirm needs the acknowledgement', async ({
    wizard,
    request,
  }) => {
    const { byo, paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
    await wizard.card(byo).click();
    const dialog = wizard.dialog;
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Confirm', exact: true });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('checkbox').check();
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(dialog).toBeHidden();
    await wizard.expectSelected(byo);

    // Routers are single selection too.
    await wizard.card(paid).click();
    await wizard.expectSelected(paid);
    await wizard.expectSelected(byo, false);
  });

  test('Add to cart is enabled only once a plan and a router are chosen', async ({
    wizard,
    request,
  }) => {
    const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
    const addToCart = wizard.button('Add to cart');
    await wizard.expectSelected('Boost 100');
    await expect(addToCart).toBeDisabled();
    await wizard.card(paid).click();
    await expect(addToCart).toBeEnabled();
    await addToCart.click();
    await expectPageName(wizard.page, 'Connection Details');
    await expect(wizard.field('First name')).toBeVisible();
  });

  test('Go back returns to the address check', async ({ wizard, page }) => {
    await wizard.button('Go back').click();
    await expectPageName(page, 'Check Address');
    await expect(wizard.addressField).toBeVisible();
  });

  test('no new-development charge outside greenfield', async ({ page }) => {
    await expect(page.getByText(/\$300/)).toHaveCount(0);
  });
});

test('Adelaide (not LIT): LIT-only plans are hidden, the others offered', async ({
  wizard,
  request,
}) => {
  const { plans } = await fetchCatalogue(request, 'G5E6F7');
  const litOnly = plans.filter((p) => p.addressLIT && !p.addressNonLIT);
  const nonLit = plans.filter((p) => p.addressNonLIT && !p.id.includes('350'));
  expect(litOnly.length).toBeGreaterThan(0);
  await wizard.goto();
  await wizard.toPlans(addresses.adelaide);
  await wizard.expectSelected('Boost 100');
  for (const plan of nonLit) await expect(wizard.card(plan.name), plan.name).toHaveCount(1);
  for (const plan of litOnly) await expect(wizard.card(plan.name), plan.name).toHaveCount(0);
});

test('Alkimos (greenfield): every LIT plan up to 1GB and the $300 new-development charge', async ({
  wizard,
  page,
  request,
}) => {
  const { plans } = await fetchCatalogue(request, 'G4D5E6');
  await wizard.goto();
  await wizard.toPlans(addresses.alkimos);
  for (const plan of plans.filter((p) => p.addressLIT && !p.id.includes('350'))) {
    await expect(wizard.card(plan.name), plan.name).toHaveCount(1);
  }
  await expect(page.getByText(/\$300/).first()).toBeVisible();
});
