import { bookFirstWindow, expectWelcome, pay, toInstallation } from '../support/checkout.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { recordForeignRequests } from '../support/third-party.ts';

// Issue 7: with no keys set, every part is embedded, so a visitor's browser talks to nobody but
// the product itself: no maps, card, forms, tag-manager or error-reporting origin, no web font.

test('a whole sign-up with no keys set makes no request outside our own origin', async ({
  wizard,
  page,
  request,
  server,
}) => {
  const foreign = recordForeignRequests(page.context(), server.baseURL);
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);

  await toInstallation(wizard, addresses.pyrmont, { router: paid });
  await bookFirstWindow(wizard);
  await pay(wizard);
  await expectWelcome(wizard);

  const config = (await (await request.get('/api/v1/public/config')).json()) as {
    adapters: Record<string, string>;
    services: Record<string, unknown>;
  };
  expect(config.adapters).toEqual({
    addressSearch: 'embedded',
    cardTokeniser: 'test-vault',
    leadForm: 'embedded',
  });
  expect(config.services).toEqual({});
  expect(foreign).toEqual([]);
});

test('checking an unserved address and leaving details makes no request outside our origin', async ({
  wizard,
  page,
  server,
}) => {
  const foreign = recordForeignRequests(page.context(), server.baseURL);
  await wizard.goto();
  const dialog = await wizard.checkAddress(addresses.darwinUnknown);
  await dialog.getByRole('button', { name: 'Register your address', exact: true }).click();
  await wizard.field('First name').fill('Alex');
  await wizard.field('Last name').fill('Nguyen');
  await wizard.field('Email').fill('alex.nguyen@example.com');
  const form = page.locator('form').filter({ has: wizard.field('First name') });
  await form.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText(/thank you/i)).toBeVisible();
  expect(foreign).toEqual([]);
});
