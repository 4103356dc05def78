import { captureStep } from '../support/checks.ts';
import { addresses } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// docs/rules/address-and-serviceability.md: the not-available dialog's 'Register your address'
// shows the lead-capture form (embedded by default), stored through POST /api/v1/public/leads.

test('Register your address: validation, submit, thanks', async ({ wizard, page }) => {
  await wizard.goto();
  const dialog = await wizard.checkAddress(addresses.darwinUnknown);
  await expect(wizard.dialogWithHeading('We are sorry!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Register your address', exact: true }).click();

  const firstName = wizard.field('First name');
  await expect(firstName).toBeVisible();
  // The lead form is the form that holds these fields; its Submit is not step 1's Submit.
  const form = page.locator('form').filter({ has: firstName });
  const submit = form.getByRole('button', { name: 'Submit', exact: true });
  await captureStep(page, 'step1-lead-form');

  await submit.click();
  await expect(form.getByText('First name is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Last name is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Invalid email', { exact: true })).toBeVisible();

  await firstName.fill('A');
  await wizard.field('Last name').fill('Nguyen');
  await wizard.field('Email').fill('not-an-email');
  await submit.click();
  await expect(
    form.getByText('should contain at least two letters', { exact: true }),
  ).toBeVisible();
  await expect(form.getByText(/^Please enter correct email address e\.g\./)).toBeVisible();

  await firstName.fill('Alex');
  await wizard.field('Email').fill('alex.nguyen@example.com');
  const stored = page.waitForResponse(
    (res) => res.url().endsWith('/api/v1/public/leads') && res.request().method() === 'POST',
  );
  await submit.click();
  const response = await stored;
  expect(response.status()).toBe(201);
  const body = response.request().postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    firstName: 'Alex',
    lastName: 'Nguyen',
    email: 'alex.nguyen@example.com',
    formatted_address: addresses.darwinUnknown.address,
  });
  await expect(page.getByText(/thank you/i)).toBeVisible();
  await captureStep(page, 'step1-lead-thanks');
});
