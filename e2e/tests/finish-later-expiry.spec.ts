import { finishLaterMessages as words } from '@fibre/domain/shared';
import { bookFirstWindow, toInstallation } from '../support/checkout.ts';
import { expectNoSeriousA11yViolations, captureStep } from '../support/checks.ts';
import { advanceServerClock, installServerClock, testClockEnv } from '../support/clock.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, LINK_SUBJECT, linksOf, mailTo, test } from '../support/finish-later.ts';

// docs/rules/mail.md, "Finish later": a link opened after it expired says so, with a way to start
// again. The link lasts FINISH_LATER_DAYS; the server's clock is one the test moves (e2e/README.md,
// "Time"), so the link expires when the clock passes its end, not after a wait.

const LINK_DAYS = 7;
test.describe.configure({ mode: 'default', timeout: 180_000 });
test.use({ finishLaterEnv: { FINISH_LATER_DAYS: String(LINK_DAYS), ...testClockEnv } });

test('an expired link shows a clear message', async ({
  wizard,
  page,
  browser,
  deployment,
  request,
}) => {
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
  // The mail came after the link was made; its days and a minute on, it has expired.
  await advanceServerClock(request, LINK_DAYS * 86_400_000 + 60_000);
  const context = await browser.newContext({ baseURL: deployment.server.baseURL });
  const other = await context.newPage();
  await installServerClock(other, request);
  await other.goto(resume);
  await expect(other.getByRole('heading', { name: words.expiredHeading })).toBeVisible();
  await expect(other.getByText(words.expired)).toBeVisible();
  await expectNoSeriousA11yViolations(other, { label: 'an expired link' });
  await captureStep(other, 'resume-link-expired');
  await context.close();
});
