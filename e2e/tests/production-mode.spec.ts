import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { Plan } from '@fibre/domain/api';
import { startChargebee, type ChargebeeStandIn, chargebeeEnv } from '@fibre/server/testing';
import { acme, acmeCatalogue, holidayNextWeek } from '../support/acme-catalogue.ts';
import {
  PUBLISHABLE_KEY,
  expectCardFramesReady,
  fillChargebeeCard,
  serveChargebeeJs,
} from '../support/chargebee.ts';
import {
  acceptCharges,
  bookFirstWindow,
  cards,
  dayButtons,
  expectWelcome,
  installationLabels,
} from '../support/checkout.ts';
import { expectPageName } from '../support/checks.ts';
import { addresses } from '../support/demo.ts';
import { expect, test as base } from '../support/fixtures.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.ts';
import {
  buildServerIfNeeded,
  buildWebIfNeeded,
  freePort,
  repoRoot,
  startServer,
  type RunningServer,
} from '../support/server.ts';
import { Wizard } from '../support/wizard.ts';

// Issue 14: a provider's own deployment. Two compiled instances (plain node) in production mode on
// one PostgreSQL with Redis, Chargebee (its local stand-in) for cards and billing, and a catalogue
// file of another provider, loaded with the catalogue command (docs/deploy.md).

interface Deployment {
  db: ScratchDatabase;
  billing: ChargebeeStandIn;
  dir: string;
  holiday: string;
  instances: [RunningServer, RunningServer];
  metricsPorts: [number, number];
}

/** `npm run catalogue -- ARGS` as production runs it: the compiled command on plain node. */
function catalogueCommand(args: string[], databaseUrl: string): string {
  return execFileSync(process.execPath, ['apps/server/dist/catalogue/cli.js', ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
}

const test = base.extend<{ deployment: Deployment; prod: Deployment }>({
  prod: [
    async ({ keep }, use) => {
      await use(
        await keep('prod', async () => {
          buildWebIfNeeded();
          buildServerIfNeeded();
          const [db, billing] = await Promise.all([
            createScratchDatabase('fibre_prod'),
            startChargebee(),
          ]);
          const dir = mkdtempSync(join(tmpdir(), 'fibre-acme-'));
          const holiday = holidayNextWeek();
          const file = join(dir, 'acme.yaml');
          writeFileSync(file, acmeCatalogue(holiday));
          catalogueCommand(['import', file], db.url);
          const metricsPorts: [number, number] = [await freePort(), await freePort()];
          const env = {
            NODE_ENV: 'production',
            DATABASE_URL: db.url,
            REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
            CATALOGUE_FILE: file,
            // Links in customer mail (docs/rules/mail.md): production must name its public origin.
            PUBLIC_URL: 'https://signup.acme.example',
            // Webhook secrets encrypted at rest (docs/decisions/027-webhooks.md).
            WEBHOOK_SECRET_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
            ...chargebeeEnv(billing),
            CHARGEBEE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
          };
          const instances = (await Promise.all(
            metricsPorts.map((port) =>
              startServer({ ...env, METRICS_PORT: String(port) }, { compiled: true }),
            ),
          )) as [RunningServer, RunningServer];
          return {
            value: { db, billing, dir, holiday, instances, metricsPorts },
            close: async () => {
              await Promise.all(instances.map((i) => i.stop()));
              await Promise.all([db.drop(), billing.close()]);
              rmSync(dir, { recursive: true, force: true });
            },
          };
        }),
      );
    },
    { timeout: 300_000 },
  ],
  // The wizard fixture's page talks to the first instance.
  server: async ({ prod }, use) =>
    use({ baseURL: prod.instances[0].baseURL, own: prod.instances[0] }),
  deployment: async ({ prod }, use) => use(prod),
});

test.describe.configure({ mode: 'serial' });

async function plansOf(baseURL: string): Promise<Plan[]> {
  const res = await fetch(`${baseURL}/api/v1/public/plans?building-code=G1A2B3`);
  expect(res.status).toBe(200);
  return (await res.json()) as Plan[];
}

/** The stored orders, oldest first. */
async function orders(db: ScratchDatabase) {
  return db.query<{
    id: string;
    plan_id: string;
    router_id: string;
    monthly_cents: number;
    card_fee_cents: number;
    status: string;
  }>(
    'SELECT id, plan_id, router_id, monthly_cents, card_fee_cents, status FROM orders ORDER BY created_at',
  );
}

/** Steps 1 and 2 at 100 Harris Street, with Chargebee.js (its stand-in) for the card fields. */
async function toPlans(page: Page): Promise<Wizard> {
  const wizard = new Wizard(page);
  await serveChargebeeJs(page.context());
  await wizard.goto();
  await wizard.toPlans(addresses.pyrmont);
  return wizard;
}

/** Steps 2 to 7 with the default plan, paying through Chargebee's fields. */
async function signUp(wizard: Wizard, holiday: string) {
  const page = wizard.page;
  await wizard.addToCart({ router: acme.router.name });
  await wizard.toConnectionDetails();
  await wizard.field('Unit').fill('12');
  await wizard.button('Continue').click();
  await expectPageName(page, 'Installation');
  const day = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    const noon = new Date(Date.UTC(y, m - 1, d, 12));
    // The calendar's button name: the number it shows ('Friday 25 December').
    return installationLabels(noon, noon, 'UTC').button;
  };
  // The holiday has no windows; the working day beside it has.
  const holidayButton = dayButtons(wizard).and(page.getByRole('button', { name: day(holiday) }));
  await expect(holidayButton).toBeDisabled();
  const date = new Date(`${holiday}T12:00:00Z`);
  const neighbour = new Date(date.getTime() + (date.getUTCDay() === 1 ? 1 : -1) * 86_400_000);
  const working = day(neighbour.toISOString().slice(0, 10));
  await expect(dayButtons(wizard).and(page.getByRole('button', { name: working }))).toBeEnabled();
  await bookFirstWindow(wizard);
  await expectCardFramesReady(page);
  await fillChargebeeCard(page, { number: cards.visa });
  await acceptCharges(wizard);
  await wizard.button('Submit').click();
  await expectWelcome(wizard);
}

async function pageOn(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-AU',
    timezoneId: 'America/New_York',
    viewport: { width: 1280, height: 800 },
  });
  return context.newPage();
}

