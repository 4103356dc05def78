import { acceptCharges, cards, fillCard, toPayment } from '../support/checkout.ts';
import { expectNoSeriousA11yViolations, expectPageName } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import type { Wizard } from '../support/wizard.ts';

// Issue 31, item 5: the error summary on Contact info and Payment (docs/rules/
// contact-and-connection.md, "The error summary" and "Which card field is wrong"). Each payment
// test holds a window on its own day of the shared server.

const cardInvalid = 'Credit card is invalid, please check details and try again.';
const cardFieldLabels = ['Card number', 'Expiry', 'CVV', 'Cardholder name'];

let paidRouter = '';
test.beforeEach(async ({ request }) => {
  paidRouter ||= routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
});

/** The card fields marked invalid, by label. */
async function invalidCardFields(wizard: Wizard): Promise<string[]> {
  const marked: string[] = [];
  for (const label of cardFieldLabels) {
    if ((await wizard.field(label).getAttribute('aria-invalid')) === 'true') marked.push(label);
  }
  return marked;
}

test('contact: several wrong fields at once are each listed in the summary, which takes focus; a link focuses its field', async ({
  wizard,
  page,
}) => {
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  await wizard.addToCart({ router: paidRouter });
  await wizard.fillContact({ firstName: 'M', email: 'x', mobile: '1' });
  await wizard.button('Continue').click();

  const messages = [
    'should contain at least two letters',
    'Last name is required',
    'Please enter correct email address e.g. name@example.com',
    'Email confirmation is required',
    'Please enter your mobile number as 04123456789 or +61412345678',
    'Please let us know how you heard about us',
  ];
  const summary = wizard.errorSummary;
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(summary.getByRole('link')).toHaveText(messages);
  // At the top of the form: above its first field.
  const [box, first] = [
    await summary.boundingBox(),
    await wizard.field('First name').boundingBox(),
  ];
  expect(box!.y).toBeLessThan(first!.y);
  // Each field keeps its own message beside it.
  for (const message of messages) await expect(wizard.message(message)).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'step 3 with the error summary' });

  await wizard.summaryLink(messages[4]!).click();
  await expect(wizard.field('Mobile')).toBeFocused();
  await wizard.summaryLink(messages[5]!).click();
  await expect(wizard.howDidYouHearField).toBeFocused();

  // Put right, a field leaves the summary; the last one takes the summary with it.
  await wizard.field('Mobile').fill('0412 345 678');
  await expect(wizard.summaryLink(messages[4]!)).toHaveCount(0);
  await expect(summary.getByRole('link')).toHaveCount(5);
});

test('payment, everything empty: the summary at the top lists every card field and agreement, and takes focus', async ({
  wizard,
  page,
}) => {
  await toPayment(wizard, addresses.southbank, { router: paidRouter, day: 8 });
  await expect(wizard.field('Card number')).toBeVisible();
  await wizard.button('Submit').click();

  const summary = wizard.errorSummary;
  await expect(summary).toBeFocused();
  const links = summary.getByRole('link');
  await expect(links).toHaveText([
    'Card number is required',
    'Expiry is required',
    'CVV is required',
    'Cardholder name is required',
    /^Please agree to a monthly charge of \$\d+(\.\d\d)?$/,
    'Please confirm that you have read and agree to the terms and conditions of your plan.',
  ]);
  // At the top: above the card.
  const [box, card] = [
    await summary.boundingBox(),
    await wizard.field('Card number').boundingBox(),
  ];
  expect(box!.y).toBeLessThan(card!.y);
  // The card error as the rules word it, and the agreements' own messages.
  await expect(page.getByRole('alert').filter({ hasText: cardInvalid })).toHaveText(cardInvalid);
  await expect(
    wizard.message(
      'Please confirm that you have read and agree to the terms and conditions of your plan.',
    ),
  ).toBeVisible();
  expect(await invalidCardFields(wizard)).toEqual(cardFieldLabels);
  await expectNoSeriousA11yViolations(page, { label: 'step 6 with everything empty' });

  await wizard.summaryLink('Expiry is required').click();
  await expect(wizard.field('Expiry')).toBeFocused();
  await links.last().click();
  await expect(page.getByRole('checkbox', { name: /terms and conditions/ })).toBeFocused();
  await expectPageName(page, 'Payment');
});

test('payment, a card with one wrong field: only that field is marked', async ({
  wizard,
  page,
}) => {
  await toPayment(wizard, addresses.southbank, { router: paidRouter, day: 9 });
  await acceptCharges(wizard);
  await fillCard(wizard, { number: cards.notLuhn });
  await wizard.button('Submit').click();

  await expect(wizard.errorSummary).toBeFocused();
  await expect(wizard.errorSummary.getByRole('link')).toHaveText(['Card number is not valid']);
  await expect(page.getByRole('alert').filter({ hasText: cardInvalid })).toHaveText(cardInvalid);
  expect(await invalidCardFields(wizard)).toEqual(['Card number']);
  await expect(wizard.message('Card number is not valid')).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'step 6 with one wrong card field' });
  await wizard.summaryLink('Card number is not valid').click();
  await expect(wizard.field('Card number')).toBeFocused();
});

test('payment, an expired card: Expiry alone is marked, with its own message', async ({
  wizard,
  page,
}) => {
  await toPayment(wizard, addresses.southbank, { router: paidRouter, day: 10 });
  await acceptCharges(wizard);
  await fillCard(wizard, { number: cards.visa, expiry: '01/20' });
  await wizard.button('Submit').click();

  await expect(wizard.errorSummary).toBeFocused();
  await expect(wizard.errorSummary.getByRole('link')).toHaveText(['This card has expired']);
  await expect(page.getByRole('alert').filter({ hasText: cardInvalid })).toHaveText(cardInvalid);
  expect(await invalidCardFields(wizard)).toEqual(['Expiry']);
  await expect(wizard.field('Expiry')).toHaveAccessibleDescription(/This card has expired/);
  await expectNoSeriousA11yViolations(page, { label: 'step 6 with an expired card' });
});
