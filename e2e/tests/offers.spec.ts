import { addresses } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Query parameters read on load (docs/rules/wizard-flow.md): moveIn, referralCode, pc.

test('moveIn=1 shows the move-in offer (MOVEIN, one month free)', async ({ wizard, page }) => {
  await wizard.goto({ moveIn: '1' });
  await wizard.toPlans(addresses.pyrmont);
  await expect(page.getByText(/move-in/i).first()).toBeVisible();
  await expect(page.getByText(/1 month free|one month free/i).first()).toBeVisible();
});

test('moveIn=2 shows the two-months-free move-in offer (MOVEIN2)', async ({ wizard, page }) => {
  await wizard.goto({ moveIn: '2' });
  await wizard.toPlans(addresses.pyrmont);
  await expect(page.getByText(/move-in/i).first()).toBeVisible();
  await expect(page.getByText(/2 months free|two months free/i).first()).toBeVisible();
});

test('without an offer in the address, no move-in offer is shown', async ({ wizard, page }) => {
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  await expect(page.getByText(/move-in/i)).toHaveCount(0);
});

test('referralCode=FRIEND2024 is checked on load and shows the referral offer', async ({
  wizard,
  page,
}) => {
  const checked = page.waitForResponse((res) =>
    /\/api\/v1\/[^/]+\/referral\/FRIEND2024$/.test(new URL(res.url()).pathname),
  );
  await wizard.goto({ referralCode: 'FRIEND2024' });
  expect((await checked).status()).toBe(202);
  await wizard.toPlans(addresses.pyrmont);
  await expect(page.getByText(/referral/i).first()).toBeVisible();
});

test('pc=WWOMF applies the promo code on load', async ({ wizard, page }) => {
  const applied = page.waitForResponse(
    (res) =>
      /\/api\/v1\/[^/]+\/coupon(\/|$)/.test(new URL(res.url()).pathname) &&
      (res.url().includes('WWOMF') || (res.request().postData() ?? '').includes('WWOMF')),
  );
  await wizard.goto({ pc: 'WWOMF' });
  await wizard.toPlans(addresses.pyrmont);
  expect((await applied).ok()).toBe(true);
  await expect(page.getByText('WWOMF').first()).toBeVisible();
});
