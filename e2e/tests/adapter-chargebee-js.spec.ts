import {
  startChargebee,
  DECLINED_TOKEN,
  type ChargebeeStandIn,
  CHARGEBEE_SITE,
  chargebeeEnv,
} from '@fibre/server/testing';
import {
  CHARGEBEE_JS,
  PUBLISHABLE_KEY,
  cardFrame,
  chargebeeRecord,
  expectCardFramesReady,
  fillChargebeeCard,
  serveChargebeeJs,
} from '../support/chargebee.ts';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPageName,
} from '../support/checks.ts';
import {
  acceptCharges,
  bookFirstWindow,
  cards,
  expectWelcome,
  toInstallation,
} from '../support/checkout.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { startAtInstallation } from '../support/reach.ts';
import { messages } from '@fibre/domain/shared';
import type { Wizard } from '../support/wizard.ts';

// A server of its own: its tests run in one worker, which starts it once (e2e/README.md).
test.describe.configure({ mode: 'default' });

/** The card error (docs/rules/contact-and-connection.md). */
const CARD_ERROR = 'Credit card is invalid, please check details and try again.';

// Issue 7: with CHARGEBEE_SITE and CHARGEBEE_PUBLISHABLE_KEY set, the card is typed into
// Chargebee.js's frames and billed by Chargebee. The browser side is e2e/stand-ins/chargebee.js at
// https://js.chargebee.com; the server bills the local Chargebee API stand-in.

let billing: ChargebeeStandIn;

test.use({
  serverEnv: async ({ keep }, use) => {
    billing = await keep('chargebee', async () => {
      const started = await startChargebee();
      return { value: started, close: () => started.close() };
    });
    await use({ ...chargebeeEnv(billing), CHARGEBEE_PUBLISHABLE_KEY: PUBLISHABLE_KEY });
  },
});

let paidRouter = '';
test.beforeEach(async ({ request }) => {
  paidRouter ||= routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
});

/**
 * Step 5 at Pyrmont from the wizard's saved state (support/reach.ts, e2e/README.md "Reaching a
 * step"), a window held there, then step 6 with Chargebee's frames mounted.
 */
async function toPayment(wizard: Wizard, { walk = false } = {}): Promise<void> {
  // The whole sign-up walks from the address, as a visitor does.
  if (walk) await toInstallation(wizard, addresses.pyrmont, { router: paidRouter });
  else await startAtInstallation(wizard, addresses.pyrmont, { router: paidRouter });
  await bookFirstWindow(wizard);
  await expectCardFramesReady(wizard.page);
}

/** The customers this spec's sign-ups created at Chargebee, by the token they paid with. */
function customerRequestsWith(token: string) {
  return billing.requests.filter(
    (r) =>
      r.method === 'POST' && r.path === '/api/v2/customers' && r.form.get('token_id') === token,
  );
}

