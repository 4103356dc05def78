import { finishLaterMessages as words } from '@fibre/domain/shared';
import type { Browser, Page } from '@playwright/test';
import { bookFirstWindow, fillCard, cards, holdTimer } from '../support/checkout.ts';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPageName,
  narrowViewport,
  captureStep,
} from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import {
  expect,
  LINK_SUBJECT,
  linksOf,
  mailsTo,
  mailTo,
  REMINDER_SUBJECT,
  test,
} from '../support/finish-later.ts';
import { advanceServerClock, testClockEnv } from '../support/clock.ts';
import { demoCatalogue } from '../support/legal.ts';
import { startAtInstallation } from '../support/reach.ts';
import { Wizard } from '../support/wizard.ts';

// Issue 34, items 1 and 2 (docs/rules/mail.md, "Finish later" and "The reminder to finish"): a
// visitor asks for the link on Payment, closes the tab, and the mailed link opens the sign-up in
// another browser on Payment with the choices kept and no card data; the link works once; the one
// reminder goes to those who asked, after ABANDONED_REMINDER_SECONDS here (the server's clock moved
// past them), and the unsubscribe link stops it. A server of this spec's own with a local SMTP
// receiver.

test.describe.configure({ mode: 'default', timeout: 240_000 });
// A delay long enough for a visitor to unsubscribe before it ends; the test then moves the
// server's clock past it (e2e/README.md, "Time") instead of waiting. The reminder sweep runs every
// sixth of the delay (signups/reminder.ts), so ten seconds here.
const REMINDER_SECONDS = 60;
test.use({
  finishLaterEnv: {
    ABANDONED_REMINDER: 'on',
    ABANDONED_REMINDER_SECONDS: String(REMINDER_SECONDS),
    ...testClockEnv,
  },
});

let paidRouter = '';
test.beforeEach(async ({ request }) => {
  paidRouter ||= routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
});

/**
 * Step 6 for `email`, then the card number typed (never saved): the sign-up starts on Installation
 * from the wizard's saved state (support/reach.ts, e2e/README.md "Reaching a step"); the window is
 * held there as a visitor does.
 */
async function toPayment(wizard: Wizard, email: string): Promise<void> {
  await startAtInstallation(wizard, addresses.pyrmont, {
    router: paidRouter,
    contact: { email, confirmEmail: email },
  });
  await bookFirstWindow(wizard);
  await fillCard(wizard, { number: cards.visa });
}

/** Presses 'Email me a link to finish later' and waits for the wizard to say it was sent. */
async function askForLink(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: words.button }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toContainText(
    `We've emailed a link to ${email}.`,
  );
}

