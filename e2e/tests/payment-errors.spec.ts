import {
  acceptCharges,
  cards,
  expectWelcome,
  fillCard,
  heldNote,
  pay,
  toPayment,
  captureFromTop,
} from '../support/checkout.ts';
import { captureStep, expectNoSeriousA11yViolations, expectPageName } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames, supportPhone } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { startAtPayment } from '../support/reach.ts';

// Issue 5, step 6 (Payment) and what it leads to at step 7: the card error and the acceptance
// messages (docs/rules/contact-and-connection.md), the failure screen (docs/rules/orders.md) and
// the coupon outcomes (docs/rules/offers-and-coupons.md). Each test holds a window on its own day
// of the shared server. Tests of Payment start on Installation from the wizard's saved state
// (support/reach.ts, e2e/README.md "Reaching a step") and hold their window there as a visitor
// does; the tests whose offer comes with the building or the link walk from the start.

const cardInvalid = 'Credit card is invalid, please check details and try again.';
const supportEmail = 'support@demofibre.example';

let paidRouter = '';
test.beforeEach(async ({ request }) => {
  paidRouter ||= routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
});

test('an invalid card shows the card error and keeps the visitor on Payment with everything they typed', async ({
  wizard,
  page,
}) => {
  await startAtPayment(wizard, addresses.pyrmont, { router: paidRouter, day: 3 });
  await acceptCharges(wizard);
  await wizard.field('Promo code').fill('NOT YET VALIDATED');

  // Each wrong card is refused with the card error; the error summary takes focus and names the
  // one wrong field, which alone is marked and described by the card error
  // (docs/rules/contact-and-connection.md, "Which card field is wrong").
  const invalid = [
    {
      why: 'not Luhn-valid',
      card: { number: cards.notLuhn },
      field: 'Card number',
      message: 'Card number is not valid',
    },
    {
      why: 'expired',
      card: { number: cards.visa, expiry: '10/26' },
      field: 'Expiry',
      message: 'This card has expired',
    },
    {
      why: 'a 2-digit CVV',
      card: { number: cards.visa, cvv: '12' },
      field: 'CVV',
      message: 'CVV must be 3 or 4 digits',
    },
  ];
  for (const { why, card, field, message } of invalid) {
    await fillCard(wizard, card);
    await wizard.button('Submit').click();
    const error = page.getByRole('alert').filter({ hasText: cardInvalid });
    await expect(error, why).toHaveText(cardInvalid);
    await expect(wizard.errorSummary, why).toBeFocused();
    await expect(wizard.summaryLink(message), why).toBeVisible();
    await expect(wizard.field(field), why).toHaveAttribute('aria-invalid', 'true');
    await expect(wizard.field(field)).toHaveAccessibleDescription(
      new RegExp(`${cardInvalid.replace(/[.,]/g, '\\$&')}`),
    );
    for (const other of ['Card number', 'Expiry', 'CVV', 'Cardholder name'].filter(
      (f) => f !== field,
    )) {
      await expect(wizard.field(other), `${why}: ${other}`).toHaveAttribute(
        'aria-invalid',
        'false',
      );
    }
    await expectPageName(page, 'Payment');
    await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
    // Nothing typed is lost: the card as typed, the agreements, the code, the held window.
    await expect(wizard.field('Card number')).toHaveValue(card.number);
    await expect(wizard.field('Cardholder name')).toHaveValue("Mary O'Brien");
    await expect(
      page.getByRole('checkbox', { name: /^I agree to a monthly charge/ }),
    ).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /terms and conditions/ })).toBeChecked();
    await expect(wizard.field('Promo code')).toHaveValue('NOT YET VALIDATED');
    await expect(heldNote(wizard)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, { label: 'step 6 with the card error' });
  await captureFromTop(page, 'step6-card-error');

  // Put right, the same page pays.
  await wizard.field('Promo code').fill('');
  await fillCard(wizard, { number: cards.visa });
  await wizard.button('Submit').click();
  await expectWelcome(wizard);
});

test('Submit without the agreements: the monthly charge with its amount, the greenfield $300 and the terms (25 Ocean Drive, Alkimos)', async ({
  wizard,
  page,
}) => {
  await startAtPayment(wizard, addresses.alkimos, { router: paidRouter, day: 1 });
  await fillCard(wizard, { number: cards.visa });
  const monthly = page.getByRole('checkbox', { name: /^I agree to a monthly charge of \$/ });
  // The amount the box names is the amount its message asks the visitor to agree to.
  const label = await monthly.evaluate((box) => (box as HTMLInputElement).labels?.[0]?.textContent);
  const amount = /^I agree to a monthly charge of \$(\d+(?:\.\d\d)?)$/.exec(label ?? '')?.[1];
  expect(amount, `the monthly charge's label: ${label}`).toBeTruthy();

  await wizard.button('Submit').click();
  const messages = [
    `Please agree to a monthly charge of $${amount}`,
    'Please agree to the New Development Charge of $300',
    'Please confirm that you have read and agree to the terms and conditions of your plan.',
  ];
  for (const message of messages) await expect(wizard.message(message)).toBeVisible();
  // The error summary takes focus and lists them; its link leads to the box.
  await expect(wizard.errorSummary).toBeFocused();
  for (const message of messages) await expect(wizard.summaryLink(message)).toBeVisible();
  await wizard.summaryLink(messages[0]!).click();
  await expect(monthly).toBeFocused();
  await expectPageName(page, 'Payment');

  // Each message goes as its box is ticked.
  await monthly.check();
  await expect(wizard.message(messages[0]!)).toHaveCount(0);
  await page
    .getByRole('checkbox', { name: 'I agree to the New Development Charge of $300' })
    .check();
  await expect(wizard.message(messages[1]!)).toHaveCount(0);
  await expect(wizard.message(messages[2]!)).toBeVisible();
  // The card was never sent while an agreement was missing: the card fields hold no error.
  await expect(page.getByRole('alert').filter({ hasText: cardInvalid })).toHaveCount(0);
});

