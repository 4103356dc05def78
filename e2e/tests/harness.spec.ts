import { readdirSync, readFileSync } from 'node:fs';
import { dataLayerPageNames } from '../support/checks.ts';
import { addresses } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { phrase, Wizard } from '../support/wizard.ts';

// The harness itself: the real server is up on a fresh database, the browser runs far from
// Australia in en-AU, and what the step specs type finds the demo buildings.

test('the real server is healthy and ready', async ({ request }) => {
  expect((await request.get('/healthz')).ok()).toBe(true);
  expect((await request.get('/readyz')).ok()).toBe(true);
});

test('the browser runs in en-AU, in a time zone that is not Australian', async ({ page }) => {
  await page.goto('/healthz');
  const { locale, timeZone } = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions());
  expect(locale).toBe('en-AU');
  expect(timeZone).toBe('America/New_York');
});

for (const [key, demo] of Object.entries(addresses)) {
  test(`the autocomplete offers ${key} for '${demo.typed}'`, async ({ request }) => {
    const res = await request.get('/api/v1/public/addresses', { params: { q: demo.typed } });
    expect(res.ok()).toBe(true);
    const { predictions } = (await res.json()) as { predictions: { description: string }[] };
    expect(predictions.map((p) => p.description)).toContain(demo.address);
  });
}

test('a card reads as selected through aria-pressed, aria-checked or checked', async ({ page }) => {
  await page.setContent(`
    <button aria-pressed="true">A</button>
    <button aria-pressed="false">B</button>
    <div role="radio" aria-checked="true" tabindex="0">C</div>
    <input type="radio" checked aria-label="D" />
    <input type="checkbox" aria-label="E" />
    <button>F</button>`);
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  expect(await Wizard.isSelected(button('A'))).toBe(true);
  expect(await Wizard.isSelected(button('B'))).toBe(false);
  expect(await Wizard.isSelected(page.getByRole('radio', { name: 'C' }))).toBe(true);
  expect(await Wizard.isSelected(page.getByRole('radio', { name: 'D' }))).toBe(true);
  expect(await Wizard.isSelected(page.getByRole('checkbox', { name: 'E' }))).toBe(false);
  expect(await Wizard.isSelected(button('F'))).toBeNull();
});

test('a card name matches as a whole phrase', () => {
  expect(phrase('Boost 100').test('Boost 100 100Mbps $79.00 per month')).toBe(true);
  expect(phrase('Boost 100').test('Select Boost 100')).toBe(true);
  expect(phrase('Boost 100').test('Boost 1000')).toBe(false);
});

test('page names are read from window.dataLayer whatever key they travel under', async ({
  page,
}) => {
  await page.setContent(`<script>
    window.dataLayer = [
      { 'gtm.start': 1, event: 'gtm.js' },
      { event: 'pageview', page: { name: 'Check Address' } },
      { event: 'virtualPageView', pageName: 'Build Plan' },
      ['event', 'page_view', { page_title: 'Connection Details' }],
    ];
  </script>`);
  expect(await dataLayerPageNames(page)).toEqual([
    'Check Address',
    'Build Plan',
    'Connection Details',
  ]);
});

test('every spec shares one worker setup: no fixture is worker-scoped but the one that keeps servers', () => {
  // e2e/README.md, "Servers of a spec's own": a worker-scoped fixture or option anywhere else would
  // make Playwright restart a worker (and its Chromium) for the specs that use it.
  const root = new URL('../', import.meta.url);
  const files = ['support', 'tests'].flatMap((dir) =>
    readdirSync(new URL(`${dir}/`, root))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `${dir}/${name}`),
  );
  const worker = files.filter((file) =>
    /scope:\s*'worker'/.test(
      readFileSync(new URL(file, root), 'utf8').replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, ''),
    ),
  );
  expect(worker).toEqual(['support/fixtures.ts']);
});
