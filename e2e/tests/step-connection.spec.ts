import { expectPageName } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames, type DemoAddress } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import type { Wizard } from '../support/wizard.ts';

// Step 4 (docs/rules/contact-and-connection.md): the unit is entered; street, suburb, postcode and
// state are read-only.

async function toStep4(wizard: Wizard, address: DemoAddress, router: string) {
  await wizard.goto();
  await wizard.toPlans(address);
  await wizard.addToCart({ router });
  await wizard.toConnectionDetails();
}

let paidRouter = '';
test.beforeEach(async ({ request }) => {
  paidRouter ||= routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
});

test('Pyrmont (MDU): the unit is required, at most 10 symbols, and must hold a digit', async ({
  wizard,
  page,
}) => {
  await toStep4(wizard, addresses.pyrmont, paidRouter);
  const unit = wizard.field('Unit');
  const cont = wizard.button('Continue');

  await cont.click();
  await expect(wizard.message('unit is required')).toBeVisible();

  // docs/rules/contact-and-connection.md: a unit of '0' counts as no unit.
  await unit.fill('0');
  await cont.click();
  await expect(wizard.message('unit is required')).toBeVisible();

  await unit.fill('12345678901');
  await cont.click();
  await expect(wizard.message('unit number cannot be longer than 10 symbols')).toBeVisible();

  await unit.fill('ABC');
  await cont.click();
  await expect(wizard.message('unit number must be numerical')).toBeVisible();

  await unit.fill('12B');
  await cont.click();
  await expectPageName(page, 'Installation');
});

test('Pyrmont: street, suburb, postcode and state are read-only and show the address', async ({
  wizard,
}) => {
  await toStep4(wizard, addresses.pyrmont, paidRouter);
  const expected: [string, string | RegExp][] = [
    ['Street', /Harris Street$/],
    ['Suburb', 'Pyrmont'],
    ['Postcode', '2009'],
    ['State', 'NSW'],
  ];
  for (const [label, value] of expected) {
    const field = wizard.field(label);
    await expect(field, label).toHaveValue(value);
    await expect(field, `${label} is read-only`).not.toBeEditable();
  }
});

test('Kellyville (not an MDU): no unit needed, and Grove reads Gr', async ({ wizard, page }) => {
  await toStep4(wizard, addresses.kellyville, paidRouter);
  await expect(wizard.field('Street')).toHaveValue(/Wattle Gr$/);
  await expect(wizard.field('Suburb')).toHaveValue('Kellyville');
  await expect(wizard.field('Postcode')).toHaveValue('2155');
  await expect(wizard.field('State')).toHaveValue('NSW');
  await wizard.button('Continue').click();
  await expect(wizard.message('unit is required')).toHaveCount(0);
  await expectPageName(page, 'Installation');
});

test('Kellyville: unit rules are skipped for a building that is not an MDU', async ({
  wizard,
  page,
}) => {
  await toStep4(wizard, addresses.kellyville, paidRouter);
  await wizard.field('Unit').fill('Rear');
  await wizard.button('Continue').click();
  await expectPageName(page, 'Installation');
  await expect(wizard.message('unit number must be numerical')).toHaveCount(0);
});
