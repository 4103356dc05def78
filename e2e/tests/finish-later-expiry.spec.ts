import { finishLaterMessages as words } from '@fibre/domain/shared';
import { bookFirstWindow, toInstallation } from '../support/checkout.ts';
import { expectNoSeriousA11yViolations, captureStep } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, LINK_SUBJECT, linksOf, mailTo, test } from '../support/finish-later.ts';

// docs/rules/mail.md, "Finish later": a link opened after it expired says so, with a way to start
// again. FINISH_LATER_SECONDS stands for FINISH_LATER_DAYS here, so the link expires in seconds.

test.describe.configure({ mode: 'default', timeout: 180_000 });
test.use({ finishLaterEnv: { FINISH_LATER_SECONDS: '2' } });

test('an expired link shows a clear message', async ({ wizard, page, browser, deployment }) => {
  const email = 'expired.link@example.com';
  const { paid } = routerNames((await fetchCatalogue(page.request, 'G1A2B3')).routers);
  await toInstallation(wizard, addresses.pyrmont, {
    router: paid,
    contact: { email, confirmEmail: email },
  });
  await bookFirstWindow(wizard);
  await page.getByRole('button', { name: words.button }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  const { resume } = linksOf(await mailTo(deployment.smtp, email, LINK_SUBJECT));
  // The mail came after the link was made; two seconds on, it has expired.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const context = await browser.newContext({ baseURL: deployment.server.baseURL });
  const other = await context.newPage();
  await other.goto(resume);
  await expect(other.getByRole('heading', { name: words.expiredHeading })).toBeVisible();
  await expect(other.getByText(words.expired)).toBeVisible();
  await expectNoSeriousA11yViolations(other, { label: 'an expired link' });
  await captureStep(other, 'resume-link-expired');
  await context.close();
});