async function openInNewBrowser(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

const first = 'finish.later@example.com';
const reminded = 'reminded@example.com';
const never = 'never.asked@example.com';
const unsubscribing = 'unsubscribing@example.com';
const marker = 'marker@example.com';

test('the mailed link opens the sign-up on Payment in another browser, without card data, once', async ({
  wizard,
  page,
  browser,
  deployment,
}) => {
  await toPayment(wizard, first);
  await askForLink(page, first);
  await expectNoSeriousA11yViolations(page, { label: 'payment with the link sent' });
  await captureStep(page, 'step6-finish-later-sent');
  await page.setViewportSize(narrowViewport);
  await expectNoHorizontalScroll(page);
  await page.context().close();

  const mail = await mailTo(deployment.smtp, first, LINK_SUBJECT);
  const { resume } = linksOf(mail);
  const baseURL = deployment.server.baseURL;

  const other = await openInNewBrowser(browser, baseURL, resume);
  const restored = new Wizard(other.page);
  // The link's page opens the sign-up, then the wizard.
  await other.page.waitForURL((url) => url.pathname === '/');
  await expectPageName(other.page, 'Payment');
  // The choices kept: the router in the order summary, the hold's timer; the card typed is not.
  await expect(other.page.getByText(paidRouter).first()).toBeVisible();
  await expect(restored.field('Card number')).toHaveValue('');
  await expect(other.page.getByRole('button', { name: words.button })).toBeVisible();
  // Go back on the opened sign-up is one step, as if walked: Installation, the hold kept.
  await restored.button('Go back').click();
  await expectPageName(other.page, 'Installation');
  await expect(holdTimer(restored)).toBeVisible();
  await other.context.close();

  // The same link again, in yet another browser: a clear message and a way to start again.
  const again = await openInNewBrowser(browser, baseURL, resume);
  await expect(again.page.getByRole('heading', { name: words.usedHeading })).toBeVisible();
  await expect(again.page.getByText(words.used)).toBeVisible();
  await expect(again.page.getByRole('link', { name: words.startAgain })).toHaveAttribute(
    'href',
    '/',
  );
  // Issue 43, item 10: no dead end. The page's header (the provider's name), the support phone,
  // and a new link mailed where the first went, the page never saying to whom.
  const used = again.page;
  await expect(used.getByRole('banner').getByRole('link', { name: 'Demo Fibre' })).toBeVisible();
  await expect(used.getByRole('main').getByRole('link', { name: /^\d[\d ]+$/ })).toHaveAttribute(
    'href',
    /^tel:/,
  );
  await expectNoSeriousA11yViolations(used, { label: 'a used link' });
  await used.getByRole('button', { name: words.newLinkButton }).click();
  await expect(used.getByRole('status').filter({ hasText: /new link/ })).toHaveText(
    /^We've emailed a new link to the address this one was sent to\. It works once, until \d{1,2} \w+\.$/,
  );
  await expect(used.getByText(first)).toHaveCount(0);
  await expectNoSeriousA11yViolations(used, { label: 'a used link, a new one sent' });
  await captureStep(used, 'resume-link-used');
  await expect
    .poll(() => mailsTo(deployment.smtp, first, LINK_SUBJECT).length, { timeout: 90_000 })
    .toBe(2);
  const fresh = linksOf(mailsTo(deployment.smtp, first, LINK_SUBJECT)[1]!).resume;
  expect(fresh).not.toBe(resume);
  // Pressed again from the used link: a newer one was sent, nothing more is mailed.
  await used.reload();
  await used.getByRole('button', { name: words.newLinkButton }).click();
  await expect(used.getByRole('alert')).toHaveText(words.newerLinkSent);
  await again.page.setViewportSize(narrowViewport);
  await expectNoHorizontalScroll(again.page);
  // The new link opens the sign-up.
  await used.goto(fresh);
  await used.waitForURL((url) => url.pathname === '/');
  await expectPageName(used, 'Payment');
  // A link that opens nothing.
  await again.page.goto('/resume/not-a-token');
  await expect(again.page.getByRole('heading', { name: words.notFoundHeading })).toBeVisible();
  await again.context.close();
});

test('one reminder for a visitor who asked, none for one who did not, none after unsubscribing', async ({
  browser,
  deployment,
  request,
}) => {
  const { smtp } = deployment;
  const baseURL = deployment.server.baseURL;
  const visitor = async (email: string, ask: boolean) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await toPayment(new Wizard(page), email);
    if (ask) await askForLink(page, email);
    await context.close();
  };
  await visitor(reminded, true);
  await visitor(never, false);
  await visitor(unsubscribing, true);

  // The unsubscribe link of the mail asked for: a page that asks, then one click.
  const { unsubscribe } = linksOf(await mailTo(smtp, unsubscribing, LINK_SUBJECT));
  const { context, page } = await openInNewBrowser(browser, baseURL, unsubscribe);
  await expect(page.getByRole('heading', { name: words.unsubscribeHeading })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'the unsubscribe page' });
  await captureStep(page, 'unsubscribe');
  await page.setViewportSize(narrowViewport);
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: words.unsubscribeButton }).click();
  await expect(page.getByRole('heading', { name: words.unsubscribedHeading })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'unsubscribed' });
  await context.close();

  // A visitor who asks after them: once their reminder comes, every earlier one was due too.
  await visitor(marker, true);
  await advanceServerClock(request, REMINDER_SECONDS * 1000);
  await mailTo(smtp, marker, REMINDER_SUBJECT);
  const reminder = await mailTo(smtp, reminded, REMINDER_SUBJECT);
  expect(reminder.text).toContain('/resume/');
  expect(reminder.text).toMatch(/Questions\? Call .+ or email /);
  expect(mailsTo(smtp, reminded, REMINDER_SUBJECT)).toHaveLength(1);
  expect(mailsTo(smtp, never, /./)).toHaveLength(0);
  expect(mailsTo(smtp, unsubscribing, REMINDER_SUBJECT)).toHaveLength(0);
});

// docs/rules/mail.md, "The reminder to finish": the marketing box ticked on Payment, without
// asking for the link, is consent to the one reminder; unticked, it is withdrawn.
const ticked = 'ticked.box@example.com';
const unticked = 'unticked.box@example.com';
const tickMarker = 'tick.marker@example.com';

test('one reminder for a visitor who ticked the marketing box, none once unticked; its unsubscribe link works', async ({
  browser,
  deployment,
  request,
}) => {
  const { smtp } = deployment;
  const baseURL = deployment.server.baseURL;
  const marketingWords = demoCatalogue().notices!.marketing!;
  const visitor = async (email: string, untick: boolean) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await toPayment(new Wizard(page), email);
    const box = page.getByRole('checkbox', { name: marketingWords, exact: true });
    const saved = page.waitForResponse((r) => r.url().endsWith('/signups/remind-me'));
    await box.check();
    expect((await saved).status()).toBe(202);
    if (untick) {
      const withdrawn = page.waitForResponse((r) => r.url().includes('/signups/withdraw/'));
      await box.uncheck();
      expect((await withdrawn).status()).toBe(204);
    }
    await context.close();
  };
  await visitor(ticked, false);
  await visitor(unticked, true);
  // A visitor who ticks after them: once their reminder comes, every earlier one was due too.
  await visitor(tickMarker, false);
  await advanceServerClock(request, REMINDER_SECONDS * 1000);
  await mailTo(smtp, tickMarker, REMINDER_SUBJECT);

  const reminder = await mailTo(smtp, ticked, REMINDER_SUBJECT);
  expect(reminder.text).toContain('/resume/');
  expect(mailsTo(smtp, ticked, /./)).toHaveLength(1);
  expect(mailsTo(smtp, unticked, /./)).toHaveLength(0);

  // The reminder's unsubscribe link, in one click.
  const { unsubscribe } = linksOf(reminder);
  const { context, page } = await openInNewBrowser(browser, baseURL, unsubscribe);
  await page.getByRole('button', { name: words.unsubscribeButton }).click();
  await expect(page.getByRole('heading', { name: words.unsubscribedHeading })).toBeVisible();
  await context.close();
});
