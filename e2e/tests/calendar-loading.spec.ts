import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  bookingMonthWindow,
  monthKeyOf,
  stateTimeZone,
  type MonthKey,
} from '@fibre/domain/scheduling';
import {
  captureFromTop,
  dayLabelOfButton,
  offeredDays,
  installationLabels,
  toInstallation,
  windowButtons,
  type ListedSlot,
} from '../support/checkout.ts';
import { expectNoSeriousA11yViolations } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Issue 28, item 3: a day pressed while the calendar's dates load was lost. A slow network is a
// route that holds every bookings answer for 1.5 s. docs/rules/installation-and-holds.md, "While
// the dates load": the days are not yet available (and say so), but a press on one is kept and,
// when the answer arrives, the day is chosen with its windows, or the step says it has none (and
// the day keeps its focus). Issue 43: the days before the first bookable day (two days ahead in
// the state's zone) are disabled throughout, while loading and after.

const ZONE = stateTimeZone('NSW');
const DELAY_MS = 1500;
const BOOKINGS = /\/api\/v1\/[^/]+\/bookings\//;
const LOADING = 'Loading available dates…';

/** The calendar's status line saying `text` (the month captions are statuses too). */
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

interface SlowBookings {
  /** How many bookings answers were let through. */
  answered: () => number;
  /** From now on, answers wait for `release()` as well as DELAY_MS. */
  hold: () => void;
  /** Lets through the answers held so far. */
  release: () => void;
}

/** Holds every bookings answer for DELAY_MS, as a slow mobile network would, or until released. */
async function slowBookings(page: Page, { held = false } = {}): Promise<SlowBookings> {
  let answered = 0;
  let holding = held;
  let waiting: (() => void)[] = [];
  await page.route(BOOKINGS, async (route) => {
    // Never sooner than DELAY_MS; held ones also wait for release().
    const delay = new Promise<void>((resolve) => setTimeout(resolve, DELAY_MS));
    if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
    await delay;
    await route.continue();
    answered += 1;
  });
  return {
    answered: () => answered,
    hold: () => {
      holding = true;
    },
    release: () => {
      for (const resolve of waiting) resolve();
      waiting = [];
    },
  };
}

const addMonths = (month: MonthKey, count: number): MonthKey => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + index - 1 + count;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
};

/**
 * The button names of the free days of `month` ('Saturday 28 November', the number the button
 * shows), asked of the API directly.
 */
