import { addresses } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { serveStandIn } from '../support/third-party.ts';

// Issue 7 / decision 005: with no MAPS_API_KEY (the shared default server) the embedded index
// answers, and the Google Places adapter stays out of the page: its chunk (dynamically imported)
// and Google's script are never fetched, and no Google attribution shows. The same chunk
// pattern is seen being fetched in adapter-google-places.spec.ts, so this is not vacuous.

const googleChunk = /\/assets\/google-places-address-search-[\w-]+\.js$/;

test('with no maps key neither the Google adapter chunk nor Google’s script loads', async ({
  wizard,
  page,
}) => {
  const scripts = await serveStandIn(
    page.context(),
    'https://maps.googleapis.com/maps/api/js*',
    'google-maps.js',
  );
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (googleChunk.test(new URL(request.url()).pathname)) chunks.push(request.url());
  });
  await wizard.goto();
  await wizard.addressField.fill(addresses.pyrmont.typed);
  await expect(page.getByRole('option', { name: addresses.pyrmont.address })).toBeVisible();
  await expect(page.getByText('Google Maps', { exact: true })).toHaveCount(0);
  expect(chunks).toEqual([]);
  expect(scripts).toEqual([]);
});
