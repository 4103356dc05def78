import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { startChargebee, chargebeeEnv, type ChargebeeStandIn } from '@fibre/server/testing';
import {
  PUBLISHABLE_KEY,
  expectCardFramesReady,
  fillChargebeeCard,
  serveChargebeeJs,
} from './chargebee.ts';
import { acceptCharges, bookFirstWindow, cards, toInstallation } from './checkout.ts';
import { fetchCatalogue, routerNames, type DemoAddress } from './demo.ts';
import { createScratchDatabase, type ScratchDatabase } from './postgres.ts';
import { buildWebIfNeeded, repoRoot, startServer, type RunningServer } from './server.ts';
import { Wizard, type ContactValues } from './wizard.ts';
import { expect, test as base } from './fixtures.ts';

// The operator console (docs/rules/operator-console.md) as staff use it: accounts made with
// `npm run operator`, every control found by its role and name.

export interface Account {
  email: string;
  password: string;
}

export const manager: Account = { email: 'ann.manager@example.com', password: 'correct horse 1' };
export const viewer: Account = { email: 'vic.viewer@example.com', password: 'correct horse 2' };

/**
 * `npm run operator -- ARGS` exactly as docs/rules/operators.md gives it, on `databaseUrl`, with
 * the password in OPERATOR_PASSWORD; answers what it printed.
 */
export function operatorCommand(args: string[], databaseUrl: string, password?: string): string {
  return execFileSync('npm', ['run', 'operator', '--', ...args], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      ...(password === undefined ? {} : { OPERATOR_PASSWORD: password }),
    },
    encoding: 'utf8',
  });
}

/** A provider's deployment for the console's specs: PostgreSQL, Chargebee billing (its stand-in). */
export interface ConsoleDeployment {
  db: ScratchDatabase;
  billing: ChargebeeStandIn;
  server: RunningServer;
}

/**
 * Each spec file gets its own deployment: a scratch database on the machine's PostgreSQL, so the
 * operator command runs beside the running server (docs/rules/operators.md: the embedded database
 * belongs to one process), and Chargebee's stand-in for cards and billing, whose faults a spec sets.
 * The manager is made before the server starts, the viewer while it runs.
 */
export const test = base.extend<{
  deployment: ConsoleDeployment;
  deploymentEnv: Record<string, string>;
}>({
  /** What a spec adds to its deployment's server environment (`test.use({ deploymentEnv })`). */
  deploymentEnv: [{}, { option: true }],
  deployment: [
    async ({ keep, deploymentEnv }, use) => {
      await use(
        await keep(`deployment ${JSON.stringify(deploymentEnv)}`, async () => {
          buildWebIfNeeded();
          const [db, billing] = await Promise.all([
            createScratchDatabase('fibre_console'),
            startChargebee(),
          ]);
          const made = operatorCommand(
            ['add', manager.email, '--role', 'manager'],
            db.url,
            manager.password,
          );
          expect(made).toContain(`${manager.email}: added as manager`);
          const server = await startServer({
            DATABASE_URL: db.url,
            ...chargebeeEnv(billing),
            CHARGEBEE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
            ...deploymentEnv,
          });
          expect(
            operatorCommand(['add', viewer.email, '--role', 'viewer'], db.url, viewer.password),
          ).toContain(`${viewer.email}: added as viewer`);
          return {
            value: { db, billing, server },
            close: async () => {
              await server.stop();
              await Promise.all([billing.close(), db.drop()]);
            },
          };
        }),
      );
    },
    { timeout: 150_000 },
  ],
  baseURL: async ({ deployment }, use) => {
    await use(deployment.server.baseURL);
  },
});

export { expect };

/** The console's pages, by their links in the navigation named 'Console'. */
export type ConsolePage =
  | 'Orders'
  | 'Needs attention'
  | 'Schedule'
  | 'Holds'
  | 'Leads'
  | 'Offers'
  | 'Mail'
  | 'Webhooks'
  | 'Personal data'
  | 'API keys';

