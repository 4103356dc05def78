import {
  chooseFreeDay,
  dayButtons,
  offeredDays,
  fillWindow,
  heldNote,
  holdTimer,
  holdWindow,
  listedSlotNamed,
  recordListedSlots,
  repeatDay,
  stateTimeZones,
  toInstallation,
  windowButtons,
  captureFromTop,
} from '../support/checkout.ts';
import { expectNoSeriousA11yViolations, expectPageName } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Issue 5, step 5 (Installation): the Continue messages, the danger alert for a window taken
// meanwhile (docs/rules/installation-and-holds.md), and Go back (docs/rules/wizard-flow.md). Each
// test chooses its own day (the shared server's first free day belongs to the journeys), so their
// holds never meet.

const slotUnavailable =
  "We're sorry, but the date and time you've selected are no longer available. Please choose another date and time.";

let paidRouter = '';
test.beforeEach(async ({ request }) => {
  paidRouter ||= routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
});

test("Continue with nothing chosen: 'Please select an installation date', then 'Please select an installation time.'", async ({
  wizard,
  page,
}) => {
  // The free windows arrive only when this test says so.
  let listWindows!: () => void;
  const listed = new Promise<void>((resolve) => (listWindows = resolve));
  await page.route('**/api/v1/*/bookings/**', async (route) => {
    await listed;
    await route.continue();
  });
  await toInstallation(wizard, addresses.kellyville, { router: paidRouter });

  // Pressed while the dates load: the message takes focus (no day can yet), not a month arrow.
  await wizard.button('Continue').click();
  const dateMessage = wizard.message('Please select an installation date');
  await expect(dateMessage).toBeVisible();
  await expect(dateMessage).toBeFocused();
  await expect(wizard.message('Please select an installation time.')).toHaveCount(0);
  listWindows();
  await expect(offeredDays(wizard).first()).toBeVisible();

  // Pressed again with the dates there: the visitor is sent to the calendar, to the first free day.
  await wizard.button('Continue').click();
  await expect(dayButtons(wizard).and(page.locator(':focus'))).toHaveCount(1);
  await expect(page.locator(':focus')).toHaveAccessibleDescription(
    'Please select an installation date',
  );
  await expectPageName(page, 'Installation');

  await chooseFreeDay(wizard, 1);
  await expect(wizard.message('Please select an installation date')).toHaveCount(0);
  await wizard.button('Continue').click();
  await expect(wizard.message('Please select an installation time.')).toBeVisible();
  await expect(windowButtons(wizard).and(page.locator(':focus'))).toHaveCount(1);
  await expectPageName(page, 'Installation');

  const held = await holdWindow(wizard, 1);
  await expect(wizard.message('Please select an installation time.')).toHaveCount(0);
  // The held window and its countdown, looked at by axe.
  await expect(heldNote(wizard)).toContainText(held);
  await expectNoSeriousA11yViolations(page, { label: 'step 5 with a held window' });

  await wizard.button('Continue').click();
  await expectPageName(page, 'Payment');
});

test('a window taken by someone else after the windows were listed: the danger alert, the windows refresh, another can be held', async ({
  wizard,
  page,
  request,
}) => {
  const listed = recordListedSlots(page);
  await toInstallation(wizard, addresses.pyrmont, { router: paidRouter });
  const day = await chooseFreeDay(wizard, -1 - repeatDay(test.info()));
  const lastWindow = windowButtons(wizard).last();
  const window = (await lastWindow.innerText()).replace(/\s+/g, ' ').trim();
  const slot = listedSlotNamed(listed, { day, window }, stateTimeZones.NSW!);

  // NSW has two crews: the window is full only once both are held.
  expect(await fillWindow(request, slot)).toBeGreaterThanOrEqual(2);

  const windowsBefore = await windowButtons(wizard).count();
  await lastWindow.click();
  const alert = page.getByRole('alert').filter({ hasText: slotUnavailable });
  await expect(alert).toHaveText(slotUnavailable);
  await expect(holdTimer(wizard)).toHaveCount(0);
  // The windows are loaded again: the taken one is gone, the others stay.
  await expect(windowButtons(wizard)).toHaveCount(windowsBefore - 1);
  await expect(page.getByRole('button', { name: window, exact: true })).toHaveCount(0);
  // docs/rules/installation-and-holds.md: Continue is blocked while the error shows.
  await expect(wizard.button('Continue')).toBeDisabled();
  await expectNoSeriousA11yViolations(page, { label: 'step 5 with the window-taken alert' });
  await captureFromTop(page, 'step5-window-taken');

  await holdWindow(wizard, 0);
  await expect(alert).toHaveCount(0);
  await wizard.button('Continue').click();
  await expectPageName(page, 'Payment');
});

test('Go back on steps 5 and 6 goes back one step, keeping every earlier answer; past Installation the hold is let go', async ({
  wizard,
  page,
}) => {
  await toInstallation(wizard, addresses.pyrmont, { router: paidRouter });
  const day = await chooseFreeDay(wizard, 2 + repeatDay(test.info()));
  const window = await holdWindow(wizard, 2);

  // Step 5 back to step 4: the unit and the read-only address are as they were.
  await wizard.button('Go back').click();
  await expectPageName(page, 'Connection Details');
  await expect(wizard.field('Unit')).toHaveValue('12');
  await expect(wizard.field('Suburb')).toHaveValue('Pyrmont');
  // ... and one more step back, the contact (step 3) is kept too.
  await wizard.button('Go back').click();
  await expect(wizard.field('First name')).toHaveValue('Mary');
  await expect(wizard.field('Email')).toHaveValue('mary.obrien@example.com');
  await wizard.button('Continue').click();
  await expect(wizard.field('Unit')).toHaveValue('12');
  await wizard.button('Continue').click();
  await expectPageName(page, 'Installation');

  // Back past Installation let the hold go (docs/rules/installation-and-holds.md): the day chosen
  // is still on show, its window free again and not held, no countdown.
  const heldButton = page.getByRole('button', { name: window, exact: true });
  await expect(
    page.getByRole('heading', { name: `Arrival windows on ${day}`, exact: true }),
  ).toBeVisible();
  await expect(heldButton).toHaveAttribute('aria-pressed', 'false');
  await expect(holdTimer(wizard)).toHaveCount(0);
  await heldButton.click();
  await expect(heldButton).toHaveAttribute('aria-pressed', 'true');
  await expect(holdTimer(wizard)).toHaveText(/^\d\d:\d\d$/);

  // Step 6 back to step 5, then on again: the same window still held, its countdown going on, the
  // promo code still applied.
  const countdownBefore = await holdTimer(wizard).innerText();
  await wizard.button('Continue').click();
  await expectPageName(page, 'Payment');
  await wizard.field('Promo code').fill('WWOMF');
  await wizard.button('Validate').click();
  await expect(page.getByRole('status').filter({ hasText: 'WWOMF' })).toContainText('applied');
  await wizard.button('Go back').click();
  await expectPageName(page, 'Installation');
  await expect(heldButton).toHaveAttribute('aria-pressed', 'true');
  expect((await holdTimer(wizard).innerText()) <= countdownBefore).toBe(true);
  await wizard.button('Continue').click();
  await expectPageName(page, 'Payment');
  await expect(page.getByRole('status').filter({ hasText: 'WWOMF' })).toContainText('applied');
  await expect(heldNote(wizard)).toContainText(window);
});
