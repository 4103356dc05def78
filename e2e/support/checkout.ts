import { expect, type Locator } from '@playwright/test';
import { expectPageName } from './checks.ts';
import type { DemoAddress } from './demo.ts';
import type { Wizard } from './wizard.ts';

// Steps 5 to 7 as a person walks them: a day, an arrival window, a card, the agreements, Submit.

/** PRODUCT.md 6: the test-mode vault's cards. */
export const cards = {
  visa: '4111 1111 1111 1111',
  mastercard: '5555 5555 5555 4444',
  declined: '4005 5192 0000 0004',
  notLuhn: '4111 1111 1111 1112',
} as const;

export interface CardValues {
  number: string;
  expiry?: string;
  cvv?: string;
  name?: string;
}

/** Steps 1 to 5: the address, a plan with a paid router, a valid contact and a unit. */
export async function toInstallation(
  wizard: Wizard,
  address: Pick<DemoAddress, 'address' | 'typed'>,
  { router, plan, query = {} }: { router: string; plan?: string; query?: Record<string, string> },
): Promise<void> {
  await wizard.goto(query);
  await wizard.toPlans(address);
  await wizard.addToCart({ router, ...(plan ? { plan } : {}) });
  await wizard.toConnectionDetails();
  const unit = wizard.field('Unit');
  if (await unit.isEditable()) await unit.fill('12');
  await wizard.button('Continue').click();
  await expectPageName(wizard.page, 'Installation');
}

/** The calendar's day buttons (the month navigation is outside the grids). */
export function dayButtons(wizard: Wizard): Locator {
  return wizard.page.getByRole('grid').getByRole('button');
}

/** The chosen day's arrival windows. */
export function windowButtons(wizard: Wizard): Locator {
  return wizard.page.getByRole('button', { name: /^Arrival between / });
}

/** The countdown of the held window. */
export function holdTimer(wizard: Wizard): Locator {
  return wizard.page.getByRole('timer');
}

/** Chooses the first day with a free window; answers its name ('Thursday 26th November'). */
export async function chooseFirstFreeDay(wizard: Wizard): Promise<string> {
  const day = dayButtons(wizard).and(wizard.page.locator(':enabled')).first();
  await expect(day).toBeVisible();
  const name = (await day.getAttribute('aria-label')) ?? (await day.innerText());
  await day.click();
  await expect(windowButtons(wizard).first()).toBeVisible();
  return name;
}

/** Chooses the day's `index`th window and waits until it is held; answers its name. */
export async function holdWindow(wizard: Wizard, index = 0): Promise<string> {
  const button = windowButtons(wizard).nth(index);
  const name = (await button.innerText()).replace(/\s+/g, ' ').trim();
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(holdTimer(wizard)).toHaveText(/^\d\d:\d\d$/);
  return name;
}

/** Step 5 to step 6: the first free day's first window, then Continue. */
export async function bookFirstWindow(wizard: Wizard): Promise<{ day: string; window: string }> {
  const day = await chooseFirstFreeDay(wizard);
  const window = await holdWindow(wizard);
  await wizard.button('Continue').click();
  await expectPageName(wizard.page, 'Payment');
  return { day, window };
}

export async function fillCard(wizard: Wizard, card: CardValues): Promise<void> {
  await wizard.field('Card number').fill(card.number);
  await wizard.field('Expiry').fill(card.expiry ?? '12/34');
  await wizard.field('CVV').fill(card.cvv ?? '123');
  await wizard.field('Cardholder name').fill(card.name ?? "Mary O'Brien");
}

/** Ticks every required agreement on step 6 (the monthly charge, a greenfield charge, terms). */
export async function acceptCharges(wizard: Wizard): Promise<void> {
  const page = wizard.page;
  await page.getByRole('checkbox', { name: /^I agree to a monthly charge of \$/ }).check();
  const greenfield = page.getByRole('checkbox', { name: /New Development Charge/ });
  if (await greenfield.count()) await greenfield.check();
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
}

/** Step 6 to step 7 with a card that pays. */
export async function pay(
  wizard: Wizard,
  card: CardValues = { number: cards.visa },
): Promise<void> {
  await fillCard(wizard, card);
  await acceptCharges(wizard);
  await wizard.button('Submit').click();
}

/** Waits for step 7's success heading. */
export async function expectWelcome(wizard: Wizard): Promise<void> {
  await expect(
    wizard.page.getByRole('heading', { name: 'Welcome onboard!', level: 1 }),
  ).toBeVisible({ timeout: 20_000 });
  await expectPageName(wizard.page, 'Paid');
}
