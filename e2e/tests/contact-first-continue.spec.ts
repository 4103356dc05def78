import { viewports } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import type { ContactValues, Wizard } from '../support/wizard.ts';

// Issue 13, item 5: the first Continue shows every invalid field's message
// (docs/rules/contact-and-connection.md), and the 'How did you hear about us?' select sits level
// with the Mobile field beside it.

test.beforeEach(async ({ wizard, request }) => {
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  await wizard.addToCart({ router: paid });
});

const messages = {
  firstName: 'should contain at least two letters',
  lastName: 'Last name is required',
  email: 'Please enter correct email address e.g. name@example.com',
  emailRequired: 'Invalid email',
  confirmEmail: 'Email confirmation is required',
  mobile: 'Please enter your mobile number as 04123456789 or +61412345678',
  howDidYouHear: 'Please let us know how you heard about us',
};

// The field typed in last still has focus when Continue is pressed: its check on leaving used to
// add a message above the button, move the button from under the pointer and lose the click.
const cases: { typed: ContactValues; shown: (keyof typeof messages)[] }[] = [
  {
    typed: { firstName: 'M', email: 'x', mobile: '1' },
    shown: ['firstName', 'lastName', 'email', 'confirmEmail', 'mobile', 'howDidYouHear'],
  },
  {
    typed: { firstName: 'Mary', lastName: 'Brown', mobile: '0312345678' },
    shown: ['emailRequired', 'confirmEmail', 'mobile', 'howDidYouHear'],
  },
  { typed: { firstName: 'M' }, shown: ['firstName', 'lastName', 'howDidYouHear'] },
];

for (const { typed, shown } of cases) {
  test(`one Continue after typing ${Object.keys(typed).join(', ')} shows ${shown.length} messages`, async ({
    wizard,
  }) => {
    await wizard.fillContact(typed);
    await wizard.button('Continue').click();
    for (const field of shown) {
      await expect(wizard.message(messages[field]), field).toBeVisible();
    }
    // The error summary takes the focus, listing the same messages (docs/rules/
    // contact-and-connection.md, "The error summary").
    await expect(wizard.errorSummary).toBeFocused();
    for (const field of shown) {
      await expect(wizard.summaryLink(messages[field]), field).toBeVisible();
    }
    await expect(wizard.field('Unit')).toHaveCount(0);
  });
}

test('Go back right after typing a wrong value leaves the step on the first press', async ({
  wizard,
}) => {
  await wizard.fillContact({ firstName: 'Mary', lastName: 'Brown', mobile: '1' });
  await wizard.button('Go back').click();
  await expect(wizard.card('Boost 100')).toBeVisible();
});

/** The top of a labelled control, and how far it sits below its own label. */
async function placement(wizard: Wizard, label: string) {
  const control = await wizard.field(label).boundingBox();
  const labelBox = await wizard.page.locator('label', { hasText: label }).boundingBox();
  if (!control || !labelBox) throw new Error(`${label} is not on screen`);
  return { top: control.y, belowLabel: control.y - (labelBox.y + labelBox.height) };
}

for (const [name, size] of Object.entries(viewports)) {
  test(`${name}: the select sits like the Mobile field, before and after the messages`, async ({
    wizard,
    page,
  }) => {
    await page.setViewportSize(size);
    for (const state of ['untouched', 'with every message']) {
      if (state !== 'untouched') {
        await wizard.fillContact({ firstName: 'M', email: 'x', mobile: '1' });
        await wizard.button('Continue').click();
        await expect(wizard.message(messages.howDidYouHear)).toBeVisible();
        await page.screenshot({
          path: `/tmp/h13web-contact-errors-${size.width}x${size.height}.png`,
          fullPage: true,
        });
      }
      const mobile = await placement(wizard, 'Mobile');
      const heard = await placement(wizard, 'How did you hear about us?');
      expect(heard.belowLabel, state).toBeCloseTo(mobile.belowLabel, 0);
      // Side by side on a laptop, one above the other on a phone.
      if (size.width >= 1280) expect(heard.top, state).toBeCloseTo(mobile.top, 0);
    }
  });
}