test("a declined card: 'We're sorry!' with the billing error and the call-us text; 'Use another card' returns to Payment with the hold and the boxes; Go back returns to Installation to pay again", async ({
  wizard,
  page,
}) => {
  const booked = await startAtPayment(wizard, addresses.kellyville, { router: paidRouter, day: 2 });
  await pay(wizard, { number: cards.declined });

  await expect(page.getByRole('heading', { name: "We're sorry!", level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('alert')).toHaveText(
    'Your card was declined: insufficient funds. Please use another card.',
  );
  const callUs = page.getByText(
    `Unfortunately an error has occured with your order... Please call us on ${supportPhone} or email ${supportEmail} so that we can finalise your connection.`,
    { exact: true },
  );
  await expect(callUs).toBeVisible();
  // On a phone, one tap calls or writes.
  await expect(callUs.getByRole('link', { name: supportPhone })).toHaveAttribute(
    'href',
    'tel:1300000000',
  );
  await expect(callUs.getByRole('link', { name: supportEmail })).toHaveAttribute(
    'href',
    `mailto:${supportEmail}`,
  );
  await expect(page.getByRole('heading', { name: 'Welcome onboard!' })).toHaveCount(0);
  // Nothing was paid: the progress bar does not show Payment done.
  const progress = page.getByRole('navigation', { name: 'Progress' }).getByRole('listitem');
  await expect(progress.filter({ hasText: 'Installation' })).toContainText('(completed)');
  await expect(progress.filter({ hasText: 'Payment' })).not.toContainText('(completed)');
  await expectNoSeriousA11yViolations(page, { label: "step 7's failure screen" });
  await captureFromTop(page, 'step7-failure');

  // docs/rules/orders.md: 'Use another card' returns to Payment with the hold, the window, the
  // contact and the boxes kept; only the card is typed again (the declined token is not reused).
  await page.getByRole('button', { name: 'Use another card', exact: true }).click();
  await expectPageName(page, 'Payment');
  await expect(page.getByRole('checkbox', { name: /^I agree to a monthly charge/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /terms and conditions/ })).toBeChecked();
  await expect(wizard.field('Card number')).toHaveValue('');
  await expect(heldNote(wizard)).toHaveText(new RegExp(`${booked.window}$`));
  await expect(page.getByRole('timer')).toBeVisible();
  await fillCard(wizard, { number: cards.declined });
  await wizard.button('Submit').click();
  await expect(page.getByRole('heading', { name: "We're sorry!", level: 1 })).toBeVisible({
    timeout: 20_000,
  });

  // docs/rules/wizard-flow.md: Confirmation's Go back still goes back two steps; the window is
  // still held for the visitor.
  await wizard.button('Go back').click();
  await expectPageName(page, 'Installation');
  await expect(page.getByRole('button', { name: booked.window, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await wizard.button('Continue').click();
  await expectPageName(page, 'Payment');
  await pay(wizard, { number: cards.mastercard });
  await expectWelcome(wizard);
});

test('check your answers on a phone: each Change returns to Payment with the hold, the boxes and the code kept; an unreachable vault says so and marks no field', async ({
  wizard,
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const booked = await startAtPayment(wizard, addresses.kellyville, { router: paidRouter, day: 4 });
  await acceptCharges(wizard);
  await wizard.field('Promo code').fill('NOT YET VALIDATED');
  const answers = page.getByRole('region', { name: 'Check your answers' });
  await expect(answers).toContainText('Mary');
  await expect(answers).toContainText('mary.obrien@example.com');
  await expect(answers).toContainText('0412345678');
  await expect(answers).toContainText('Unit 12');
  await expect(answers).toContainText(booked.day);
  await expect(answers).toContainText(booked.window);
  await expect(answers).toContainText('Card');
  await expectNoSeriousA11yViolations(page, { label: "step 6's check-your-answers" });
  await captureFromTop(page, 'step6-check-answers');

  const kept = async (why: string) => {
    await expectPageName(page, 'Payment');
    await expect(
      page.getByRole('checkbox', { name: /^I agree to a monthly charge/ }),
      why,
    ).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /terms and conditions/ }), why).toBeChecked();
    await expect(wizard.field('Promo code'), why).toHaveValue('NOT YET VALIDATED');
    await expect(heldNote(wizard), why).toHaveText(new RegExp(`${booked.window}$`));
  };

  // The contact details: Contact info's Continue comes back here, the hold not let go.
  await answers.getByRole('link', { name: 'Change contact details' }).click();
  await expect(page.getByRole('heading', { name: 'Contact info', level: 1 })).toBeVisible();
  await wizard.field('First name').fill('Maria');
  await wizard.button('Continue').click();
  await kept('after changing the contact');
  await expect(answers).toContainText('Maria');

  // The unit, on Connection details; its Go back returns here unchanged, its Continue changed.
  await answers.getByRole('link', { name: 'Change unit and address' }).click();
  await expect(wizard.field('Unit')).toBeVisible();
  await wizard.field('Unit').fill('13');
  await wizard.button('Go back').click();
  await kept('after Go back from the unit');
  await expect(answers).toContainText('Unit 12');
  await answers.getByRole('link', { name: 'Change unit and address' }).click();
  await wizard.field('Unit').fill('14');
  await wizard.button('Continue').click();
  await kept('after changing the unit');
  await expect(answers).toContainText('Unit 14');

  // The browser's Back returns to the Change visit's own entry, the hold kept, then to Payment.
  await page.goBack();
  await expect(wizard.field('Unit')).toBeVisible();
  await page.goBack();
  await kept('after the browser’s Back');

  // The window, through the normal Installation step: still held and chosen.
  await answers.getByRole('link', { name: 'Change installation time' }).click();
  await expectPageName(page, 'Installation');
  await expect(page.getByRole('button', { name: booked.window, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await wizard.button('Continue').click();
  await kept('after the installation step');

  // docs/rules/contact-and-connection.md: the vault out of reach is not a bad card.
  await page.route('**/api/v1/test-vault/tokens', (route) => route.abort(), { times: 1 });
  await wizard.field('Promo code').fill('');
  await fillCard(wizard, { number: cards.visa });
  await wizard.button('Submit').click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'We could not reach our payment service.' }),
  ).toHaveText(
    'We could not reach our payment service. Check your connection and press Submit again. You have not been charged.',
  );
  await expect(page.getByText(cardInvalid)).toHaveCount(0);
  for (const field of ['Card number', 'Expiry', 'CVV', 'Cardholder name']) {
    await expect(wizard.field(field), field).toHaveAttribute('aria-invalid', 'false');
  }
  await expectNoSeriousA11yViolations(page, { label: 'step 6 with the vault out of reach' });
  await wizard.button('Submit').click();
  await expectWelcome(wizard);
});

test("a code whose offer conflicts with the building's campaign opens 'Confirm Offer'; each choice does what it says; a bad code is 'Coupon is invalid' with 'Try again'", async ({
  wizard,
  page,
}) => {
  await toPayment(wizard, addresses.adelaide, { router: paidRouter, day: 1 });
  const summary = page.getByRole('region', { name: 'Your order' });
  await expect(summary).toContainText(/2 months free/i);
  const code = wizard.field('Promo code');

  // A bad code.
  await code.fill('NOSUCHCODE');
  await wizard.button('Validate').click();
  await expect(wizard.message('Coupon is invalid')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await wizard.button('Try again').click();
  await expect(wizard.message('Coupon is invalid')).toHaveCount(0);
  await expect(code).toHaveValue('');
  await expect(code).toBeFocused();

  // WWOMF (one month free) against the campaign's two: keep the current offer.
  await code.fill('WWOMF');
  await wizard.button('Validate').click();
  const dialog = wizard.dialogWithHeading('Confirm Offer');
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: "the 'Confirm Offer' dialog" });
  await captureStep(page, 'step6-confirm-offer-dialog');
  await dialog.getByRole('button', { name: /^Keep my current offer/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'current offer' })).toContainText(
    /2 months free/i,
  );
  await expect(summary).toContainText(/2 months free/i);

  // Again, and this time take the code's offer.
  await wizard.button('Validate').click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^Use WWOMF/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'WWOMF' })).toContainText('applied');
  await expect(summary).toContainText(/1 month free/i);
  await expect(summary).not.toContainText(/2 months free/i);
});

for (const { offer, query, day } of [
  { offer: 'move-in', query: { moveIn: '1' }, day: 4 },
  { offer: 'referral', query: { referralCode: 'FRIEND2024' }, day: 5 },
]) {
  test(`the code field is hidden while a ${offer} offer is active (?${new URLSearchParams(query).toString()})`, async ({
    wizard,
    page,
  }) => {
    await toPayment(wizard, addresses.pyrmont, { router: paidRouter, day, query });
    await expect(page.getByRole('region', { name: 'Your order' })).toContainText(
      new RegExp(offer, 'i'),
    );
    await expect(wizard.field('Card number')).toBeVisible();
    await expect(wizard.field('Promo code')).toHaveCount(0);
    await expect(wizard.button('Validate')).toHaveCount(0);
  });
}
