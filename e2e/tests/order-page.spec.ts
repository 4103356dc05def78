import { randomUUID } from 'node:crypto';
import type { BookingSlot } from '@fibre/domain/api';
import {
  dayButtonLabel,
  dayKeyOf,
  formatWindow,
  slotLabel,
  stateTimeZone,
} from '@fibre/domain/scheduling';
import type { Page } from '@playwright/test';
import { test as base, expect } from '../support/fixtures.ts';
import {
  arrivyEnv,
  fetchCaller,
  freeSlots,
  prepareOrder,
  startArrivy,
  type ArrivyStandIn,
} from '@fibre/server/testing';
import { smtpEnv, startSmtpReceiver, type SmtpReceiver } from '@fibre/server/testing/smtp';
import { captureStep, expectNoSeriousA11yViolations } from '../support/checks.ts';
import { supportPhone } from '../support/demo.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.ts';
import { buildWebIfNeeded, startServer, type RunningServer } from '../support/server.ts';
import { operatorCommand } from '../support/console.ts';
import { expectHelpLinks } from '../support/legal.ts';

// Issue 17, item 3 (docs/rules/order-page.md): the customer's order page, opened from the link in
// the confirmation mail that a local SMTP server received, on a deployment whose installer tasks
// are Arrivy's (its stand-in) and whose database is PostgreSQL (a spec of this file moves an
// order's window to tomorrow with SQL, as a staff change would). Orders are placed through the API
// exactly as the wizard places them; everything after the mail is the page in the browser.

interface Deployment {
  db: ScratchDatabase;
  arrivy: ArrivyStandIn;
  smtp: SmtpReceiver;
  server: RunningServer;
}

/** A token that opens no order is answered 404; this many a minute from one address, then 429. */
const MISSES_PER_MINUTE = 3;

