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

// Issue 5, step 6 (Payment) and what it leads to at step 7: the card error and the acceptance
// messages (docs/rules/contact-and-connection.md), the failure screen (docs/rules/orders.md) and
// the coupon outcomes (docs/rules/offers-and-coupons.md). Each test holds a window on its own day
// of the shared server.

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
  await toPayment(wizard, addresses.pyrmont, { router: paidRouter, day: 3 });
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
  await toPayment(wizard, addresses.alkimos, { router: paidRouter, day: 1 });
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

test("a declined card: 'We're sorry!' with the billing error and the call-us text; Go back returns to Installation to pay again", async ({
  wizard,
  page,
}) => {
  const booked = await toPayment(wizard, addresses.kellyville, { router: paidRouter, day: 2 });
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
  await expectNoSeriousA11yViolations(page, { label: "step 7's failure screen" });
  await captureFromTop(page, 'step7-failure');

  // docs/rules/wizard-flow.md: Confirmation goes back two steps; the window is still held for the
  // visitor.
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
