import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { stateTimeZone } from '@fibre/domain/scheduling';
import { captureStep, expectPageName } from './checks.ts';
import type { DemoAddress } from './demo.ts';
import type { ContactValues, Wizard } from './wizard.ts';

// Steps 5 to 7 as a person walks them: a day, an arrival window, a card, the agreements, Submit.

/** docs/rules/demo-data.md: the test-mode vault's cards. */
export const cards = {
  visa: '4111 1111 1111 1111',
  mastercard: '5555 5555 5555 4444',
  /** American Express: the demo's card with a fee (1.5%), a 4-digit CVV. */
  amex: '3782 822463 10005',
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
  {
    router,
    plan,
    query = {},
    contact = {},
    unit = '12',
  }: {
    router: string;
    plan?: string;
    query?: Record<string, string>;
    /** Overrides of the valid contact (a spec tells its orders apart by email). */
    contact?: ContactValues;
    /**
     * The unit typed where the building asks for one. A unit with an order says 'This unit is
     * already connected' (docs/rules/contact-and-connection.md), so a test that orders and may
     * run again on the same server (`--repeat-each`) takes a unit of its own each run.
     */
    unit?: string;
  },
): Promise<void> {
  await wizard.goto(query);
  await wizard.toPlans(address);
  await wizard.addToCart({ router, ...(plan ? { plan } : {}) });
  await wizard.toConnectionDetails(contact);
  const unitField = wizard.field('Unit');
  if (await unitField.isEditable()) await unitField.fill(unit);
  await wizard.button('Continue').click();
  await wizard.left('connection');
}

/** The calendar's day buttons (the month navigation is outside the grids). */
export function dayButtons(wizard: Wizard): Locator {
  return wizard.page.getByRole('grid').getByRole('button');
}

/**
 * The days on offer: day buttons neither disabled nor aria-disabled. While the dates load the days
 * are aria-disabled (docs/rules/installation-and-holds.md), so this waits for the answer.
 */
export function offeredDays(wizard: Wizard): Locator {
  return wizard.page.getByRole('grid').getByRole('button', { disabled: false });
}

/** The chosen day's arrival windows. */
export function windowButtons(wizard: Wizard): Locator {
  return wizard.page.getByRole('button', { name: /^Arrival between / });
}

/** The countdown of the held window. */
export function holdTimer(wizard: Wizard): Locator {
  return wizard.page.getByRole('timer');
}

/**
 * The date label ('Thursday 26th November', as headings and the held note read) of a day button
 * named with the number it shows ('Thursday 26 November'; docs/rules/installation-and-holds.md).
 */
export function dayLabelOfButton(buttonName: string): string {
  return buttonName.replace(/^(\S+) (\d{1,2}) /, (_, weekday: string, day: string) => {
    return `${weekday} ${ordinal(Number(day))} `;
  });
}

/** The day button's name ('Thursday 26 November') of a date label ('Thursday 26th November'). */
export function dayButtonOfLabel(label: string): string {
  return label.replace(/^(\S+) (\d{1,2})(?:st|nd|rd|th) /, '$1 $2 ');
}

/** A day button's name, from its accessible name. */
async function dayButtonName(day: Locator): Promise<string> {
  return (await day.getAttribute('aria-label')) ?? (await day.innerText());
}

