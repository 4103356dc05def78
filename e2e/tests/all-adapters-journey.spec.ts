import {
  startArrivy,
  type ArrivyStandIn,
  startChargebee,
  type ChargebeeStandIn,
  arrivyEnv,
  chargebeeEnv,
  rollbarEnv,
  startRollbar,
} from '@fibre/server/testing';
import {
  PUBLISHABLE_KEY,
  expectCardFramesReady,
  fillChargebeeCard,
  serveChargebeeJs,
} from '../support/chargebee.ts';
import { dataLayerPageNames } from '../support/checks.ts';
import {
  acceptCharges,
  bookFirstWindow,
  cards,
  expectWelcome,
  toInstallation,
} from '../support/checkout.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { recordForeignRequests, serveStandIn } from '../support/third-party.ts';
import type { RollbarStandIn } from '../support/rollbar.ts';
import type { Page } from '@playwright/test';

// A server of its own: its tests run in one worker, which starts it once (e2e/README.md).
test.describe.configure({ mode: 'default' });

// Issue 7: every real part switched on by configuration alone, each against its local stand-in:
// Google Places, Chargebee.js and Chargebee billing, Arrivy, HubSpot, the tag manager and Rollbar
// (production). A visitor signs up, and another leaves their details, as with the embedded parts.

let billing: ChargebeeStandIn;
let arrivy: ArrivyStandIn;
let rollbar: RollbarStandIn;

test.use({
  serverEnv: async ({ keep }, use) => {
    [billing, arrivy, rollbar] = await keep('stand-ins', async () => {
      const started = await Promise.all([startChargebee(), startArrivy(), startRollbar()]);
      return {
        value: started,
        close: async () => void (await Promise.all(started.map((s) => s.close()))),
      };
    });
    await use({
      MAPS_API_KEY: 'test-maps-browser-key',
      ...chargebeeEnv(billing),
      CHARGEBEE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      ...arrivyEnv(arrivy),
      HUBSPOT_PORTAL_ID: '24681357',
      HUBSPOT_FORM_ID: '3f5c696e-313e-4349-8e9f-a12679bb9ece',
      GTM_ID: 'GTM-E2E123',
      ...rollbarEnv(rollbar),
    });
  },
});

/** Google Maps, Chargebee.js, HubSpot forms and the tag manager, at their real URLs. */
async function serveBrowserStandIns(page: Page): Promise<void> {
  const context = page.context();
  await serveStandIn(context, 'https://maps.googleapis.com/maps/api/js*', 'google-maps.js');
  await serveChargebeeJs(context);
  await serveStandIn(context, 'https://js.hsforms.net/forms/embed/v2.js', 'hubspot-forms.js');
  await serveStandIn(context, 'https://www.googletagmanager.com/gtm.js?**', 'gtm.js');
}

/** The origins a page may talk to with every service on: ours and the services'. */
function allowedOrigins(baseURL: string): Set<string> {
  return new Set([
    new URL(baseURL).origin,
    'https://maps.googleapis.com',
    'https://js.chargebee.com',
    'https://js.hsforms.net',
    'https://www.googletagmanager.com',
    new URL(rollbar.endpoint).origin,
  ]);
}

const originsOf = (requests: string[]) => [
  ...new Set(requests.map((r) => new URL(r.split(' ')[1]!).origin)),
];

test('a whole sign-up with every real part on, against the stand-ins', async ({
  wizard,
  page,
  request,
  server,
}) => {
  const config = (await (await request.get('/api/v1/public/config')).json()) as {
    adapters: Record<string, string>;
  };
  expect(config.adapters).toEqual({
    addressSearch: 'google-places',
    cardTokeniser: 'chargebee',
    leadForm: 'hubspot',
  });
  await serveBrowserStandIns(page);
  const foreign = recordForeignRequests(page.context(), server.baseURL);
  const embeddedSearches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/public/addresses')) embeddedSearches.push(r.url());
  });
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);

  // Step 1 through Google Places, steps 5 and 6 on Arrivy's calendar and in Chargebee's frames.
  await toInstallation(wizard, addresses.pyrmont, { router: paid });
  await bookFirstWindow(wizard);
  await expectCardFramesReady(page);
  await fillChargebeeCard(page, { number: cards.visa });
  await acceptCharges(wizard);
  await wizard.button('Submit').click();
  await expectWelcome(wizard);

  expect(embeddedSearches).toEqual([]);
  // Billed at Chargebee with the token its fields gave, and the installer task made at Arrivy.
  const customers = billing.requests.filter(
    (r) => r.method === 'POST' && r.path === '/api/v2/customers',
  );
  expect(customers).toHaveLength(1);
  const orderId = customers[0]!.form.get('id');
  expect(customers[0]!.form.get('token_id')).toMatch(/^cb_tok_/);
  expect(arrivy.tasks.map((t) => t.external_id)).toEqual([orderId]);
  // The tag manager saw every page of the journey; nothing went wrong worth reporting.
  // (Steps 3 and 4 both push 'Connection Details', as without the tag manager: journey.spec.ts.)
  expect(await dataLayerPageNames(page)).toEqual([
    'Check Address',
    'Build Plan',
    'Connection Details',
    'Connection Details',
    'Installation',
    'Payment',
    'Confirm Order',
    'Paid',
  ]);
  expect(rollbar.requests).toEqual([]);
  const allowed = allowedOrigins(server.baseURL);
  expect(originsOf(foreign).filter((o) => !allowed.has(o))).toEqual([]);
});

test('an unserved address leaves its details through the HubSpot form', async ({
  wizard,
  page,
  server,
}) => {
  await serveBrowserStandIns(page);
  const foreign = recordForeignRequests(page.context(), server.baseURL);
  await wizard.goto();
  const dialog = await wizard.checkAddress(addresses.darwinUnknown);
  await expect(wizard.dialogWithHeading('We are sorry!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Register your address', exact: true }).click();

  const stored = page.waitForResponse(
    (res) => res.url().endsWith('/api/v1/public/leads') && res.request().method() === 'POST',
  );
  await dialog.getByLabel(/^First name/).fill('Alex');
  await dialog.getByLabel(/^Last name/).fill('Nguyen');
  await dialog.getByLabel(/^Email/).fill('alex.nguyen@example.com');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  expect((await stored).status()).toBe(201);
  await expect(page.getByText(/thank you/i)).toBeVisible();

  const allowed = allowedOrigins(server.baseURL);
  expect(originsOf(foreign).filter((o) => !allowed.has(o))).toEqual([]);
  expect(originsOf(foreign)).toContain('https://js.hsforms.net');
});
