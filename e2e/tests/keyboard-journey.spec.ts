import { expectWelcome, windowButtons, offeredDays, cards } from '../support/checkout.ts';
import { expectPageName } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames, validContact } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectVisibleFocus, tabTo } from '../support/keyboard.ts';

// Issue 13, item 5: the whole journey with the keyboard only (page.keyboard: Tab, Shift+Tab,
// arrows, Space, Enter, typing). At each place focus was lost or invisible, the control the
// visitor used keeps the focus and shows it (WCAG 2.2 SC 2.4.3 Focus Order, 2.4.7 Focus Visible).

test.setTimeout(120_000);

test('keyboard only, from the address to Welcome onboard!, focus stays visible', async ({
  wizard,
  page,
  request,
}) => {
  const { paid, byo } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  const keys = page.keyboard;
  await wizard.goto();

  // Step 1: the address, its suggestion, Submit, then View plans in the dialog.
  await tabTo(page, wizard.addressField);
  await keys.type(addresses.pyrmont.typed);
  const suggestion = page.getByRole('option', { name: addresses.pyrmont.address });
  await expect(suggestion).toBeVisible();
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await expect(wizard.addressField).toHaveValue(addresses.pyrmont.address);
  await tabTo(page, wizard.button('Submit'));
  await keys.press('Enter');
  const viewPlans = wizard.dialog.getByRole('button', { name: 'View plans', exact: true });
  await expect(viewPlans).toBeVisible();
  await tabTo(page, viewPlans);
  await expectVisibleFocus(viewPlans, 'the availability dialog');
  await keys.press('Enter');
  await expectPageName(page, 'Build Plan');

  // Step 2 (a): the All Plans / Most Popular toggle's chosen option shows its focus.
  const allPlans = wizard.toggleOption('All Plans');
  await tabTo(page, allPlans);
  await expectVisibleFocus(allPlans, "'All Plans' reached with Tab");
  // (b) the default plan, selected, shows its focus on top of the selected style.
  const boost = wizard.card('Boost 100');
  await tabTo(page, boost);
  await wizard.expectSelected('Boost 100');
  await expectVisibleFocus(boost, "the selected 'Boost 100' reached with Tab");
  await keys.press('Space');
  await expectVisibleFocus(boost, "'Boost 100' chosen with Space");

  // A router: into its group with Tab, to the paid one with the arrows, chosen with Space.
  const router = wizard.card(paid);
  const routers = page.getByRole('radiogroup').filter({ has: router });
  await tabTo(page, routers.getByRole('radio').first().or(routers.locator('[tabindex="0"]')));
  async function arrowTo(card: typeof router) {
    for (let presses = 0; presses < 6; presses += 1) {
      if (await card.evaluate((el) => el === document.activeElement)) return;
      await keys.press('ArrowRight');
    }
  }
  // (d) the router compatibility dialog, closed with Escape, gives focus back to its card.
  const byoCard = wizard.card(byo);
  await arrowTo(byoCard);
  await keys.press('Space');
  await expect(wizard.dialogWithHeading('Router compatibility')).toBeVisible();
  await keys.press('Escape');
  await expect(wizard.dialog).toBeHidden();
  await expectVisibleFocus(byoCard, 'the router dialog closed with Escape');
  await arrowTo(router);
  await keys.press('Space');
  await wizard.expectSelected(paid);
  await expectVisibleFocus(router, `'${paid}' chosen with Space`);
  await tabTo(page, wizard.button('Add to cart'));
  await keys.press('Enter');
  await expectPageName(page, 'Connection Details');

  // Step 3: typed field by field; the select is answered with the arrows.
  const typed: [string, string][] = [
    ['First name', validContact.firstName],
    ['Last name', validContact.lastName],
    ['Email', validContact.email],
    ['Confirm email', validContact.email],
    ['Mobile', validContact.mobile],
  ];
  for (const [label, value] of typed) {
    await tabTo(page, wizard.field(label));
    await expectVisibleFocus(wizard.field(label), label);
    await keys.type(value);
  }
  await tabTo(page, wizard.howDidYouHearField);
  await expectVisibleFocus(wizard.howDidYouHearField, 'How did you hear about us?');
  await keys.press('ArrowDown');
  await expect(wizard.howDidYouHearField).not.toHaveValue('');
  await tabTo(page, wizard.button('Continue'));
  await keys.press('Enter');

  // Step 4: the unit, then Enter in the field sends the form.
  await expect(wizard.field('Unit')).toBeVisible();
  await tabTo(page, wizard.field('Unit'));
  await keys.type('12');
  await keys.press('Enter');
  await expectPageName(page, 'Installation');

  // Step 5: into the calendar with Tab, to a free day with the arrows, Enter; then a window.
  const freeDay = offeredDays(wizard).first();
  await expect(freeDay).toBeVisible();
  await tabTo(page, page.getByRole('grid').getByRole('button').and(page.locator('[tabindex="0"]')));
  await expectVisibleFocus(page.locator(':focus'), 'the calendar');
  await keys.press('Enter');
  await expect(windowButtons(wizard).first()).toBeVisible();
  // (c) Space holds the window, and focus stays on it while the hold runs and after.
  const window = windowButtons(wizard).first();
  await tabTo(page, window);
  await keys.press('Space');
  await expect(window).toHaveAttribute('aria-pressed', 'true');
  await expectVisibleFocus(window, 'the arrival window held with Space');
  await tabTo(page, wizard.button('Continue'));
  await keys.press('Enter');
  await expectPageName(page, 'Payment');

  // Step 6: the card, the agreements with Space, Submit.
  const card: [string, string][] = [
    ['Card number', cards.visa],
    ['Expiry', '1234'],
    ['CVV', '123'],
    ['Cardholder name', "Mary O'Brien"],
  ];
  for (const [label, value] of card) {
    await tabTo(page, wizard.field(label));
    await keys.type(value);
  }
  const agreements = [
    page.getByRole('checkbox', { name: /^I agree to a monthly charge of \$/ }),
    page.getByRole('checkbox', { name: /terms and conditions/ }),
  ];
  for (const agreement of agreements) {
    await tabTo(page, agreement);
    await expectVisibleFocus(agreement, 'an agreement');
    await keys.press('Space');
    await expect(agreement).toBeChecked();
  }
  await tabTo(page, wizard.button('Submit'));
  await keys.press('Enter');
  await expectWelcome(wizard);
});
