import type { Page } from 'puppeteer-core';
import { nextStep, type WizardStep } from '@fibre/domain/wizard';
import { demoBuildings } from '@fibre/server/testing';

/*
 * The wizard walked as a visitor walks it, one move per step, for the Lighthouse flow, the step
 * transitions and the throttled INP pass (bench/README.md, "Web"): controls found by role and name
 * as the browser tests find them, a CSS selector only where a role cannot say it (the calendar's
 * enabled days). The card is the test-mode vault's 4111 1111 1111 1111 (docs/rules/demo-data.md).
 * Each step's part is a row of `walkSteps`, keyed by the step table's ids: a step added there
 * fails to compile here until it has a row, and every walk then passes through it.
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

/** One step of the walk. */
export interface WalkStep {
  /** The Lighthouse flow's name for the step (its timespan is 'To the …'). */
  name: string;
  /** How the step shows it has arrived: its first control a visitor can use. */
  arrival: Control;
  /** What the visitor does on the step before pressing the button that leaves it. */
  answer?: (page: Page, router: string) => Promise<void>;
  /** The button that leaves the step, or null on the last. */
  leave: string | null;
  /**
   * Whether the Lighthouse timespan that reaches the step also times its answer (the calendar's day
   * and window, the card form); otherwise the answer is timed with the move that leaves the step.
   */
  answerTimedOnArrival?: boolean;
}

function selectorOf(control: Control): string {
  if (control.kind === 'css') return control.selector;
  if (control.kind === 'text') return `::-p-text(${control.text})`;
  return aria(control.kind, control.name);
}

/** The step after `step`, as the table orders them (each move of the walk leaves one). */
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

/** The step table's steps as the walk passes them, each keyed by its id. */
export const walkSteps: Record<WizardStep, WalkStep> = {
  // The prefilled address is checked on opening (walk.openPrefilled): its dialog's View plans shows.
  address: {
    name: 'address step',
    arrival: { kind: 'combobox', name: 'Address' },
    leave: 'View plans',
  },
  plans: {
    name: 'plan step',
    arrival: { kind: 'radio', name: 'Boost 100' },
    answer: (page, router) => click(page, aria('radio', router)),
    leave: 'Add to cart',
  },
  contact: {
    name: 'contact step',
    arrival: { kind: 'textbox', name: 'First name' },
    async answer(page) {
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
    leave: 'Continue',
  },
  connection: {
    name: 'connection details step',
    arrival: { kind: 'textbox', name: 'Unit' },
    // A unit where the building asks for one.
    async answer(page) {
      const unit = await page.locator(aria('textbox', 'Unit')).setTimeout(WAIT).waitHandle();
      if (!(await unit.evaluate((el) => (el as HTMLInputElement).readOnly))) await unit.type('12');
    },
    leave: 'Continue',
  },
  installation: {
    name: 'installation step',
    arrival: { kind: 'css', selector: FREE_DAY },
    // The first free day, then its first window, until the hold's timer runs.
    async answer(page) {
      await click(page, FREE_DAY);
      await click(page, '::-p-text(Arrival between)');
      await visible(page, '::-p-aria([role="timer"])');
    },
    leave: 'Continue',
    answerTimedOnArrival: true,
  },
  payment: {
    name: 'payment step',
    arrival: { kind: 'textbox', name: 'Card number' },
    // The card form with the test card, and every agreement ticked.
    async answer(page) {
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
    leave: 'Submit',
    answerTimedOnArrival: true,
  },
  confirmation: {
    name: 'confirmation step',
    arrival: { kind: 'text', text: 'Welcome onboard!' },
    leave: null,
  },
};

export const walk = {
  /** The prefilled address checked: the available dialog's View plans is showing. */
  async openPrefilled(page: Page, base: string): Promise<void> {
    await page.goto(prefilledUrl(base), { waitUntil: 'networkidle0' });
    await visible(page, aria('button', 'View plans'));
  },
  /** What the visitor does on `step` before leaving it (its row's answer). */
  async answer(page: Page, step: WizardStep, router: string): Promise<void> {
    await walkSteps[step].answer?.(page, router);
  },
  /** Presses the button that leaves `step` (View plans, Add to cart, Continue, Submit). */
  async press(page: Page, step: WizardStep): Promise<void> {
    const button = walkSteps[step].leave;
    if (button === null) throw new Error(`the ${step} step has no button that leaves it`);
    await click(page, aria('button', button));
  },
  /** After the press that leaves `step`: until the step after it shows (its row's arrival). */
  async left(page: Page, step: WizardStep): Promise<void> {
    await visible(page, selectorOf(walkSteps[stepAfter(step)].arrival));
  },
  /**
   * From `from` (on screen) to `to`: each step's answer (but `from`'s when it is already given),
   * its press, and the next step's arrival, through every step between.
   */
  async through(
    page: Page,
    router: string,
    from: WizardStep,
    to: WizardStep,
    { answered = false }: { answered?: boolean } = {},
  ): Promise<void> {
    for (let step = from; step !== to; step = stepAfter(step)) {
      if (!(step === from && answered)) await walk.answer(page, step, router);
      await walk.press(page, step);
      await walk.left(page, step);
    }
  },
};
