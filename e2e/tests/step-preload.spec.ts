import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { startAtInstallation } from '../support/reach.ts';

// docs/rules/wizard-flow.md#steps: the next step's code, and the plan step's and the installation
// step's first answers, are fetched while the visitor is still on the step before, so that moving
// on waits for no download; the first screen fetches nothing of a later step until the address is
// found serviceable.

const planChunk = /\/assets\/build-plan-step-[\w-]+\.js$/;
const laterStepsChunk = /\/assets\/later-steps-[\w-]+\.js$/;
const addressStyle = /\/assets\/check-address-step-[\w-]+\.css$/;
const contactChunk = /\/assets\/contact-info-step-[\w-]+\.js$/;
const plansAnswer = /\/api\/v1\/public\/plans\?building-code=/;

test('the plan step’s code and plans are fetched once View plans is offered, and not asked for again', async ({
  wizard,
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(request.url()));
  const count = (pattern: RegExp) => asked.filter((url) => pattern.test(url)).length;

  await wizard.goto();
  await expect(wizard.addressField).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(count(planChunk), 'the first screen fetches no later step').toBe(0);
  expect(count(laterStepsChunk), 'nor the later steps’ loaders').toBe(0);
  expect(count(plansAnswer)).toBe(0);
  expect(count(addressStyle), 'the address step’s own stylesheet').toBe(1);

  const dialog = await wizard.checkAddress(addresses.pyrmont);
  await expect(dialog.getByRole('button', { name: 'View plans', exact: true })).toBeVisible();
  await expect.poll(() => count(planChunk), { message: 'the plan step’s code' }).toBe(1);
  await expect.poll(() => count(plansAnswer), { message: 'the building’s plans' }).toBe(1);
  expect(count(contactChunk), 'only the next step').toBe(0);

  // Its code here, the step is drawn at once: the placeholder ('Loading…') never shows.
  await page.evaluate(() => {
    const w = window as unknown as { placeholderShown?: boolean };
    w.placeholderShown = false;
    new MutationObserver(() => {
      const statuses = Array.from(document.querySelectorAll('[role="status"]'));
      if (statuses.some((s) => s.textContent?.includes('Loading…'))) w.placeholderShown = true;
    }).observe(document.body, { subtree: true, childList: true });
  });
  await dialog.getByRole('button', { name: 'View plans', exact: true }).click();
  await expect(wizard.card('Boost 100')).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { placeholderShown?: boolean }).placeholderShown,
    ),
    'the placeholder of a step still loading',
  ).toBe(false);
  // On the plan step, the contact step's code comes next.
  await expect.poll(() => count(contactChunk), { message: 'the contact step’s code' }).toBe(1);
  expect(count(planChunk), 'the plan step’s code, once').toBe(1);
  expect(count(plansAnswer), 'the plans, once').toBe(1);
});

test('a plan step whose early fetch failed asks again when it shows, and shows its plans', async ({
  wizard,
  page,
}) => {
  let plansAsked = 0;
  await page.route(plansAnswer, async (route) => {
    plansAsked += 1;
    return plansAsked === 1 ? route.abort('connectionreset') : route.continue();
  });
  await wizard.goto();
  const dialog = await wizard.checkAddress(addresses.pyrmont);
  await expect.poll(() => plansAsked, { message: 'the early fetch' }).toBe(1);
  await dialog.getByRole('button', { name: 'View plans', exact: true }).click();
  await expect(wizard.card('Boost 100')).toBeVisible();
  expect(plansAsked).toBe(2);
});

test('the calendar’s first months are fetched on Connection details, and Installation does not ask for them again', async ({
  wizard,
  page,
  request,
}) => {
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  const bookings: string[] = [];
  page.on('request', (r) => {
    if (/\/bookings\//.test(r.url()))
      bookings.push(new URL(r.url()).searchParams.get('from') ?? '');
  });
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  await wizard.addToCart({ router: paid });
  expect(bookings, 'nothing before Connection details').toEqual([]);
  await wizard.toConnectionDetails();
  await expect.poll(() => bookings.length, { message: 'the opening months, early' }).toBe(1);
  const opening = bookings[0];

  await wizard.field('Unit').fill('12');
  await wizard.button('Continue').click();
  await wizard.left('connection');
  await expect(page.getByRole('grid').first()).toBeVisible();
  // The month after is fetched ahead, as before; the opening months are not asked for again.
  await expect.poll(() => bookings.length).toBe(2);
  expect(bookings.filter((from) => from === opening)).toHaveLength(1);
});

test('the card fields’ code is fetched on Installation, before Continue', async ({
  wizard,
  page,
  request,
}) => {
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  const fieldsChunk = /\/assets\/test-vault-card-fields-[\w-]+\.js$/;
  let fetched = 0;
  page.on('request', (r) => {
    if (fieldsChunk.test(r.url())) fetched += 1;
  });
  await startAtInstallation(wizard, addresses.pyrmont, { router: paid, unit: '31' });
  await expect.poll(() => fetched, { message: 'the card fields, early' }).toBe(1);
});
