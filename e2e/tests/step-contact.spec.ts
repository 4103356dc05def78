import { expectPageName } from '../support/checks.ts';
import {
  addresses,
  fetchCatalogue,
  howDidYouHearOptions,
  routerNames,
  validContact,
} from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import type { ContactValues, Wizard } from '../support/wizard.ts';

// Step 3 (docs/rules/contact-and-connection.md): every contact message, quoted verbatim.

// A valid email of 321 characters: 64 + 1 + 63 + 1 + 63 + 1 + 63 + 1 + 60 + 4.
const longEmail = `${'a'.repeat(64)}@${['b', 'c', 'd'].map((c) => c.repeat(63)).join('.')}.${'e'.repeat(60)}.com`;

test.beforeEach(async ({ wizard, request }) => {
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  await wizard.addToCart({ router: paid });
});

/** Fills a valid contact with `overrides`, presses Continue, and expects `message` on step 3. */
async function expectRejected(wizard: Wizard, overrides: ContactValues, message: string | RegExp) {
  await wizard.fillValidContact(overrides);
  await wizard.button('Continue').click();
  const shown =
    typeof message === 'string'
      ? wizard.message(message)
      : wizard.page.getByText(message).and(wizard.page.locator(':not(a)'));
  await expect(shown, `${JSON.stringify(overrides).slice(0, 80)} -> ${message}`).toBeVisible();
  await expect(wizard.field('Unit')).toHaveCount(0);
}

test('Continue on an empty form shows every required message', async ({ wizard }) => {
  await wizard.button('Continue').click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Invalid email',
    'Email confirmation is required',
    'Phone number is required',
    'Please let us know how you heard about us',
  ]) {
    await expect(wizard.message(message), message).toBeVisible();
  }
  await expect(wizard.field('Unit')).toHaveCount(0);
});

test('first name rules', async ({ wizard }) => {
  await expectRejected(wizard, { firstName: 'M' }, 'should contain at least two letters');
  await expectRejected(
    wizard,
    { firstName: 'M'.repeat(27) },
    'should not be longer than 26 letters',
  );
  await expectRejected(wizard, { firstName: 'M4ry' }, 'invalid first name');
  await expectRejected(wizard, { firstName: 'Mary  Ann' }, 'invalid first name');
  await expectRejected(wizard, { firstName: 'Mary-Ann' }, 'invalid first name');
});

test('last name rules', async ({ wizard }) => {
  await expectRejected(wizard, { lastName: 'B' }, 'should contain at least two letters');
  await expectRejected(
    wizard,
    { lastName: 'B'.repeat(27) },
    'should not be longer than 26 letters',
  );
  await expectRejected(wizard, { lastName: 'Br0wn' }, 'Invalid last name');
});

test('mobile rules', async ({ wizard }) => {
  const message = 'Please enter your mobile number as 04123456789 or +61412345678';
  for (const mobile of ['0312345678', '041234567', '+61312345678', '+6141234567']) {
    await expectRejected(wizard, { mobile }, message);
  }
});

test('email rules', async ({ wizard }) => {
  expect(longEmail).toHaveLength(321);
  await expectRejected(
    wizard,
    { email: 'mary.example.com' },
    /^Please enter correct email address e\.g\./,
  );
  await expectRejected(wizard, { email: longEmail }, 'Email length is limited to 320 symbols');
  await expectRejected(
    wizard,
    { email: 'mary@example.com', confirmEmail: 'marie@example.com' },
    'Email confirmation must match email',
  );
});

test('valid alternatives pass: +61 mobile, apostrophes, single spaces', async ({ wizard }) => {
  await wizard.toConnectionDetails({
    firstName: 'Mary Ann',
    lastName: "D'Arcy",
    mobile: '+61412345678',
  });
});

// The options and their order: docs/rules/contact-and-connection.md.
test('How did you hear about us? offers the listed options in order', async ({ wizard, page }) => {
  const field = wizard.howDidYouHearField;
  let options: string[];
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') {
    options = await field.evaluate((el) =>
      Array.from((el as HTMLSelectElement).options)
        .filter((o) => o.value !== '' && !o.disabled)
        .map((o) => o.text.trim()),
    );
  } else {
    await field.click();
    options = (await page.getByRole('option').allTextContents()).map((t) => t.trim());
    await page.keyboard.press('Escape');
  }
  expect(options).toEqual([...howDidYouHearOptions]);
});

test('names are stored with the first letter capitalised and the rest lowercase', async ({
  wizard,
}) => {
  await wizard.toConnectionDetails({ firstName: 'mARY ann', lastName: "o'BRIEN" });
  await wizard.button('Go back').click();
  await expectPageName(wizard.page, 'Connection Details');
  await expect(wizard.field('First name')).toHaveValue('Mary ann');
  await expect(wizard.field('Last name')).toHaveValue("O'brien");
});

test('pasting into Confirm email is blocked (and copying out of it)', async ({ wizard, page }) => {
  const email = wizard.field('Email');
  const confirm = wizard.field('Confirm email');
  const lastName = wizard.field('Last name');
  await email.fill(validContact.email);
  await email.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');

  // The clipboard works here: pasting into another field does paste.
  await lastName.fill('');
  await lastName.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(lastName).toHaveValue(validContact.email);

  await confirm.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(confirm).toHaveValue('');

  // Copying out of it is refused too: the copy event is cancelled.
  await confirm.fill(validContact.email);
  const copyCancelled = await confirm.evaluate(
    (el) => !el.dispatchEvent(new ClipboardEvent('copy', { bubbles: true, cancelable: true })),
  );
  expect(copyCancelled).toBe(true);
});