const test = base.extend<{ deployment: Deployment }>({
  deployment: [
    async ({ keep }, use) => {
      await use(
        await keep('deployment', async () => {
          buildWebIfNeeded();
          const [db, arrivy, smtp] = await Promise.all([
            createScratchDatabase('fibre_order_page'),
            startArrivy(),
            startSmtpReceiver(),
          ]);
          const server = await startServer({
            DATABASE_URL: db.url,
            ...arrivyEnv(arrivy),
            ...smtpEnv(smtp),
            ORDER_PAGE_MISSES_PER_MINUTE: String(MISSES_PER_MINUTE),
          });
          return {
            value: { db, arrivy, smtp, server },
            close: async () => {
              await server.stop();
              await Promise.all([arrivy.close(), smtp.close(), db.drop()]);
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

// A server of its own: its tests run in one worker, which starts it once (e2e/README.md).
test.describe.configure({ mode: 'default', timeout: 120_000 });

const STATE = 'NSW';
const zone = stateTimeZone(STATE);
const DAY_MS = 24 * 3600_000;
const when = (slot: Pick<BookingSlot, 'start' | 'end'>) =>
  formatWindow(new Date(slot.start), new Date(slot.end), STATE);

/** The first mail to `to` whose subject matches, once the SMTP server has it. */
async function mailTo(smtp: SmtpReceiver, to: string, subject: RegExp) {
  await expect
    .poll(
      () =>
        smtp.messages.some(
          (m) => m.to && JSON.stringify(m.to).includes(to) && subject.test(m.subject ?? ''),
        ),
      {
        message: `a mail to ${to} with the subject ${subject}`,
        timeout: 20_000,
      },
    )
    .toBe(true);
  const found = smtp.messages.filter(
    (m) => m.to && JSON.stringify(m.to).includes(to) && subject.test(m.subject ?? ''),
  );
  return found;
}

const icsOf = (mail: { attachments: Array<{ filename?: string; content: Buffer }> }) =>
  mail.attachments.find((a) => a.filename?.endsWith('.ics'))!.content.toString('utf8');
const icsUtc = (iso: string) => new Date(iso).toISOString().replace(/[-:]|\.\d{3}/g, '');

/**
 * An order placed at Pyrmont (NSW) in the `slotIndex`th free window for `email`, and the path of
 * the order page's link from its confirmation mail.
 */
async function placeOrder({ server, smtp }: Deployment, email: string, slotIndex: number) {
  const call = fetchCaller(server.baseURL);
  const { body, slot } = await prepareOrder(call, { slotIndex, contact: { email } });
  const res = await fetch(`${server.baseURL}/api/v1/demo/install`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  const { order_id: id, reference } = (await res.json()) as {
    order_id: string;
    reference: string;
  };
  const [mail] = await mailTo(smtp, email, /is confirmed \(order [0-9A-Z]{4}-[0-9A-Z]{4}\)$/);
  const link = /https?:\/\/\S+\/order\/[A-Za-z0-9_-]{43}/.exec(mail!.text ?? '')?.[0];
  expect(link, 'the order link in the confirmation').toBeDefined();
  return { id, reference, slot, path: new URL(link!).pathname };
}

/** How many places the public bookings call offers in `slot`'s window. */
async function offered(baseURL: string, slot: BookingSlot): Promise<number> {
  const slots = await freeSlots(fetchCaller(baseURL), STATE);
  return slots.filter((s) => s.booking_id === slot.booking_id).length;
}

/** A free window on another day than `slot`'s, more than a day away. */
async function anotherDay(baseURL: string, slot: BookingSlot): Promise<BookingSlot> {
  const slots = await freeSlots(fetchCaller(baseURL), STATE);
  const target = slots.find(
    (s) =>
      dayKeyOf(s.start, zone) !== dayKeyOf(slot.start, zone) &&
      Date.parse(s.start) > Date.now() + DAY_MS + 3600_000,
  );
  expect(target, 'a free window on another day').toBeDefined();
  return target!;
}

/** In the reschedule panel: the day of `slot` (moving months as needed), then its window. */
async function chooseWindow(page: Page, slot: BookingSlot) {
  const day = page.getByRole('button', { name: dayButtonLabel(slot.start, zone), exact: true });
  for (let i = 0; i < 4 && !(await day.isVisible()); i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await day.click();
  await page.getByRole('button', { name: slotLabel(slot, zone), exact: true }).click();
}

const heading = (page: Page) => page.getByRole('heading', { name: 'Your order', level: 1 });

test('from the order link: reschedule to another day; the old window is offered again, the new one taken, the mail arrives and Arrivy has the new times', async ({
  page,
  deployment,
  baseURL,
}) => {
  const email = 'rita.reschedule@example.com';
  const { id, reference, slot, path } = await placeOrder(deployment, email, 0);
  const target = await anotherDay(baseURL!, slot);
  const [oldBefore, newBefore] = [await offered(baseURL!, slot), await offered(baseURL!, target)];

  await page.goto(path);
  await expect(heading(page)).toBeVisible();
  // The order's short reference (docs/rules/orders.md#the-order-reference), as the mail says it.
  await expect(page.getByText(`Order reference ${reference}`)).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByText(when(slot), { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      /^You can change or cancel online until \w+day \d+ \w+ \d{4}, \d+:\d\d [ap]m AE[DS]T\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Plan' })).toBeVisible();
  // What a telco must link, on the page and in its footer (docs/rules/order-page.md).
  await expectHelpLinks(page.getByRole('region', { name: 'Complaints and support' }));
  await expectHelpLinks(page.getByRole('navigation', { name: 'Complaints and support' }));
  await expectNoSeriousA11yViolations(page, { label: 'the order page' });
  await captureStep(page, 'order-page');

  await page.getByRole('button', { name: 'Change installation time' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new installation time' })).toBeFocused();
  // Pressing Confirm before choosing says what is missing, and changes nothing.
  await page.getByRole('button', { name: 'Confirm new time' }).click();
  await expect(page.getByText('Please choose a new arrival window first.')).toBeVisible();
  await chooseWindow(page, target);
  await expect(page.getByText(`New time: ${when(target)}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'the order page, rescheduling' });
  await captureStep(page, 'order-page-reschedule');
  await page.getByRole('button', { name: 'Confirm new time' }).click();

  const notice = page.getByText(
    `Your installation is now ${when(target)}. We have emailed you the new time.`,
  );
  await expect(notice).toBeVisible();
  await expect(page.locator('.order-page__notice')).toBeFocused();
  await expect(page.getByText(when(target), { exact: true })).toBeVisible();

  // The old window is offered again, the new one has one place fewer.
  expect(await offered(baseURL!, slot)).toBe(oldBefore + 1);
  expect(await offered(baseURL!, target)).toBe(newBefore - 1);

  // The mail, with the calendar event moved (same UID, the new start and end).
  const [moved] = await mailTo(
    deployment.smtp,
    email,
    /installation has a new time \(order [0-9A-Z]{4}-[0-9A-Z]{4}\)$/,
  );
  const ics = icsOf(moved!);
  expect(ics).toContain(`UID:order-${id}@fibre-signup`);
  expect(ics).toContain(`DTSTART:${icsUtc(target.start)}`);
  expect(ics).toContain(`DTEND:${icsUtc(target.end)}`);
  expect(moved!.text).toContain(when(target));

  // Arrivy: the installer's task has the new times.
  const task = deployment.arrivy.tasks.find((t) => t.external_id === id);
  expect(Date.parse(String(task?.start_datetime_original_iso_str))).toBe(Date.parse(target.start));
  expect(Date.parse(String(task?.end_datetime_original_iso_str))).toBe(Date.parse(target.end));
  expect(
    deployment.arrivy.requests.filter(
      (r) => r.method === 'PUT' && r.path === `/api/tasks/${task!.id}`,
    ),
  ).toHaveLength(1);

  // A reload shows the order as the server has it.
  await page.reload();
  await expect(page.getByText(when(target), { exact: true })).toBeVisible();
});

test('cancel from the order link, pressing Yes twice: the order is cancelled once, the window is offered again, the mail arrives', async ({
  page,
  deployment,
  baseURL,
}) => {
  const email = 'carl.cancel@example.com';
  const { id, slot, path } = await placeOrder(deployment, email, 1);
  const before = await offered(baseURL!, slot);

  await page.goto(path);
  await expect(heading(page)).toBeVisible();
  // Keep my order: nothing happens.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(when(slot));
  await captureStep(page, 'order-page-cancel-dialog');
  await dialog.getByRole('button', { name: 'Keep my order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeFocused();
  expect(await offered(baseURL!, slot)).toBe(before);

  await page.getByRole('button', { name: 'Cancel order' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).dblclick();
  await expect(
    page.getByText('Your order is cancelled. We have emailed you a confirmation.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.order-page__notice')).toBeFocused();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change installation time' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  // A cancelled order states no charge (docs/rules/plans-and-pricing.md): no first payment due.
  await expect(page.getByText('Nothing will be charged', { exact: true })).toBeVisible();
  await expect(page.getByText('First payment', { exact: true })).toHaveCount(0);
  await captureStep(page, 'order-page-cancelled');

  expect(await offered(baseURL!, slot)).toBe(before + 1);
  const cancelled = await mailTo(
    deployment.smtp,
    email,
    /order is cancelled \(order [0-9A-Z]{4}-[0-9A-Z]{4}\)$/,
  );
  expect(icsOf(cancelled[0]!)).toContain('METHOD:CANCEL');
  const task = deployment.arrivy.tasks.find((t) => t.external_id === id);
  expect(task?.status).toBe('CANCELLED');
  // Once: a second mail would have arrived by the time the first did.
  expect(cancelled).toHaveLength(1);

  await page.reload();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText('Nothing will be charged', { exact: true })).toBeVisible();
});

test('a reschedule within 24 hours of the window is refused with its message, and the page then offers no change', async ({
  page,
  deployment,
  baseURL,
}) => {
  const email = 'tina.tomorrow@example.com';
  const { id, path, slot } = await placeOrder(deployment, email, 2);
  await page.goto(path);
  await expect(heading(page)).toBeVisible();
  await page.getByRole('button', { name: 'Change installation time' }).click();
  // Another window than the order's own, which the panel does not offer: at some times of day the
  // first window two days away is the order's.
  const target = (await freeSlots(fetchCaller(baseURL!), STATE)).find(
    (s) => Date.parse(s.start) > Date.now() + 2 * DAY_MS && s.booking_id !== slot.booking_id,
  )!;
  await chooseWindow(page, target);

  // Meanwhile staff moved the installation to a window 20 hours from now.
  const tomorrow = `NSW-tomorrow-${id}`;
  await deployment.db.query(
    `INSERT INTO slot_windows (id, state, starts_at, ends_at, capacity, created_at)
     VALUES ($1, 'NSW', now() + interval '20 hours', now() + interval '22 hours', 1, now())`,
    [tomorrow],
  );
  await deployment.db.query(
    `UPDATE reservations SET window_id = $1
     WHERE reservation_id = (SELECT reservation_id FROM orders WHERE id = $2)`,
    [tomorrow, id],
  );
  await page.getByRole('button', { name: 'Confirm new time' }).click();

  const message = `Your installation is less than 24 hours away, so it can no longer be changed online. Please call us on ${supportPhone}.`;
  await expect(page.getByText(message)).toBeVisible();
  // The panel closed; focus is on the reason.
  await expect(page.locator('.order-page__notice').filter({ hasText: message })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Change installation time' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm new time' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByText(message)).toBeVisible();
  // The limit has passed: the page no longer says until when.
  await expect(page.getByText(/^You can change or cancel online until/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change installation time' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await captureStep(page, 'order-page-too-late');
  // Nothing was changed, so nothing was mailed but the confirmation.
  expect(
    deployment.smtp.messages
      .filter((m) => JSON.stringify(m.to).includes(email))
      .map((m) => m.subject),
  ).toEqual([expect.stringMatching(/is confirmed \(order [0-9A-Z]{4}-[0-9A-Z]{4}\)$/)]);
});

test('the service status a back-office system sets with an API key shows on the order page, step by step', async ({
  page,
  deployment,
}) => {
  const email = 'sam.service@example.com';
  const { id, path } = await placeOrder(deployment, email, 3);
  await page.goto(path);
  await expect(heading(page)).toBeVisible();
  const progress = page.getByRole('list').filter({ hasText: 'Installation booked' });
  await expect(progress.getByRole('listitem')).toHaveText([
    /^✓\s*Ordered/,
    /^✓\s*Installation booked/,
    /^\s*Installed/,
    /^\s*Active/,
  ]);
  await expect(progress.locator('[aria-current="step"]')).toHaveText(/Installation booked/);

  // The provider's provisioning system holds a manager key that acts on orders
  // (docs/rules/operators.md#api-keys).
  const printed = operatorCommand(
    ['key', 'create', 'provisioning', '--role', 'manager', '--scopes', 'orders:act'],
    deployment.db.url,
  );
  const key = /fk_[A-Za-z0-9_-]+/.exec(printed)?.[0];
  expect(key, 'the key the CLI printed').toBeDefined();
  const setService = (status: string, note?: string) =>
    fetch(`${deployment.server.baseURL}/admin/api/orders/${id}/service`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key!}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status, ...(note ? { note } : {}) }),
    });
  // Before the installation window has begun the server refuses it.
  const early = await setService('installed');
  expect(early.status).toBe(409);
  // The installer came: the order's window is now behind us (as a staff change would move it).
  const past = `NSW-past-${id}`;
  await deployment.db.query(
    `INSERT INTO slot_windows (id, state, starts_at, ends_at, capacity, created_at)
     VALUES ($1, 'NSW', now() - interval '3 hours', now() - interval '1 hour', 1, now())`,
    [past],
  );
  await deployment.db.query(
    `UPDATE reservations SET window_id = $1
     WHERE reservation_id = (SELECT reservation_id FROM orders WHERE id = $2)`,
    [past, id],
  );
  expect((await setService('installed', 'Fibre connected')).status).toBe(200);

  await page.reload();
  await expect(page.getByText('Installed', { exact: true }).first()).toBeVisible();
  await expect(progress.locator('[aria-current="step"]')).toHaveText(/Installed/);
  await expectNoSeriousA11yViolations(page);

  expect((await setService('active')).status).toBe(200);
  await page.reload();
  await expect(progress.locator('[aria-current="step"]')).toHaveText(/Active/);
  await expect(progress.getByRole('listitem')).toHaveText([
    /^✓\s*Ordered/,
    /^✓\s*Installation booked/,
    /^✓\s*Installed/,
    /^✓\s*Active/,
  ]);
  await captureStep(page, 'order-page-service-active');
});

test('a guessed or altered order link answers 404 and shows "not found"; guessing is rate-limited', async ({
  page,
  deployment,
  baseURL,
}) => {
  const { path } = await placeOrder(deployment, 'gus.guess@example.com', 3);
  const token = path.split('/').pop()!;
  const altered = `/order/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

  const answer = page.waitForResponse((r) => r.url().includes('/api/v1/public/orders/'));
  await page.goto(altered);
  expect((await answer).status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Order not found', level: 1 })).toBeVisible();
  await expect(
    page.getByText(
      'We could not find this order. Please use the link in your latest email, or call us.',
    ),
  ).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: `Call us on ${supportPhone}` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'the order page, not found' });
  await captureStep(page, 'order-page-not-found');

  // Two more guesses spend the minute's budget; the next is refused, in the page too.
  for (const guess of ['x'.repeat(43), randomUUID()]) {
    const res = await page.request.get(`${baseURL}/api/v1/public/orders/${guess}`);
    expect(res.status()).toBe(404);
  }
  const refused = page.waitForResponse((r) => r.url().includes('/api/v1/public/orders/'));
  await page.goto(`/order/${'y'.repeat(43)}`);
  expect((await refused).status()).toBe(429);
  await expect(
    page.getByText(
      'Too many order links that open no order from this address: please wait a minute and try again',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  // The real link still opens its order.
  await page.goto(path);
  await expect(heading(page)).toBeVisible();
});