export class Console {
  constructor(readonly page: Page) {}

  async goto(path = '/admin'): Promise<void> {
    await this.page.goto(path);
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name, exact: typeof name === 'string' });
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { name, exact: true, level: 1 });
  }

  get alert(): Locator {
    return this.page.getByRole('alert');
  }

  get nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Console' });
  }

  /** Opens /admin, signs in and waits for the Orders page. */
  async signIn(account: Account): Promise<void> {
    await this.goto();
    await expect(this.heading('Operator sign in')).toBeVisible();
    await this.page.getByLabel('Email', { exact: true }).fill(account.email);
    await this.page.getByLabel('Password', { exact: true }).fill(account.password);
    await this.button('Sign in').click();
    // The password is checked with scrypt at N = 2^17 (128 MiB; docs/rules/operators.md): seconds
    // on a loaded machine.
    await expect(this.heading('Orders')).toBeVisible({ timeout: 30_000 });
  }

  async open(name: ConsolePage): Promise<void> {
    await this.nav.getByRole('link', { name, exact: true }).click();
  }

  /** Searches the orders for `q` and opens the one whose customer is `customer`. */
  async findOrder(q: string, customer: string): Promise<void> {
    await this.open('Orders');
    await this.page.getByRole('searchbox', { name: 'Search' }).fill(q);
    await this.button('Search').click();
    const link = this.page.getByRole('table', { name: 'Orders' }).getByRole('link', {
      name: customer,
      exact: true,
    });
    await expect(link).toHaveCount(1);
    await link.click();
    await expect(this.page.getByRole('heading', { name: /^Order /, level: 1 })).toBeVisible();
  }

  /** The value a details list gives for `term` (dt/dd) on the order page. */
  detail(term: string): Locator {
    return this.page
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }
}

/**
 * The window as the console writes it ('Thursday 26 November 2026, 8:00 am – 10:00 am AEDT') from the
 * wizard's own labels for it ('Thursday 26th November', 'Arrival between 8:00am and 10:00am').
 */
export function consoleWindow(day: string, window: string): RegExp {
  const date = /^(\w+) (\d+)\w\w (\w+)$/.exec(day.trim());
  const times = /between (\d+:\d\d)\s?([ap]m) and (\d+:\d\d)\s?([ap]m)/.exec(window);
  if (!date || !times) throw new Error(`Cannot read the window '${day}', '${window}'`);
  const [, weekday, dayOfMonth, month] = date;
  const [, from, fromHalf, to, toHalf] = times;
  return new RegExp(
    `^${weekday} ${dayOfMonth} ${month} \\d{4}, ${from} ${fromHalf} – ${to} ${toHalf} A[CEW][SD]T$`,
  );
}

/** What the visitor saw of their order: the held day and window, and the monthly charge. */
export interface PlacedOrder {
  day: string;
  window: string;
  /** '$94.00', as the wizard's monthly-charge agreement says it. */
  monthly: string;
}

/**
 * A visitor's whole sign-up at `address` through the wizard, paying in Chargebee's frames (its
 * stand-ins at their real URLs), up to Submit. Answers before the finale: the caller waits for it.
 */
export async function signUp(
  page: Page,
  address: Pick<DemoAddress, 'address' | 'typed' | 'code'>,
  contact: ContactValues,
): Promise<PlacedOrder> {
  await serveChargebeeJs(page.context());
  const { paid } = routerNames((await fetchCatalogue(page.request, address.code!)).routers);
  const wizard = new Wizard(page);
  await toInstallation(wizard, address, { router: paid, contact });
  const { day, window } = await bookFirstWindow(wizard);
  await expectCardFramesReady(page);
  await fillChargebeeCard(page, { number: cards.visa });
  const agreement = page.getByText(/I agree to a monthly charge of \$[\d,.]+/);
  const monthly = /\$[\d,.]+\d/.exec(await agreement.innerText())![0];
  await acceptCharges(wizard);
  await wizard.button('Submit').click();
  return { day, window, monthly };
}
