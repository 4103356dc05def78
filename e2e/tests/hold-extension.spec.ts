import {
  acceptCharges,
  cards,
  chooseFreeDay,
  expectWelcome,
  fillCard,
  holdTimer,
  holdWindow,
  toInstallation,
} from '../support/checkout.ts';
import { captureStep, expectNoSeriousA11yViolations, expectPageName } from '../support/checks.ts';
import { advanceClocks, installServerClock, serverNow, testClockEnv } from '../support/clock.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Issue 17, item 5 (docs/rules/installation-and-holds.md#extending-a-hold): one minute before a
// hold runs out the wizard offers 'Need more time?' once; accepting renews the hold on the server.
// On a server of this spec's own whose holds last HOLD_SECONDS and whose clock the test moves
// (e2e/README.md, "Time"): the server's clock and the page's go on together, never by waiting.

const HOLD_SECONDS = 70;
test.use({ serverEnv: { RESERVATION_HOLD_SECONDS: String(HOLD_SECONDS), ...testClockEnv } });
test.describe.configure({ mode: 'default', timeout: 180_000 });

const extendPath = /\/reservations\/[^/]+\/extend$/;

test("'Need more time?' is offered once at one minute left, on Installation and Payment; accepting renews the server's hold, so the order is placed after the first hold would have run out", async ({
  wizard,
  page,
  request,
}) => {
  const paidRouter = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
  await installServerClock(page, request);
  await toInstallation(wizard, addresses.pyrmont, { router: paidRouter });
  await chooseFreeDay(wizard, 0);
  const reserved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/reservations$/.test(new URL(r.url()).pathname),
  );
  await holdWindow(wizard, 0);
  const hold = (await (await reserved).json()) as { reservation_id: string; expires_at: string };

  // More than a minute left: nothing offered yet.
  const offer = page.getByRole('button', { name: 'Add 1 more minute', exact: true });
  const status = (text: string) => page.getByRole('status').filter({ hasText: text });
  await expect(holdTimer(wizard)).toHaveText(/^01:\d\d$/);
  await expect(offer).toHaveCount(0);

  // At one minute left, on Installation: a polite status line and a button, no dialog.
  await advanceClocks(page, request, 15_000);
  await expect(holdTimer(wizard)).toHaveText(/^00:[3-5]\d$/);
  await expect(offer).toBeVisible();
  await expect(status('Need more time?')).toHaveText(
    'Need more time? Your installation time is held for less than a minute. You can add 1 more minute, once.',
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The same hold's offer is on Payment too.
  await wizard.button('Continue').click();
  await expectPageName(page, 'Payment');
  await expect(offer).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: "the 'Need more time?' offer" });
  await captureStep(page, 'step6-need-more-time');
  await fillCard(wizard, { number: cards.visa });
  await acceptCharges(wizard);

  // Accepted from the keyboard with half a minute left.
  const left = Date.parse(hold.expires_at) - (await serverNow(request));
  await advanceClocks(page, request, Math.max(0, left - 25_000));
  await expect(holdTimer(wizard)).toHaveText(/^00:[0-2]\d$/);
  const extended = page.waitForResponse(
    (r) => r.request().method() === 'POST' && extendPath.test(new URL(r.url()).pathname),
  );
  await offer.focus();
  await page.keyboard.press('Enter');
  const answer = await extended;
  expect(answer.status()).toBe(200);
  const renewed = (await answer.json()) as { reservation_id: string; expires_at: string };
  expect(renewed.reservation_id).toBe(hold.reservation_id);
  // Another hold period from the moment it was renewed: at least 40 seconds past the first expiry.
  expect(Date.parse(renewed.expires_at) - Date.parse(hold.expires_at)).toBeGreaterThan(40_000);

  // Announced, then the countdown goes forward; focus goes from the button to what happened.
  const done = status('Done: your installation time');
  await expect(done).toHaveText(
    /^Done: your installation time is now held until \d{1,2}:\d\d[ap]m\.$/,
  );
  await expect(done).toBeFocused();
  await expect(holdTimer(wizard)).toHaveText(/^01:[01]\d$/);
  await expect(offer).toHaveCount(0);

  // Once per hold, on the server too: a second renewal is refused.
  const session = await page.evaluate(() => sessionStorage.getItem('fibre.hold-session'));
  const again = await request.post(`/api/v1/demo/reservations/${hold.reservation_id}/extend`, {
    headers: { 'X-Hold-Session': session ?? '' },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ error: 'reservation_extended' });

  // The first hold's end passes: no 'Reservation timed out', and at under a minute left again
  // nothing is offered.
  await advanceClocks(
    page,
    request,
    Math.max(0, Date.parse(hold.expires_at) + 2000 - (await serverNow(request))),
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(holdTimer(wizard)).toHaveText(/^00:[2-5]\d$/);
  await expect(offer).toHaveCount(0);

  // The server still holds the window: the order books it.
  await wizard.button('Submit').click();
  await expectWelcome(wizard);
});
