import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectPageName } from '../support/checks.ts';
import { addresses, supportPhone } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { serveStandIn } from '../support/third-party.ts';

// A server of its own: its tests run in one worker, which starts it once (e2e/README.md).
test.describe.configure({ mode: 'default' });

// Issue 7: with MAPS_API_KEY set, step 1's autocomplete is Google Places (decision 005), loaded
// from Google's real script URL, answered here by e2e/stand-ins/google-maps.js.

const MAPS_KEY = 'test-maps-browser-key';
const MAPS_SCRIPT = 'https://maps.googleapis.com/maps/api/js*';
const FIELDS = ['addressComponents', 'formattedAddress', 'id'];
const unavailable = new RegExp(
  `Address search isn’t working right now\\. Please refresh the page to try again, or call us on ${supportPhone}\\.`,
);

test.use({ serverEnv: { MAPS_API_KEY: MAPS_KEY } });

interface Call {
  method: 'fetchAutocompleteSuggestions' | 'fetchFields' | 'importLibrary';
  input?: string;
  includedRegionCodes?: string[] | null;
  sessionToken?: string | null;
  placeId?: string;
  fields?: string[];
}

const calls = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __googleMapsStandIn?: { calls: Call[] } }).__googleMapsStandIn
        ?.calls ?? [],
  );
const suggestionCalls = async (page: Page) =>
  (await calls(page)).filter((c) => c.method === 'fetchAutocompleteSuggestions');
const detailCalls = async (page: Page) =>
  (await calls(page)).filter((c) => c.method === 'fetchFields');

/** The wizard's own chunk holding the Google adapter (built from google-places-address-search.ts). */
const googleChunk = /\/assets\/google-places-address-search-[\w-]+\.js$/;

function recordGoogleChunk(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (googleChunk.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

/** Requests the wizard makes to the embedded address index (it must make none here). */
function recordEmbeddedSearches(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/public/addresses')) {
      seen.push(request.url());
    }
  });
  return seen;
}

test('loads the script once with the key and places library; AU only; one session token per typing session; exactly three fields', async ({
  wizard,
  page,
}) => {
  const scripts = await serveStandIn(page.context(), MAPS_SCRIPT, 'google-maps.js');
  const embedded = recordEmbeddedSearches(page);
  const chunks = recordGoogleChunk(page);
  await wizard.goto();

  // One typing session over several keystrokes, then a choice.
  await wizard.addressField.fill('100 Har');
  const pyrmont = page.getByRole('option', { name: addresses.pyrmont.address });
  await expect(pyrmont).toBeVisible();
  await expect(page.getByText('Google Maps', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'Google suggestions open' });
  await wizard.addressField.pressSequentially('ris');
  // The wizard asks once the typing pauses: wait for the call of what was typed last, not for any
  // second call (one for '100 Harr' came before it, and a click then ended the session early).
  await expect
    .poll(async () => (await suggestionCalls(page)).map((c) => c.input))
    .toContain('100 Harris');
  await expect(pyrmont).toBeVisible();
  await pyrmont.click();
  await expect.poll(async () => (await detailCalls(page)).length).toBe(1);
  await expect(wizard.addressField).toHaveValue(addresses.pyrmont.address);

  // A new session for the next address.
  const firstSession = (await suggestionCalls(page)).length;
  await wizard.addressField.fill('10 Smith');
  const darwin = page.getByRole('option', { name: addresses.darwinUnknown.address });
  await darwin.click();
  await expect.poll(async () => (await detailCalls(page)).length).toBe(2);

  expect(scripts).toHaveLength(1);
  const script = new URL(scripts[0]!);
  expect(script.origin + script.pathname).toBe('https://maps.googleapis.com/maps/api/js');
  expect(script.searchParams.get('key')).toBe(MAPS_KEY);
  expect(script.searchParams.get('libraries')?.split(',')).toContain('places');
  expect(script.searchParams.get('loading')).toBe('async');
  expect(script.searchParams.get('callback')).toBeTruthy();

  const suggestions = await suggestionCalls(page);
  const details = await detailCalls(page);
  for (const call of suggestions) expect(call.includedRegionCodes).toEqual(['au']);

  const first = suggestions.slice(0, firstSession);
  const second = suggestions.slice(firstSession);
  const [token] = first.map((c) => c.sessionToken);
  expect(token).toMatch(/^token-/);
  expect(first.map((c) => c.sessionToken)).toEqual(first.map(() => token));
  expect(first.map((c) => c.input)).toContain('100 Harris');
  expect(details[0]).toMatchObject({ placeId: 'ChIJ-demo-pyrmont', sessionToken: token });

  const next = second[0]!.sessionToken;
  expect(next).toMatch(/^token-/);
  expect(next).not.toBe(token);
  expect(second.map((c) => c.sessionToken)).toEqual(second.map(() => next));
  expect(details[1]).toMatchObject({ placeId: 'ChIJ-demo-darwin-10', sessionToken: next });

  for (const call of details) expect([...call.fields!].sort()).toEqual(FIELDS);
  expect(embedded).toEqual([]);
  expect(chunks).toHaveLength(1);
});