async function freeDays(request: APIRequestContext, month: MonthKey): Promise<string[]> {
  const { from, to } = bookingMonthWindow(month, ZONE);
  const answer = await request.get(
    `/api/v1/demo/bookings/NSW?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );
  expect(answer.ok()).toBe(true);
  const { booking_slots } = (await answer.json()) as { booking_slots: ListedSlot[] };
  const inMonth = booking_slots.filter((slot) => monthKeyOf(slot.start, ZONE) === month);
  return [...new Set(inMonth.map((slot) => installationLabels(slot.start, slot.end, ZONE).button))];
}

/**
 * A person's tap on the day: the pointer where the button is, whatever state it is in. Answers
 * whether the calendar still said it was loading its dates when the page took the press.
 */
async function tap(page: Page, day: Locator): Promise<boolean> {
  const box = await day.boundingBox();
  if (!box) throw new Error('the day is not drawn');
  await page.evaluate((loading) => {
    const pressed = window as unknown as { pressedWhileLoading?: boolean };
    delete pressed.pressedWhileLoading;
    const statuses = () => [...document.querySelectorAll('[role="status"]')];
    document.addEventListener(
      'pointerdown',
      () => {
        pressed.pressedWhileLoading = statuses().some((status) => status.textContent === loading);
      },
      { capture: true, once: true },
    );
  }, LOADING);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return page.evaluate(
    () => (window as unknown as { pressedWhileLoading?: boolean }).pressedWhileLoading === true,
  );
}

const dayNamed = (page: Page, name: string) =>
  page.getByRole('grid').getByRole('button', { name, exact: true });

let paid = '';
test.beforeEach(async ({ request }) => {
  paid ||= routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
});

test.describe('while the dates load (bookings answers held back, as on a slow network)', () => {
  test('a day pressed before the answer is chosen when it arrives: its windows, no second press', async ({
    wizard,
    page,
    request,
  }) => {
    const month = monthKeyOf(Date.now(), ZONE);
    const free = [
      ...(await freeDays(request, month)),
      ...(await freeDays(request, addMonths(month, 1))),
    ];
    expect(free.length).toBeGreaterThan(0);
    // Held past DELAY_MS until the press, so that a busy machine cannot answer before it.
    const slow = await slowBookings(page, { held: true });
    await toInstallation(wizard, addresses.pyrmont, { router: paid });

    const day = dayNamed(page, free[0]!);
    await expect(day).toBeVisible();
    expect(await tap(page, day), 'the press came while the dates loaded').toBe(true);
    slow.release();

    // The press was kept: once the answer is in, the day is chosen and its windows show.
    await expect(windowButtons(wizard).first()).toBeVisible();
    await expect(
      page.getByRole('heading', {
        name: `Arrival windows on ${dayLabelOfButton(free[0]!)}`,
        exact: true,
      }),
    ).toBeVisible();
    await expect(day).toBeEnabled();
    await expect(
      page.getByRole('gridcell', { selected: true }).getByRole('button'),
    ).toHaveAccessibleName(free[0]!);
    await expect(status(page, LOADING)).toBeHidden();
  });

  test('the days say they are loading: not yet available, described by an announced status', async ({
    wizard,
    page,
    request,
  }) => {
    // axe and screenshots at two widths: near a minute on a busy machine.
    test.slow();
    const month = monthKeyOf(Date.now(), ZONE);
    const free = [
      ...(await freeDays(request, month)),
      ...(await freeDays(request, addMonths(month, 1))),
    ];
    const slow = await slowBookings(page, { held: true });
    await toInstallation(wizard, addresses.pyrmont, { router: paid });
    const day = dayNamed(page, free[0]!);
    await expect(day).toBeVisible();
    await expect(status(page, LOADING)).toBeVisible();
    await expect(page.locator('.calendar')).toHaveAttribute('aria-busy', 'true');
    await expect(day).toBeDisabled();
    await expect(day).toHaveAccessibleDescription(LOADING);
    await captureFromTop(page, 'installation-dates-loading');
    await expectNoSeriousA11yViolations(page, { label: 'the calendar while its dates load' });

    await tap(page, day);
    await expect(page.getByText('Loading arrival windows…')).toBeVisible();
    await captureFromTop(page, 'installation-day-kept');
    slow.release();
    await expect(windowButtons(wizard).first()).toBeVisible();
  });

  test('a day pressed before the answer that has no window: the step says so, and the day keeps its focus', async ({
    wizard,
    page,
    request,
  }) => {
    const month = monthKeyOf(Date.now(), ZONE);
    const next = addMonths(month, 1);
    const free = new Set(await freeDays(request, next));
    const slow = await slowBookings(page, { held: true });
    await toInstallation(wizard, addresses.pyrmont, { router: paid });

    // A Sunday of next month: the demo's crews never work one (docs/rules/demo-data.md).
    const sunday = page
      .getByRole('grid')
      .getByRole('button', { name: /^Sunday / })
      .last();
    await expect(sunday).toBeVisible();
    const name = (await sunday.getAttribute('aria-label'))!;
    expect(free.has(name)).toBe(false);
    expect(await tap(page, sunday), 'the press came while the dates loaded').toBe(true);
    await expect(sunday).toBeFocused();
    slow.release();
    const refusal = `No arrival windows are left on ${dayLabelOfButton(name)}. Please choose another date.`;
    await expect(status(page, refusal)).toBeVisible();
    await expect(windowButtons(wizard)).toHaveCount(0);
    // Not available, described by the status that says why, and still where the focus was.
    const refused = dayNamed(page, name);
    await expect(refused).toBeDisabled();
    await expect(refused).toHaveAccessibleDescription(refusal);
    await expect(refused).toBeFocused();
    await expect(status(page, LOADING)).toBeHidden();
    await expectNoSeriousA11yViolations(page, { label: 'a day pressed while loading, refused' });
  });

  test('moving to a month whose dates load later: a day pressed meanwhile is chosen when they arrive', async ({
    wizard,
    page,
    request,
  }) => {
    const later = addMonths(monthKeyOf(Date.now(), ZONE), 2);
    const free = await freeDays(request, later);
    expect(free.length).toBeGreaterThan(0);
    const slow = await slowBookings(page);
    await toInstallation(wizard, addresses.pyrmont, { router: paid });
    await expect(offeredDays(wizard).first()).toBeVisible();
    await expect(status(page, LOADING)).toBeHidden();

    // The month after next is asked for once the next one is on show; its answer is held until
    // the day has been pressed.
    slow.hold();
    await wizard.button('Next month').click();
    await wizard.button('Next month').click();
    const day = dayNamed(page, free[0]!);
    await expect(day).toBeVisible();
    await expect(status(page, LOADING)).toBeVisible();
    await expect(day).toBeDisabled();
    expect(await tap(page, day), 'the press came while the dates loaded').toBe(true);
    slow.release();

    await expect(
      page.getByRole('heading', {
        name: `Arrival windows on ${dayLabelOfButton(free[0]!)}`,
        exact: true,
      }),
    ).toBeVisible();
    await expect(windowButtons(wizard).first()).toBeVisible();
    await expect(day).toBeEnabled();
  });

  test('yesterday, today and tomorrow in Sydney are disabled while the dates load and after; the first bookable day is not', async ({
    wizard,
    page,
  }) => {
    // As a slow network does it: every answer waits 1.5 s, then goes on.
    await slowBookings(page);
    await toInstallation(wizard, addresses.pyrmont, { router: paid });
    const month = monthKeyOf(Date.now(), ZONE);
    const dayFrom = (days: number) => {
      const at = new Date(Date.now() + days * 86_400_000);
      return { name: installationLabels(at, at, ZONE).button, month: monthKeyOf(at, ZONE) };
    };
    // Yesterday is not drawn on the first of a month (the calendar opens on this month).
    const before = [-1, 0, 1].map(dayFrom).filter((day) => day.month >= month);
    const first = dayNamed(page, dayFrom(2).name);

    await expect(status(page, LOADING)).toBeVisible();
    for (const day of before) await expect(dayNamed(page, day.name), day.name).toBeDisabled();
    // The first bookable day is only not yet known: a press on it would be kept.
    await expect(first).toHaveAttribute('aria-disabled', 'true');
    await expect(first).toHaveAccessibleDescription(LOADING);
    // A press on today while loading is no press: nothing is kept, nothing chosen.
    const today = dayNamed(page, dayFrom(0).name);
    expect(await tap(page, today), 'the press came while the dates loaded').toBe(true);
    await expect(page.getByText('Loading arrival windows…')).toHaveCount(0);

    await expect(status(page, LOADING)).toBeHidden();
    for (const day of before) await expect(dayNamed(page, day.name), day.name).toBeDisabled();
    await expect(page.getByText('Choose a date to see its arrival windows.')).toBeVisible();
  });
});
