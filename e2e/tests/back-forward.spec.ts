import {
  cards,
  chooseFreeDay,
  expectWelcome,
  holdTimer,
  holdWindow,
  pay,
  toInstallation,
  windowButtons,
  bookFirstWindow,
} from '../support/checkout.ts';
import { expectPageName } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Issue 31, item 1 (docs/rules/wizard-flow.md, "Back and Forward"): the browser's Back and Forward
// move between the wizard's steps, the URL never changes, and the sign-up is never left by
// accident.

let paidRouter = '';
test.beforeEach(async ({ request }) => {
  paidRouter ||= routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
});

test('Back and Forward move between steps with everything kept, the URL unchanged', async ({
  wizard,
  page,
}) => {
  await wizard.goto();
  const url = page.url();
  await wizard.toPlans(addresses.pyrmont);
  await expectPageName(page, 'Build Plan');

  // Back on step 2: the address step, the address kept.
  await page.goBack();
  await expectPageName(page, 'Check Address');
  await expect(wizard.addressField).toHaveValue(addresses.pyrmont.address);
  expect(page.url()).toBe(url);

  // Forward: the plans again.
  await page.goForward();
  await expectPageName(page, 'Build Plan');
  await expect(wizard.card('Boost 100')).toBeVisible();

  await wizard.addToCart({ router: paidRouter, plan: 'Streamer 250' });
  await wizard.toConnectionDetails({ firstName: 'Ada' });
  await wizard.field('Unit').fill('7');

  // Two steps back: the contact as passed, then the plan as chosen.
  await page.goBack();
  await expect(wizard.field('First name')).toHaveValue('Ada');
  await page.goBack();
  await expectPageName(page, 'Build Plan');
  await wizard.expectSelected('Streamer 250');
  expect(page.url()).toBe(url);

  // Forward twice: the connection details again, the unit typed there kept.
  await page.goForward();
  await expect(wizard.field('First name')).toHaveValue('Ada');
  await page.goForward();
  await expect(wizard.field('Unit')).toHaveValue('7');
  await expectPageName(page, 'Connection Details');

  // The Go back button goes back through the same history: Forward returns from it too.
  await wizard.button('Go back').click();
  await expect(wizard.field('First name')).toHaveValue('Ada');
  await page.goForward();
  await expect(wizard.field('Unit')).toHaveValue('7');
  expect(page.url()).toBe(url);
});

test('Forward goes no further than the state allows', async ({ wizard, page }) => {
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  await wizard.addToCart({ router: paidRouter });
  await wizard.fillValidContact();
  await wizard.button('Continue').click();
  await expectPageName(page, 'Connection Details');
  await page.goBack();
  // The contact made invalid: Forward cannot pass it, the step stays.
  await wizard.field('Email').fill('not-an-email');
  await wizard.button('Go back').click();
  await expectPageName(page, 'Build Plan');
  await page.goForward();
  await expectPageName(page, 'Connection Details');
  await expect(wizard.field('Email')).toHaveValue('not-an-email');
  await page.goForward();
  await expect(wizard.field('Email')).toBeVisible();
  await expect(wizard.field('Unit')).toHaveCount(0);
});

test('going back past Installation lets the hold go; Forward finds nothing held', async ({
  wizard,
  page,
}) => {
  await toInstallation(wizard, addresses.pyrmont, { router: paidRouter });
  await chooseFreeDay(wizard, 4);
  const window = await holdWindow(wizard, 1);

  const released = page.waitForRequest(
    (request) => request.method() === 'DELETE' && /\/reservations\//.test(request.url()),
  );
  await page.goBack();
  await expectPageName(page, 'Connection Details');
  const release = await released;
  expect((await release.response())?.status()).toBe(204);

  await page.goForward();
  await expectPageName(page, 'Installation');
  await expect(holdTimer(wizard)).toHaveCount(0);
  await chooseFreeDay(wizard, 4);
  // The window is free again, and not shown as held.
  const again = page.getByRole('button', { name: window, exact: true });
  await expect(again).toHaveAttribute('aria-pressed', 'false');
  await expect(windowButtons(wizard).first()).toBeVisible();
});

test('Back from the confirmation starts a new sign-up instead of leaving', async ({
  wizard,
  page,
}) => {
  await toInstallation(wizard, addresses.kellyville, {
    router: paidRouter,
    contact: { email: 'back.forward@example.com', confirmEmail: 'back.forward@example.com' },
  });
  await bookFirstWindow(wizard);
  await pay(wizard, { number: cards.visa });
  await expectWelcome(wizard);
  const url = page.url();

  await page.goBack();
  await expectPageName(page, 'Check Address');
  expect(page.url()).toBe(url);
  await expect(wizard.addressField).toHaveValue('');
  // A second address in the same tab.
  await wizard.checkAddress(addresses.pyrmont);
  await expect(wizard.dialogWithHeading('Great News!')).toBeVisible();

  // Forward does not return to the placed order's confirmation.
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Welcome onboard!' })).toHaveCount(0);
});