test('Chargebee.js loads once from js.chargebee.com with the site and publishable key, and the card fields are its frames', async ({
  wizard,
  page,
}) => {
  const scripts = await serveChargebeeJs(page.context());
  await toPayment(wizard);

  expect(scripts).toEqual([CHARGEBEE_JS]);
  expect((await chargebeeRecord(page)).init).toEqual([
    { site: CHARGEBEE_SITE, publishableKey: PUBLISHABLE_KEY },
  ]);

  // Each field has its visible label; the typing happens in frames from js.chargebee.com.
  for (const label of ['Card number', 'Expiry', 'CVV', 'Cardholder name']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  const frames = page.frames().filter((f) => f !== page.mainFrame());
  expect(frames.map((f) => new URL(f.url()).origin)).toEqual([
    'https://js.chargebee.com',
    'https://js.chargebee.com',
    'https://js.chargebee.com',
  ]);
  // The page's own document has no card input at all: only the cardholder's name is ours.
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Expiry' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'CVV' })).toHaveCount(0);
  await expect(page.locator('input[autocomplete^="cc-"]')).toHaveCount(1);
  await expect(page.getByText(/^Test mode:/)).toHaveCount(0);
});

test("the frames' text has the form's font, size, colour and placeholder colour, and the field box its focus ring", async ({
  wizard,
  page,
}) => {
  await serveChargebeeJs(page.context());
  await toPayment(wizard);

  const name = page.getByLabel('Cardholder name', { exact: true });
  const ours = await name.evaluate((el) => {
    const s = getComputedStyle(el);
    const placeholder = getComputedStyle(el, '::placeholder').color;
    return { color: s.color, fontFamily: s.fontFamily, fontSize: s.fontSize, placeholder };
  });
  const number = cardFrame(page, 'Card number').getByRole('textbox', { name: 'Card number' });
  const theirs = await number.evaluate((el) => {
    const s = getComputedStyle(el);
    const placeholder = getComputedStyle(el, '::placeholder').color;
    return { color: s.color, fontFamily: s.fontFamily, fontSize: s.fontSize, placeholder };
  });
  expect(theirs).toEqual(ours);

  const box = page.getByRole('group', { name: 'Card number', exact: true });
  await expect(box).toHaveCSS('box-shadow', 'none');
  await number.click();
  await expect(box).not.toHaveCSS('box-shadow', 'none');
  await expectNoHorizontalScroll(page);
});

test("a whole sign-up at Pyrmont with 4111 1111 1111 1111 in Chargebee's frames ends in 'Welcome onboard!', paid with that token", async ({
  wizard,
  page,
}) => {
  await serveChargebeeJs(page.context());
  await toPayment(wizard, { walk: true });
  await fillChargebeeCard(page, { number: cards.visa, name: "Mary O'Brien" });
  await acceptCharges(wizard);
  await wizard.button('Submit').click();
  await expectWelcome(wizard);

  const { tokenize } = await chargebeeRecord(page);
  expect(tokenize).toHaveLength(1);
  expect(tokenize[0]!.additionalData).toEqual({ firstName: 'Mary', lastName: "O'Brien" });
  const token = tokenize[0]!.token!;
  expect(token).toMatch(/^cb_tok_\w+$/);
  expect(token).not.toBe(DECLINED_TOKEN);
  const [customer] = customerRequestsWith(token);
  expect(
    customer,
    'Chargebee should have been given the token as the payment source',
  ).toBeDefined();
  expect(customer!.form.get('first_name')).toBe('Mary');
});

test('an invalid card shows the card error, marks every card field and stays on Payment', async ({
  wizard,
  page,
}) => {
  await serveChargebeeJs(page.context());
  await toPayment(wizard);
  await fillChargebeeCard(page, { number: cards.notLuhn });
  await acceptCharges(wizard);
  await wizard.button('Submit').click();

  await expect(wizard.message(CARD_ERROR)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
  await expectPageName(page, 'Payment');
  const { tokenize } = await chargebeeRecord(page);
  expect(tokenize).toHaveLength(1);
  expect(tokenize[0]!.token).toBeUndefined();

  for (const label of ['Card number', 'Expiry', 'CVV']) {
    await expect(page.getByRole('group', { name: label, exact: true })).toHaveAccessibleDescription(
      new RegExp(CARD_ERROR.replace(/[.]/g, '\\.')),
    );
  }
  await expect(page.getByLabel('Cardholder name', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  // The error summary takes focus; Chargebee does not say which field is wrong, so its card link
  // is the card error, and it leads to the card number, inside Chargebee's frame
  // (docs/rules/contact-and-connection.md, "Which card field is wrong").
  await expect(wizard.errorSummary).toBeFocused();
  await wizard.summaryLink(CARD_ERROR).click();
  await expect(
    cardFrame(page, 'Card number').getByRole('textbox', { name: 'Card number' }),
  ).toBeFocused();
  await expectNoSeriousA11yViolations(page, { label: 'Payment with the card error' });
});

test('the declined card tokenises, is refused at billing and ends in "We\'re sorry!"', async ({
  wizard,
  page,
}) => {
  await serveChargebeeJs(page.context());
  await toPayment(wizard);
  await fillChargebeeCard(page, { number: cards.declined });
  await acceptCharges(wizard);
  await wizard.button('Submit').click();

  await expect(page.getByRole('heading', { name: "We're sorry!", level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  expect((await chargebeeRecord(page)).tokenize.map((t) => t.token)).toEqual([DECLINED_TOKEN]);
  expect(customerRequestsWith(DECLINED_TOKEN).length).toBeGreaterThan(0);
});

test('when Chargebee.js cannot load, Submit says the payment service was not reached, marks no field and stays on Payment', async ({
  wizard,
  page,
}) => {
  await page.context().route(CHARGEBEE_JS, (route) => route.abort());
  await startAtInstallation(wizard, addresses.pyrmont, { router: paidRouter });
  await bookFirstWindow(wizard);
  await page.getByLabel('Cardholder name', { exact: true }).fill("Mary O'Brien");
  await acceptCharges(wizard);
  await wizard.button('Submit').click();

  await expect(wizard.message(messages.paymentServiceUnreachable)).toBeVisible();
  await expect(wizard.message(CARD_ERROR)).toHaveCount(0);
  await expect(page.getByLabel('Cardholder name', { exact: true })).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectPageName(page, 'Payment');
});

test("offline at Submit, a good card in Chargebee's frames is not called invalid: the connection message, no field marked", async ({
  wizard,
  page,
}) => {
  await serveChargebeeJs(page.context());
  await toPayment(wizard);
  await fillChargebeeCard(page, { number: cards.visa });
  await acceptCharges(wizard);
  await page.context().setOffline(true);
  await wizard.button('Submit').click();

  await expect(wizard.message(messages.paymentServiceUnreachable)).toBeVisible();
  await expect(wizard.message(CARD_ERROR)).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Card number', exact: true })).not.toHaveAttribute(
    'data-invalid',
    'true',
  );
  await expectPageName(page, 'Payment');
  await page.context().setOffline(false);
});

test('the test-mode vault is not served when Chargebee is on', async ({ request }) => {
  const answer = await request.post('/api/v1/test-vault/tokens', {
    data: {
      number: '4111111111111111',
      expiry_month: 12,
      expiry_year: 2034,
      cvv: '123',
      name: "Mary O'Brien",
    },
  });
  expect(answer.status()).toBe(404);
});

test('the Payment step with Chargebee.js has no serious or critical accessibility violation', async ({
  wizard,
  page,
}) => {
  await serveChargebeeJs(page.context());
  await toPayment(wizard);
  await expectNoSeriousA11yViolations(page, { label: 'Payment with Chargebee.js' });
});
