import type { Page } from 'puppeteer-core';
import { nextStep, type WizardStep } from '@fibre/domain/wizard';
import { demoBuildings } from '@fibre/server/testing';

/*
 * The wizard walked as a visitor walks it, one move per step, for the Lighthouse flow and the
 * throttled INP pass (bench/README.md, "Web"): controls found by role and name as the browser
 * tests find them, a CSS selector only where a role cannot say it (the calendar's enabled days).
 * The card is the test-mode vault's 4111 1111 1111 1111 (docs/rules/demo-data.md).
 */

const WAIT = 20_000;
const aria = (role: string, name: string) => `::-p-aria([name="${name}"][role="${role}"])`;

// A day on offer: while the dates load the days are aria-disabled (docs/rules/
// installation-and-holds.md), and one pressed then is kept but may turn out to have no window.
export const FREE_DAY = '[role="grid"] button:enabled:not([aria-disabled="true"])';

/** A control found in the page by a role's elements and a name its accessible name contains. */
export type Control =
  | { kind: 'radio' | 'textbox' | 'button' | 'combobox'; name: string }
  | { kind: 'css'; selector: string }
  | { kind: 'text'; text: string };

/**
 * How each step of the wizard's table shows that it has arrived: its first control a visitor can
 * use. Keyed by the table's ids: a step added there fails to compile here until it says how it
 * shows, and every move of the walk waits for the step after the one it leaves.
 */
export const arrivals: Record<WizardStep, Control> = {
  address: { kind: 'combobox', name: 'Address' },
  plans: { kind: 'radio', name: 'Boost 100' },
  contact: { kind: 'textbox', name: 'First name' },
  connection: { kind: 'textbox', name: 'Unit' },
  installation: { kind: 'css', selector: FREE_DAY },
  payment: { kind: 'textbox', name: 'Card number' },
  confirmation: { kind: 'text', text: 'Welcome onboard!' },
};

function selectorOf(control: Control): string {
  if (control.kind === 'css') return control.selector;
  if (control.kind === 'text') return `::-p-text(${control.text})`;
  return aria(control.kind, control.name);
}

/** The step after `step`, as the table orders them (the walk's moves each leave one). */
export function stepAfter(step: WizardStep): WizardStep {
  const next = nextStep(step);
  if (next === null) throw new Error(`the ${step} step is the last: nothing comes after it`);
  return next;
}

async function click(page: Page, selector: string): Promise<void> {
  await page.locator(selector).setTimeout(WAIT).click();
}

async function visible(page: Page, selector: string): Promise<void> {
  await page.locator(selector).setTimeout(WAIT).wait();
}

async function fill(page: Page, label: string, value: string): Promise<void> {
  await page.locator(aria('textbox', label)).setTimeout(WAIT).fill(value);
}

/** The address step with a prefilled address (uniqueCode plus its parts, docs/rules/wizard-flow.md). */
export function prefilledUrl(base: string): string {
  const b = demoBuildings.find((x) => x.code === 'G1A2B3')!;
  const params = new URLSearchParams({
    uniqueCode: b.code,
    formatted_address: b.formatted_address,
    street_number: b.street_number,
    street: b.street,
    suburb: b.suburb,
    state: b.state,
    postcode: b.postcode,
    status: b.status,
    buildingClass: b.building_class,
    buildingCategory: b.building_category,
    buildingType: b.building_type,
  });
  return `${base}/?${params}`;
}

/** A router with a price (a free one asks about compatibility first), from the public API. */
export async function paidRouter(base: string): Promise<string> {
  const routers = (await (await fetch(`${base}/api/v1/public/routers`)).json()) as Array<{
    name: string;
    cost: string;
  }>;
  const paid = routers.find((r) => Number(r.cost) > 0);
  if (!paid) throw new Error('the catalogue has no paid router');
  return paid.name;
}

export const walk = {
  /** The prefilled address checked: the available dialog's View plans is showing. */
  async openPrefilled(page: Page, base: string): Promise<void> {
    await page.goto(prefilledUrl(base), { waitUntil: 'networkidle0' });
    await visible(page, aria('button', 'View plans'));
  },
  /** Presses the button that leaves a step: View plans, Add to cart, Continue, Submit. */
  async press(page: Page, button: string): Promise<void> {
    await click(page, aria('button', button));
  },
  /** After the move that leaves `step`: until the step after it shows (`arrivals`). */
  async left(page: Page, step: WizardStep): Promise<void> {
    await visible(page, selectorOf(arrivals[stepAfter(step)]));
  },
  async chooseRouter(page: Page, router: string): Promise<void> {
    await click(page, aria('radio', router));
  },
  async typeContact(page: Page): Promise<void> {
    await fill(page, 'First name', 'Mary');
    await fill(page, 'Last name', "O'Brien");
    await fill(page, 'Email', 'mary.obrien@example.com');
    await fill(page, 'Confirm email', 'mary.obrien@example.com');
    await fill(page, 'Mobile', '0412345678');
    await page
      .locator(aria('combobox', 'How did you hear about us?'))
      .setTimeout(WAIT)
      .fill('Search Engine');
  },
  /** A unit where the building asks for one. */
  async typeUnit(page: Page): Promise<void> {
    const unit = await page.locator(aria('textbox', 'Unit')).setTimeout(WAIT).waitHandle();
    if (!(await unit.evaluate((el) => (el as HTMLInputElement).readOnly))) await unit.type('12');
  },
  /** Step 1 to 2: View plans, until the plan cards show. */
  async viewPlans(page: Page): Promise<void> {
    await walk.press(page, 'View plans');
    await walk.left(page, 'address');
  },
  /** Step 2 to 3: a paid router, Add to cart, until the contact form shows. */
  async addToCart(page: Page, router: string): Promise<void> {
    await walk.chooseRouter(page, router);
    await walk.press(page, 'Add to cart');
    await walk.left(page, 'plans');
  },
  /** Step 3 to 4: a valid contact, Continue, until the connection details show. */
  async contact(page: Page): Promise<void> {
    await walk.typeContact(page);
    await walk.press(page, 'Continue');
    await walk.left(page, 'contact');
  },
  /** Step 4 to 5: a unit where the building asks for one, Continue, until the calendar shows. */
  async connection(page: Page): Promise<void> {
    await walk.typeUnit(page);
    await walk.press(page, 'Continue');
    await walk.left(page, 'connection');
  },
  /** On the calendar: the first free day, then its first window, until the hold's timer runs. */
  async dayAndWindow(page: Page): Promise<void> {
    await click(page, FREE_DAY);
    await click(page, '::-p-text(Arrival between)');
    await visible(page, '::-p-aria([role="timer"])');
  },
  /** Step 5 to 6: Continue, until the card form shows. */
  async toPayment(page: Page): Promise<void> {
    await walk.press(page, 'Continue');
    await walk.left(page, 'installation');
  },
  /** The card form with the test card, and every agreement ticked. */
  async card(page: Page): Promise<void> {
    await fill(page, 'Card number', '4111 1111 1111 1111');
    await fill(page, 'Expiry', '12/34');
    await fill(page, 'CVV', '123');
    await fill(page, 'Cardholder name', "Mary O'Brien");
    const agreements = await page
      .locator(aria('group', 'Agreements'))
      .setTimeout(WAIT)
      .waitHandle();
    for (const box of await agreements.$$('input[type="checkbox"]')) await box.click();
  },
  /** Step 6 to 7: Submit, until the order is placed. */
  async submit(page: Page): Promise<void> {
    await walk.press(page, 'Submit');
    await walk.left(page, 'payment');
  },
};