test('both instances serve the imported catalogue, and nothing of the demo', async ({
  deployment,
}) => {
  for (const instance of deployment.instances) {
    const plans = await plansOf(instance.baseURL);
    expect(plans.map((p) => p.id).sort()).toEqual(
      [...acme.plans.map((p) => p.id), acme.hiddenPlan.id].sort(),
    );
    expect(new Set(plans.map((p) => p.rsp))).toEqual(new Set([acme.code]));
    const config = (await (await fetch(`${instance.baseURL}/api/v1/public/config`)).json()) as {
      provider: string;
      providerName: string;
    };
    expect(config).toMatchObject({ provider: acme.code, providerName: acme.name });
    // The demo's provider segment and its codes are gone.
    expect((await fetch(`${instance.baseURL}/api/v1/demo/referral/FRIEND2024`)).status).toBe(404);
    const promo = await fetch(`${instance.baseURL}/api/v1/acme/coupon/PROMOMIOMF?plan_id=x`);
    expect(promo.status).toBe(404);
  }
});

test("a sign-up in Chromium shows only the catalogue's plans, and stores its prices", async ({
  page,
  deployment,
}) => {
  const wizard = await toPlans(page);
  for (const plan of acme.plans) {
    const card = wizard.card(plan.name);
    await expect(card).toBeVisible();
    await expect(card).toContainText(
      `$${plan.monthly % 1 ? plan.monthly.toFixed(2) : plan.monthly}`,
    );
    await expect(page.getByText(new RegExp(`${plan.busy}\\s?Mbps`)).first()).toBeVisible();
    const cis = page.getByRole('link', {
      name: new RegExp(`Critical Information Summary.*${plan.name}`),
    });
    await expect(cis).toHaveAttribute('href', acme.cis(plan.id));
  }
  await expect(page.getByText(acme.hiddenPlan.name)).toHaveCount(0);
  await expect(page.getByText('Boost 100')).toHaveCount(0);

  await signUp(wizard, deployment.holiday);
  const [order] = await orders(deployment.db);
  const home = acme.plans[0];
  expect(order).toMatchObject({
    plan_id: home.id,
    router_id: acme.router.id,
    monthly_cents: Math.round((home.monthly + acme.router.monthly) * 100),
    // A Visa card: no surcharge on Visa, Mastercard or eftpos (docs/rules/plans-and-pricing.md).
    card_fee_cents: 0,
    status: 'confirmed',
  });
});

test('an import that changes a price reaches both instances; the first order keeps its price', async ({
  browser,
  deployment,
}) => {
  const home = acme.plans[0];
  const file = join(deployment.dir, 'acme-v2.yaml');
  writeFileSync(file, acmeCatalogue(deployment.holiday, { [home.id]: 69 }));
  const printed = catalogueCommand(['import', file], deployment.db.url);
  expect(printed).toContain(home.id);
  // Each instance notices the import within a second (docs/deploy.md): polled, with a bound.
  for (const instance of deployment.instances) {
    await expect
      .poll(async () => (await plansOf(instance.baseURL)).find((p) => p.id === home.id)?.cost, {
        timeout: 10_000,
      })
      .toBe('69.00');
  }

  // A new order on the second instance is sold at the new price.
  const page = await pageOn(browser, deployment.instances[1].baseURL);
  await signUp(await toPlans(page), deployment.holiday);
  await page.context().close();
  const [first, second] = await orders(deployment.db);
  expect(first?.monthly_cents).toBe(Math.round((home.monthly + acme.router.monthly) * 100));
  expect(second?.monthly_cents).toBe(Math.round((69 + acme.router.monthly) * 100));
});

test('/metrics answers on METRICS_PORT after the sign-ups, and 404 on the public port', async ({
  deployment,
}) => {
  const [first] = deployment.instances;
  expect((await fetch(`${first.baseURL}/metrics`)).status).toBe(404);
  const res = await fetch(`http://127.0.0.1:${deployment.metricsPorts[0]}/metrics`);
  expect(res.status).toBe(200);
  const text = await res.text();
  for (const line of [
    /^http_request_duration_seconds_count\{.*route="\/api\/v1\/:provider\/install".*status="201".*\} [1-9]/m,
    /^fibre_holds_total\{outcome="made"\} [1-9]/m,
    /^fibre_orders\{status="confirmed"\} [1-9]/m,
    /^fibre_orders\{status="needs_attention"\} 0/m,
    /^fibre_adapter_call_duration_seconds_count\{adapter="billing".*outcome="ok"\} [1-9]/m,
    /^# TYPE fibre_install_failures_total counter/m,
    /^# TYPE fibre_rate_limited_total counter/m,
    /^# TYPE fibre_holds_expired gauge/m,
    /^nodejs_eventloop_lag_seconds /m,
  ]) {
    expect(text).toMatch(line);
  }
});
