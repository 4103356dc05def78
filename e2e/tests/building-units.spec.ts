import {
  acceptCharges,
  bookFirstWindow,
  cards,
  expectWelcome,
  toInstallation,
} from '../support/checkout.ts';
import {
  expectCardFramesReady,
  fillChargebeeCard,
  serveChargebeeJs,
} from '../support/chargebee.ts';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPageName,
  narrowViewport,
  captureStep,
} from '../support/checks.ts';
import { Console, expect, manager, test } from '../support/console.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { Wizard } from '../support/wizard.ts';

// Issue 34, part 4 (docs/rules/contact-and-connection.md#the-buildings-units): 80 Elizabeth
// Street, Hobart lists its units (docs/rules/demo-data.md). The connection step offers them,
// refuses another, and for a unit with an active order offers a call or a move-in, which the
// console shows flagged. The console's deployment: PostgreSQL, Chargebee's stand-in.

test.describe.configure({ mode: 'default', timeout: 240_000 });

const hobart = addresses.hobartMaster;
const notInBuilding =
  'This unit is not in this building. Please check the unit number or choose it from the list.';
const first = { firstName: 'Fay', lastName: 'Firstin', email: 'fay.firstin@example.com' };
const mover = { firstName: 'Max', lastName: 'Mover', email: 'max.mover@example.com' };

async function toUnit(wizard: Wizard, contact: typeof first) {
  const { paid } = routerNames((await fetchCatalogue(wizard.page.request, hobart.code!)).routers);
  await wizard.goto();
  await wizard.toPlans(hobart);
  await wizard.addToCart({ router: paid });
  await wizard.toConnectionDetails(contact);
}

test('a listed building offers its units as a combobox and refuses one it does not have', async ({
  page,
}) => {
  const wizard = new Wizard(page);
  await toUnit(wizard, first);
  const unit = wizard.field('Unit');
  // A combobox: the building's units as suggestions, typing still taken.
  await expect(page.getByRole('combobox', { name: 'Unit' })).toBeVisible();
  const listId = await unit.getAttribute('list');
  const offered = await page
    .locator(`datalist[id="${listId}"] option`)
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(offered).toEqual(
    ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '12A', '12B'].concat([
      '101',
      '102',
      '201',
      '202',
    ]),
  );

  await unit.fill('99');
  await wizard.button('Continue').click();
  await expect(wizard.message(notInBuilding)).toBeVisible();
  await expect(unit).toBeFocused();
  await expect(unit).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, { label: 'step 4: a unit the building does not have' });
  await captureStep(page, 'step4-unit-unknown');

  // The unit's own rules still come first.
  await unit.fill('ABC');
  await wizard.button('Continue').click();
  await expect(wizard.message('unit number must be numerical')).toBeVisible();

  // Typed in lower case, it is the listed 12B.
  await unit.fill('12b');
  await wizard.button('Continue').click();
  await expectPageName(page, 'Installation');
});

test('a unit with an active order says so, offers a call or a move-in, and the console shows the move-in', async ({
  page,
  browser,
  baseURL,
}) => {
  // Someone already ordered unit 12 (toInstallation types '12').
  await serveChargebeeJs(page.context());
  const firstWizard = new Wizard(page);
  const { paid } = routerNames((await fetchCatalogue(page.request, hobart.code!)).routers);
  await toInstallation(firstWizard, hobart, { router: paid, contact: first });
  await bookFirstWindow(firstWizard);
  await pay(firstWizard);

  // A second visitor, moving in at unit 12.
  const visitor = await browser.newContext({ baseURL });
  const moverPage = await visitor.newPage();
  await serveChargebeeJs(visitor);
  const wizard = new Wizard(moverPage);
  await toUnit(wizard, mover);
  await wizard.field('Unit').fill('12');
  await wizard.button('Continue').click();
  const status = moverPage
    .getByRole('status')
    .filter({ hasText: 'This unit is already connected' });
  await expect(status).toContainText(
    'We already have an order for this unit. If you are moving in, continue as a move-in and we will take over the service at this unit, or call us and we will help.',
  );
  const call = status.getByRole('link', { name: /^Call us on / });
  await expect(call).toHaveAttribute('href', /^tel:\+?\d+$/);
  await expectPageName(moverPage, 'Connection Details');
  await expectNoSeriousA11yViolations(moverPage, { label: 'step 4: a unit already connected' });
  await captureStep(moverPage, 'step4-unit-connected');
  await moverPage.setViewportSize(narrowViewport);
  await expectNoHorizontalScroll(moverPage);
  await moverPage.setViewportSize({ width: 1280, height: 800 });

  // Another unit takes the message away; back to 12, and on as a move-in.
  await wizard.field('Unit').fill('102');
  await expect(status).toHaveCount(0);
  await wizard.field('Unit').fill('12');
  await wizard.button('Continue').click();
  await wizard.button('Continue as a move-in').click();
  await expectPageName(moverPage, 'Installation');
  await bookFirstWindow(wizard);
  await pay(wizard);

  const staff = await browser.newContext({ baseURL });
  const ops = new Console(await staff.newPage());
  await ops.signIn(manager);
  const rows = ops.page.getByRole('table', { name: 'Orders' }).getByRole('row');
  await expect(rows.filter({ hasText: 'Max Mover' })).toContainText('Move-in');
  await expect(rows.filter({ hasText: 'Fay Firstin' })).not.toContainText('Move-in');
  await ops.findOrder(mover.email, 'Max Mover');
  await expect(ops.detail('Move-in')).toHaveText('Yes: the unit already had an active order');
  await expect(ops.detail('Address')).toHaveText(`Unit 12, ${hobart.address}`);
  await expectNoSeriousA11yViolations(ops.page, { label: 'console: a move-in order' });
  await Promise.all([visitor.close(), staff.close()]);
});

async function pay(wizard: Wizard) {
  await expectCardFramesReady(wizard.page);
  await fillChargebeeCard(wizard.page, { number: cards.visa });
  await acceptCharges(wizard);
  await wizard.button('Submit').click();
  await expectWelcome(wizard);
}
