import { expectPageName } from '../support/checks.ts';
import { addresses, supportPhone } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Step 1 (docs/rules/address-and-serviceability.md, docs/rules/demo-data.md): each demo building
// gets the dialog its variant calls for.

test.describe('address check: available buildings', () => {
  test('Pyrmont (LIT, MDU): Great News!, up to 1GB, View plans leads to Build Plan', async ({
    wizard,
    page,
  }) => {
    await wizard.goto();
    await expectPageName(page, 'Check Address');
    const dialog = await wizard.checkAddress(addresses.pyrmont);
    await expect(wizard.dialogWithHeading('Great News!')).toBeVisible();
    await expect(dialog).toContainText(/up to 1 ?GB/i);
    await dialog.getByRole('button', { name: 'View plans', exact: true }).click();
    await expectPageName(page, 'Build Plan');
    await expect(wizard.button('Add to cart')).toBeVisible();
  });

  test('Southbank (LIT, mixed): Residential/Business toggle; Business names the partner and the phone', async ({
    wizard,
  }) => {
    await wizard.goto();
    const dialog = await wizard.checkAddress(addresses.southbank);
    await expect(wizard.dialogWithHeading('Great News!')).toBeVisible();
    const residential = wizard.toggleOption('Residential', dialog);
    const business = wizard.toggleOption('Business', dialog);
    await expect(residential).toBeVisible();
    await expect(business).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'View plans', exact: true })).toBeVisible();

    await business.click();
    await expect(dialog).toContainText(/partner/i);
    await expect(dialog).toContainText(supportPhone);

    await residential.click();
    await expect(dialog.getByRole('button', { name: 'View plans', exact: true })).toBeVisible();
  });

  test('Brisbane (LIT, commercial): contact the partner, and no View plans', async ({ wizard }) => {
    await wizard.goto();
    const dialog = await wizard.checkAddress(addresses.brisbane);
    await expect(wizard.dialogWithHeading('Great News!')).toBeVisible();
    await expect(dialog).toContainText(/partner/i);
    await expect(dialog.getByRole('button', { name: 'View plans' })).toHaveCount(0);
  });

  test('Alkimos (greenfield, BuildCommenced): Great News!, up to 1GB, View plans', async ({
    wizard,
    page,
  }) => {
    await wizard.goto();
    const dialog = await wizard.checkAddress(addresses.alkimos);
    await expect(wizard.dialogWithHeading('Great News!')).toBeVisible();
    await expect(dialog).toContainText(/up to 1 ?GB/i);
    await dialog.getByRole('button', { name: 'View plans', exact: true }).click();
    await expectPageName(page, 'Build Plan');
  });

  test('Adelaide (ComingSoon, brownfield): Good News! and a 100Mbps maximum', async ({
    wizard,
    page,
  }) => {
    await wizard.goto();
    const dialog = await wizard.checkAddress(addresses.adelaide);
    await expect(wizard.dialogWithHeading('Good News!')).toBeVisible();
    await expect(dialog).toContainText(/100 ?Mbps/i);
    await dialog.getByRole('button', { name: 'View plans', exact: true }).click();
    await expectPageName(page, 'Build Plan');
  });

  test('Hobart 82 Elizabeth Street (a slave building) goes through to Build Plan', async ({
    wizard,
    page,
  }) => {
    await wizard.goto();
    const dialog = await wizard.checkAddress(addresses.hobartSlave);
    await expect(wizard.dialogWithHeading('Great News!')).toBeVisible();
    await dialog.getByRole('button', { name: 'View plans', exact: true }).click();
    await expectPageName(page, 'Build Plan');
    await expect(wizard.card('Boost 100')).toBeVisible();
  });

  test('Kellyville (LIT, not an MDU): Great News! and View plans', async ({ wizard, page }) => {
    await wizard.goto();
    const dialog = await wizard.checkAddress(addresses.kellyville);
    await expect(wizard.dialogWithHeading('Great News!')).toBeVisible();
    await dialog.getByRole('button', { name: 'View plans', exact: true }).click();
    await expectPageName(page, 'Build Plan');
  });
});

test.describe('address check: not available', () => {
  for (const [label, address] of [
    ['12 Cavenagh Street, Darwin (Footprint: known, not serviceable)', addresses.darwinFootprint],
    ['10 Smith Street, Darwin (not in the registry)', addresses.darwinUnknown],
  ] as const) {
    test(`${label}: We are sorry! with Register your address`, async ({ wizard, page }) => {
      await wizard.goto();
      const dialog = await wizard.checkAddress(address);
      await expect(wizard.dialogWithHeading('We are sorry!')).toBeVisible();
      await expect(
        dialog.getByRole('button', { name: 'Register your address', exact: true }),
      ).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'View plans' })).toHaveCount(0);
      await expectPageName(page, 'Check Address');
    });
  }
});

test('a prefilled address with uniqueCode opens the availability dialog on load', async ({
  wizard,
  page,
}) => {
  const a = addresses.pyrmont;
  await wizard.goto({
    uniqueCode: a.code ?? '',
    formatted_address: a.address,
    street_number: '100',
    street: 'Harris Street',
    suburb: a.suburb,
    state: a.state,
    postcode: a.postcode,
    status: 'LIT',
    buildingClass: 'mdu',
    buildingCategory: 'brownfield',
    buildingType: 'residential',
  });
  const dialog = wizard.dialogWithHeading('Great News!');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'View plans', exact: true }).click();
  await expectPageName(page, 'Build Plan');
  await expect(wizard.card('Boost 100')).toBeVisible();
});
