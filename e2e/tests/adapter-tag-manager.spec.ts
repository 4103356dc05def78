import { dataLayerPageNames } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { serveStandIn } from '../support/third-party.ts';

// Issue 7: with GTM_ID set, the tag-manager container loads through Google's nonce-aware snippet
// under our CSP (no 'unsafe-inline'), its tags run with the nonce, and the wizard's data-layer
// pushes are unchanged. The container is a stand-in served at Google's URL (e2e/stand-ins/gtm.js).

const GTM_ID = 'GTM-E2E123';
test.use({ serverEnv: { GTM_ID } });

interface StandInRecord {
  id: string;
  nonce: string;
  events: Record<string, unknown>[];
  noncedTagRan: boolean;
  unnoncedTagRan: boolean;
}

test('the container loads with the page nonce, its tags run, and page names are pushed as before', async ({
  wizard,
  page,
  request,
}) => {
  const requested = await serveStandIn(
    page.context(),
    'https://www.googletagmanager.com/gtm.js?**',
    'gtm.js',
  );
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });

  const response = await page.goto('/');
  const csp = (await response!.headerValue('content-security-policy')) ?? '';
  const headerNonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(headerNonce).toBeTruthy();

  await expect.poll(() => page.evaluate(() => '__gtmStandIn' in window)).toBe(true);
  expect(requested).toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`]);
  const record = () =>
    page.evaluate(() => (window as unknown as { __gtmStandIn: StandInRecord }).__gtmStandIn);
  const loaded = await record();
  expect(loaded.id).toBe(GTM_ID);
  // The nonce reached the container through the snippet, and it is the header's nonce.
  expect(loaded.nonce).toBe(headerNonce);
  await expect.poll(async () => (await record()).noncedTagRan).toBe(true);
  // The CSP is enforced: a tag without the nonce is blocked, and that is the only violation.
  expect(loaded.unnoncedTagRan).toBe(false);
  const violations = await page.evaluate(
    () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
  );
  expect(violations).toEqual(['script-src-elem inline']);

  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  await wizard.toPlans(addresses.pyrmont);
  await wizard.addToCart({ router: paid });

  const names = ['Check Address', 'Build Plan', 'Connection Details'];
  expect(await dataLayerPageNames(page)).toEqual(names);
  // The container saw its start event first, then each page view as it was pushed.
  const events = (await record()).events;
  expect(events[0]).toMatchObject({ event: 'gtm.js' });
  expect(events.filter((e) => e.event === 'pageview').map((e) => e.page)).toEqual(names);
});
