import type { Request } from '@playwright/test';
import { addresses } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Issue 28, item 7 (docs/decisions/010-limits.md): a step's chunk that fails to load (the network
// dropped it, or the server refused it) is asked for once more before the step says 'This part of
// the page did not load' (apps/web/src/shared/lazy/lazy-with-retry.ts).

const notLoaded = 'This part of the page did not load';
const planChunk = /\/assets\/build-plan-step-[\w-]+\.js$/;
const planStyle = /\/assets\/build-plan-step-[\w-]+\.css$/;
/** The import's own request comes from the script that imports it; the preload hint's, from the page. */
const isImport = (request: Request) => /\.js$/.test(request.headers()['referer'] ?? '');

test('a step whose chunk fails to load once is asked for again, and Build your plan shows its plans', async ({
  wizard,
  page,
}) => {
  // Each try of the build's loader hints the chunk (modulepreload), waits for the step's
  // stylesheet, then imports the chunk. The hint fails, and the stylesheet waits until it has:
  // then the first try's import asks for the chunk itself, and that request fails too.
  let hintFailed!: () => void;
  const hinted = new Promise<void>((resolve) => (hintFailed = resolve));
  page.on('requestfailed', (request) => {
    if (planChunk.test(request.url()) && !isImport(request)) hintFailed();
  });
  let imports = 0;
  await page.route(planChunk, async (route) => {
    if (!isImport(route.request())) return route.abort('connectionreset');
    imports += 1;
    return imports === 1 ? route.abort('connectionreset') : route.continue();
  });
  await page.route(planStyle, async (route) => {
    await hinted;
    await route.continue();
  });

  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  await expect(wizard.card('Boost 100')).toBeVisible();
  await expect(page.getByText(notLoaded)).toHaveCount(0);
  expect(imports, 'the first try failed, the second loaded').toBe(2);
});