test("choosing '100 Harris Street, Pyrmont NSW 2009' leads to Great News! and on to the plans", async ({
  wizard,
  page,
}) => {
  await serveStandIn(page.context(), MAPS_SCRIPT, 'google-maps.js');
  const embedded = recordEmbeddedSearches(page);
  await wizard.goto();
  const dialog = await wizard.checkAddress(addresses.pyrmont);
  await expect(wizard.dialogWithHeading('Great News!')).toBeVisible();
  await dialog.getByRole('button', { name: 'View plans', exact: true }).click();
  await expectPageName(page, 'Build Plan');
  await expect(wizard.button('Add to cart')).toBeVisible();
  expect(embedded).toEqual([]);
});

test("choosing '10 Smith Street, Darwin City NT 0800' leads to We are sorry!", async ({
  wizard,
  page,
}) => {
  await serveStandIn(page.context(), MAPS_SCRIPT, 'google-maps.js');
  const embedded = recordEmbeddedSearches(page);
  await wizard.goto();
  await wizard.checkAddress(addresses.darwinUnknown);
  await expect(wizard.dialogWithHeading('We are sorry!')).toBeVisible();
  expect(embedded).toEqual([]);
});

test('a script that fails to load leaves a usable page with a clear message, tried once', async ({
  wizard,
  page,
}) => {
  const attempts: string[] = [];
  await page.context().route(MAPS_SCRIPT, async (route) => {
    attempts.push(route.request().url());
    await route.abort('connectionfailed');
  });
  const embedded = recordEmbeddedSearches(page);
  await wizard.goto();

  await wizard.addressField.fill('100 Harris');
  await expect(page.getByRole('alert')).toHaveText(unavailable);
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(wizard.addressField).toHaveAccessibleDescription(unavailable);

  // Still a working field and form: typing goes on, Submit explains, the message stays.
  await wizard.addressField.fill('100 Harris Street Pyrmont');
  await expect(wizard.addressField).toHaveValue('100 Harris Street Pyrmont');
  await expect(page.getByRole('alert')).toHaveText(unavailable);
  await wizard.button('Submit').click();
  await expect(
    page.getByText('Please choose your address from the list of suggestions.'),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(unavailable);
  await expectNoSeriousA11yViolations(page, { label: 'maps script failed' });

  expect(attempts).toHaveLength(1);
  expect(embedded).toEqual([]);
});

test('a refused suggestion request (quota, key) says so, and the next keystroke recovers', async ({
  wizard,
  page,
}) => {
  await serveStandIn(page.context(), MAPS_SCRIPT, 'google-maps.js');
  await page.addInitScript(() => {
    (window as unknown as { __googleMapsStandIn: unknown }).__googleMapsStandIn = {
      calls: [],
      failNext: 'OVER_QUERY_LIMIT',
    };
  });
  await wizard.goto();

  await wizard.addressField.fill('100 Harris');
  await expect(page.getByRole('alert')).toHaveText(unavailable);
  await expect(page.getByText(/No matching addresses/)).toHaveCount(0);

  await wizard.addressField.pressSequentially(' St');
  await expect(page.getByRole('option', { name: addresses.pyrmont.address })).toBeVisible();
  await expect(page.getByText(unavailable)).toHaveCount(0);
});
