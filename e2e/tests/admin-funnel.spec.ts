import { readFileSync } from 'node:fs';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  captureStep,
} from '../support/checks.ts';
import { bookFirstWindow, expectWelcome, pay, toInstallation } from '../support/checkout.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { Wizard } from '../support/wizard.ts';

// Issue 34, the funnel (docs/rules/funnel.md): the wizard reports each step reached, and the
// console's Funnel page shows the arrivals per step and the drop-off, and exports them as CSV.

// A server of this spec's own, so the counts are exactly this spec's journeys.
test.use({ serverEnv: { ADDRESS_INDEX_SIZE: '2000' } });
test.describe.configure({ mode: 'default', timeout: 180_000 });

const manager = { email: 'funnel.manager@example.com', password: 'a long enough password' };

/** The one-time setup code the server printed at start (docs/rules/operators.md#the-first-manager). */
async function printedCode(logFile: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      code = /^ {2}([A-Z2-9]{4}(?:-[A-Z2-9]{4}){3})$/m.exec(readFileSync(logFile, 'utf8'))?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

const utcToday = () => new Date().toISOString().slice(0, 10);

test('the console shows the steps of the journeys just made, and the CSV has the same figures', async ({
  browser,
  baseURL,
  page,
  server,
}) => {
  // Four visitors, each in a tab of their own: one stays on the address step, one reaches the
  // plans, one goes on to the contact form, one signs up in Adelaide (whose building has a running
  // campaign, docs/rules/demo-data.md).
  const journey = async (walk: (wizard: Wizard) => Promise<void>) => {
    const context = await browser.newContext({ baseURL });
    const wizard = new Wizard(await context.newPage());
    await wizard.goto();
    await expect(wizard.addressField).toBeVisible();
    await walk(wizard);
    // A reload reports the step again: it is counted once.
    await wizard.page.reload();
    await expect(wizard.page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  };
  await journey(async () => {});
  await journey((wizard) => wizard.toPlans(addresses.pyrmont));
  const { paid } = routerNames((await fetchCatalogue(page.request, 'G1A2B3')).routers);
  await journey(async (wizard) => {
    await wizard.toPlans(addresses.pyrmont);
    await wizard.addToCart({ router: paid });
  });
  await journey(async (wizard) => {
    await toInstallation(wizard, addresses.adelaide, { router: paid });
    await bookFirstWindow(wizard);
    await pay(wizard);
    await expectWelcome(wizard);
  });

  // The first manager, made with the printed code, signs in.
  const code = await printedCode(server.own!.logFile);
  const setup = await page.request.post('/admin/api/setup', { data: { ...manager, code } });
  expect(setup.ok()).toBe(true);

  await page.goto('/admin');
  await page.getByLabel('Email', { exact: true }).fill(manager.email);
  await page.getByLabel('Password', { exact: true }).fill(manager.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // scrypt at N = 2^17 (docs/rules/operators.md): seconds on a loaded machine.
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible({
    timeout: 30_000,
  });

  // The wizard does not wait for its reports: the counts arrive a moment after the steps.
  const day = utcToday();
  await expect
    .poll(() =>
      page.evaluate(async (query) => {
        const res = await fetch(`/admin/api/funnel?${query}`);
        if (!res.ok) return `${res.status} ${await res.text()}`;
        const { steps } = (await res.json()) as { steps: { arrivals: number }[] };
        return steps.map((s) => s.arrivals);
      }, `from=${day}&to=${day}`),
    )
    .toEqual([4, 3, 2, 1, 1, 1, 1, 1]);

  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Funnel' })
    .click();
  await expect(page.getByRole('heading', { name: 'Funnel', level: 1 })).toBeVisible();
  await expect(page.getByLabel('From (UTC day)')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByLabel('From (UTC day)').fill(day);
  await page.getByLabel('To (UTC day)').fill(day);
  /** A step's arrivals and drop-off, as the table captioned `caption` shows them. */
  const figures = (caption: string, step: string) =>
    page
      .getByRole('table', { name: caption, exact: true })
      .getByRole('row', { name: new RegExp(`^${step} `) })
      .getByRole('cell');
  await expect(figures(day, 'Check Address')).toHaveText(['4', '–']);
  await expect(figures(day, 'Build your plan')).toHaveText(['3', '25%']);
  await expect(figures(day, 'Contact info')).toHaveText(['2', '33.3%']);
  await expect(figures(day, 'Connection details')).toHaveText(['1', '50%']);
  await expect(figures(day, 'Installation')).toHaveText(['1', '0%']);
  await expect(figures(day, 'Paid')).toHaveText(['1', '0%']);
  await expectNoSeriousA11yViolations(page, { label: 'console: funnel' });
  await captureStep(page, 'console-funnel');
  await expectNoHorizontalScroll(page);
  // The filters' inputs sit level, whether or not a field carries the 'Optional.' hint.
  const tops = await Promise.all(
    ['From (UTC day)', 'To (UTC day)', 'Building code', 'Campaign'].map(
      async (label) => (await page.getByLabel(label).boundingBox())!.y,
    ),
  );
  expect(new Set(tops).size, `input tops ${tops.join(', ')}`).toBe(1);

  // One building: two went past the address step at Pyrmont's.
  await page.getByLabel('Building code').fill('G1A2B3');
  const pyrmont = `${day}, building G1A2B3`;
  await expect(figures(pyrmont, 'Check Address')).toHaveText(['0', '–']);
  await expect(figures(pyrmont, 'Build your plan')).toHaveText(['2', '–']);
  await expect(figures(pyrmont, 'Contact info')).toHaveText(['1', '50%']);
  await expect(figures(pyrmont, 'Paid')).toHaveText(['0', '–']);
  await page.getByLabel('Building code').fill('');
  // One campaign: Adelaide's building's, which the server knows without the wizard saying it.
  await page.getByLabel('Campaign').fill('adelaide-launch');
  const campaign = `${day}, campaign adelaide-launch`;
  await expect(figures(campaign, 'Build your plan')).toHaveText(['1', '–']);
  await expect(figures(campaign, 'Paid')).toHaveText(['1', '0%']);
  await page.getByLabel('Campaign').fill('');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  expect(readFileSync(file, 'utf8')).toBe(
    [
      'step,arrivals,drop_off_percent',
      'Check Address,4,',
      'Build your plan,3,25',
      'Contact info,2,33.3',
      'Connection details,1,50',
      'Installation,1,0',
      'Payment,1,0',
      'Confirm order,1,0',
      'Paid,1,0',
      '',
    ].join('\r\n'),
  );

  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoHorizontalScroll(page);
});