/** Chooses the first day with a free window; answers its label ('Thursday 26th November'). */
export async function chooseFirstFreeDay(wizard: Wizard): Promise<string> {
  const day = offeredDays(wizard).first();
  await expect(day).toBeVisible();
  const name = dayLabelOfButton(await dayButtonName(day));
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

/**
 * Step 5 to step 6: a window of the first free day, then Continue. The specs share one server and
 * its installers' windows, so two workers' sign-ups at one address at once would race for the
 * day's first window and the later hold be told 'reservation taken': each worker takes its own
 * free window of the day (the first for the first worker, the second for the second).
 */
export async function bookFirstWindow(wizard: Wizard): Promise<{ day: string; window: string }> {
  const day = await chooseFirstFreeDay(wizard);
  const free = await windowButtons(wizard).evaluateAll((buttons) =>
    buttons.flatMap((b, i) => ((b as HTMLButtonElement).disabled ? [] : [i])),
  );
  const window = await holdWindow(wizard, free[test.info().parallelIndex % free.length] ?? 0);
  await wizard.button('Continue').click();
  await wizard.left('installation');
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

// Issue 5's error paths -----------------------------------------------------------------------

/**
 * Chooses a day with a free window: the `index`th enabled day of the two months on show (a
 * negative index counts from the last: -1 is the last), or the last. Specs on the shared server
 * choose different days so that their holds never meet; a spec run again (`--repeat-each`) adds
 * its repeat's index (`repeatDay`), since the windows its earlier runs held or filled are gone.
 * Answers the day's label ('Thursday 26th November').
 */
export async function chooseFreeDay(wizard: Wizard, which: number | 'last'): Promise<string> {
  const enabled = offeredDays(wizard);
  await expect(enabled.first()).toBeVisible();
  const day = which === 'last' ? enabled.last() : enabled.nth(which);
  const name = dayLabelOfButton(await dayButtonName(day));
  await day.click();
  await expect(
    wizard.page.getByRole('heading', { name: `Arrival windows on ${name}`, exact: true }),
  ).toBeVisible();
  await expect(windowButtons(wizard).first()).toBeVisible();
  return name;
}

/** How far this run of a test moves its day (`--repeat-each`): 0 on the first run, 1, 2… after. */
export const repeatDay = (info: { repeatEachIndex: number }) => info.repeatEachIndex;

/** Steps 1 to 6: the address, the `day`th free day's `window`th window held, then Continue. */
export async function toPayment(
  wizard: Wizard,
  address: Pick<DemoAddress, 'address' | 'typed'>,
  options: Parameters<typeof toInstallation>[2] & { day: number | 'last'; window?: number },
): Promise<{ day: string; window: string }> {
  await toInstallation(wizard, address, options);
  const day = await chooseFreeDay(wizard, options.day);
  const window = await holdWindow(wizard, options.window ?? 0);
  await wizard.button('Continue').click();
  await wizard.left('installation');
  return { day, window };
}

/**
 * A free installation slot as the bookings call lists it (docs/rules/installation-and-holds.md).
 */
export interface ListedSlot {
  booking_id: string;
  event_id: string;
  start: string;
  end: string;
}

/** Every slot the page's bookings calls answer from now on (the array fills as they arrive). */
export function recordListedSlots(page: Page): ListedSlot[] {
  const listed: ListedSlot[] = [];
  page.on('response', (response) => {
    if (!/\/api\/v1\/[^/]+\/bookings\//.test(new URL(response.url()).pathname)) return;
    if (!response.ok()) return;
    void response
      .json()
      .then((body: { booking_slots?: ListedSlot[] }) => listed.push(...(body.booking_slots ?? [])))
      .catch(() => undefined); // a page navigating away drops its body
  });
  return listed;
}

function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/**
 * An installation's day and window as docs/rules/installation-and-holds.md says they read ('Monday
 * 3rd March', 'Arrival between 8:00am and 10:00am'), and the name of the day's calendar button
 * ('Monday 3 March', its number as the button shows it), in `timeZone`: worked out here with Intl,
 * independently of the wizard's own code, so a test can compare the two.
 */
export function installationLabels(
  start: string | Date,
  end: string | Date,
  timeZone: string,
): { day: string; window: string; button: string } {
  const parts = (when: string | Date, options: Intl.DateTimeFormatOptions) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-AU', { timeZone, ...options })
        .formatToParts(new Date(when))
        .map((part) => [part.type, part.value]),
    ) as Record<Intl.DateTimeFormatPartTypes, string>;
  const date = parts(start, { weekday: 'long', day: 'numeric', month: 'long' });
  const time = (when: string | Date) => {
    const p = parts(when, { hour: 'numeric', minute: '2-digit', hour12: true });
    return `${p.hour}:${p.minute}${p.dayPeriod.toLowerCase()}`;
  };
  return {
    day: `${date.weekday} ${ordinal(Number(date.day))} ${date.month}`,
    window: `Arrival between ${time(start)} and ${time(end)}`,
    button: `${date.weekday} ${Number(date.day)} ${date.month}`,
  };
}

/**
 * The zone each state's dates are shown in: the domain's rule (stateTimeZone,
 * docs/rules/installation-and-holds.md), by state.
 */
export const stateTimeZones: Record<string, string> = Object.fromEntries(
  ['NSW', 'QLD', 'SA', 'WA', 'NT', 'VIC', 'TAS', 'ACT'].map((state) => [
    state,
    stateTimeZone(state),
  ]),
);

/** The listed slot the page names `day` and `window` in `timeZone`. */
export function listedSlotNamed(
  listed: readonly ListedSlot[],
  { day, window }: { day: string; window: string },
  timeZone: string,
): ListedSlot {
  const slot = listed.find((s) => {
    const labels = installationLabels(s.start, s.end, timeZone);
    return labels.day === day && labels.window === window;
  });
  if (!slot) throw new Error(`no listed slot is ${day}, ${window}`);
  return slot;
}

/**
 * Someone else takes a window: holds through the API (the reservation body of
 * docs/rules/installation-and-holds.md) until the server answers 409, so every crew's place in it
 * is held. Answers how many holds it took.
 */
export async function fillWindow(
  request: APIRequestContext,
  slot: ListedSlot,
  provider = 'demo',
): Promise<number> {
  const body = { booking_id: slot.booking_id, start: slot.start, end: slot.end };
  for (let held = 0; held < 20; held += 1) {
    const answer = await request.post(`/api/v1/${provider}/reservations`, { data: body });
    if (answer.status() === 409) return held;
    expect(answer.status(), await answer.text()).toBe(201);
  }
  throw new Error(`${slot.booking_id} was never full`);
}

/** The note over steps 5 and 6 that names the held window ('Held for you: Monday 3rd March, ...'). */
export function heldNote(wizard: Wizard): Locator {
  return wizard.page.getByText(/^Held for you: .+/);
}

/**
 * captureStep from the top of the page: a full-page picture taken while scrolled draws the sticky
 * header where the window was, over the middle of the step.
 */
export async function captureFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureStep(page, name);
}

/** The label of the day `days` calendar days after `start`'s day in `timeZone` (Intl only). */
export function dayLabelAfter(start: string | Date, days: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    })
      .formatToParts(new Date(start))
      .map((part) => [part.type, part.value]),
  ) as Record<Intl.DateTimeFormatPartTypes, string>;
  const later = new Date(
    Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) + days, 12),
  );
  return installationLabels(later, later, 'UTC').day;
}
