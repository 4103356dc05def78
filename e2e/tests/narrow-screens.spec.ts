import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  chooseFreeDay,
  expectWelcome,
  fillCard,
  acceptCharges,
  holdWindow,
} from '../support/checkout.ts';
import {
  expectFitsWindowWidth,
  expectNoSeriousA11yViolations,
  expectPageName,
  narrowViewport,
  nextFrames,
  screenshotDir,
  viewports,
  waitForAnimations,
} from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
// A server of this spec's own that mails, so the order page's link can be read from the mail.
import { confirmationTo, expect, test } from '../support/mailing.ts';

// Issue 31, item 6 (docs/rules/wizard-flow.md#narrow-screens): on a 320 px wide phone no page
// scrolls sideways. A whole sign-up at 320x640 with the test card, every step and its dialogs,
// then the customer's order page from the confirmation mail and the console's sign-in: on each
// the document is exactly as wide as the window, axe finds nothing serious, and screenshots at
// 320x640 and 390x844 are saved (e2e/screenshots/narrow-<name>-<w>x<h>.png) to be looked at.

test.use({ viewport: narrowViewport });

/**
 * At 320 px: exactly as wide as the window, and no serious axe violation; then screenshots at
 * 320x640 and 390x844 (the full page, or the window while a dialog is open), back at 320 after.
 */
async function look(page: Page, name: string): Promise<void> {
  await waitForAnimations(page);
  await expectFitsWindowWidth(page, name);
  await expectNoSeriousA11yViolations(page, { label: `${name} at 320 px` });
  for (const size of [narrowViewport, viewports.phone]) {
    await page.setViewportSize(size);
    await nextFrames(page);
    await waitForAnimations(page);
    await expectFitsWindowWidth(page, `${name} at ${size.width}x${size.height}`);
    const modal = await page.getByRole('dialog').first().isVisible();
    const scrolled = await page.evaluate(() => window.scrollY);
    if (!modal) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: join(screenshotDir, `narrow-${name}-${size.width}x${size.height}.png`),
      fullPage: !modal,
      animations: 'disabled',
    });
    if (!modal) await page.evaluate((y) => window.scrollTo(0, y), scrolled);
  }
  await page.setViewportSize(narrowViewport);
  await nextFrames(page);
}

test('a whole sign-up at 320 px wide, the order page and the console sign-in: no page scrolls sideways', async ({
  wizard,
  page,
  request,
  deployment,
}) => {
  test.setTimeout(240_000);
  const { byo, paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  const email = 'narrow.screen@example.com';

  // Step 1, its suggestions and the availability dialog.
  await wizard.goto();
  await expect(wizard.addressField).toBeVisible();
  await look(page, 'step1-check-address');
  // The header's Menu stays on the bar's first line, and its panel fits too.
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  const brand = page.getByRole('banner').getByRole('link').first();
  const middle = async (locator: typeof menu) => {
    const box = (await locator.boundingBox())!;
    return box.y + box.height / 2;
  };
  expect(Math.abs((await middle(menu)) - (await middle(brand)))).toBeLessThan(8);
  await menu.click();
  await expect(page.getByRole('navigation', { name: 'Site' })).toBeVisible();
  await look(page, 'header-menu-open');
  await menu.click();
  await wizard.addressField.fill(addresses.pyrmont.typed);
  await expect(page.getByRole('option', { name: addresses.pyrmont.address })).toBeVisible();
  await look(page, 'step1-suggestions');
  await page.getByRole('option', { name: addresses.pyrmont.address }).click();
  await wizard.button('Submit').click();
  await expect(wizard.dialogWithHeading('Great News!')).toBeVisible();
  await look(page, 'step1-dialog');
  await wizard.dialog.getByRole('button', { name: 'View plans', exact: true }).click();
  await expectPageName(page, 'Build Plan');

  // Step 2 and the router dialog.
  await expect(wizard.card('Boost 100')).toBeVisible();
  await look(page, 'step2-build-plan');
  await wizard.toggleOption('Most Popular').click();
  await look(page, 'step2-most-popular');
  await wizard.toggleOption('All Plans').click();
  await wizard.card(byo).click();
  await expect(wizard.dialog).toBeVisible();
  await look(page, 'step2-router-dialog');
  await page.keyboard.press('Escape');
  await expect(wizard.dialog).toBeHidden();
  await wizard.addToCart({ router: paid });

  // Step 3, with its messages, and step 4.
  await look(page, 'step3-contact-info');
  await wizard.button('Continue').click();
  await expect(wizard.message('First name is required')).toBeVisible();
  await look(page, 'step3-contact-errors');
  await wizard.toConnectionDetails({ email, confirmEmail: email });
  await look(page, 'step4-connection-details');
  await wizard.field('Unit').fill('12');
  await wizard.button('Continue').click();
  await expectPageName(page, 'Installation');

  // Step 5: the calendar, a day, a held window.
  await expect(page.getByRole('grid').first()).toBeVisible();
  await look(page, 'step5-installation');
  await chooseFreeDay(wizard, 2);
  await holdWindow(wizard, 0);
  await look(page, 'step5-installation-held');
  await wizard.button('Continue').click();
  await expectPageName(page, 'Payment');

  // Step 6, filled in, then step 7.
  await fillCard(wizard, { number: '4111 1111 1111 1111' });
  await acceptCharges(wizard);
  await look(page, 'step6-payment');
  await wizard.button('Submit').click();
  await expectWelcome(wizard);
  await look(page, 'step7-welcome');

  // The customer's order page, from the link in the confirmation mail.
  const mail = await confirmationTo(deployment.smtp, email);
  const link = /https?:\/\/\S+\/order\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
  expect(link, 'the order link in the confirmation mail').toBeDefined();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Your order', level: 1 })).toBeVisible();
  await look(page, 'order-page');
  await page.getByRole('button', { name: 'Change installation time' }).click();
  await expect(page.getByRole('grid').first()).toBeVisible();
  await look(page, 'order-page-reschedule');

  // The console's sign-in.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Operator sign in', level: 1 })).toBeVisible();
  await look(page, 'console-sign-in');
});
