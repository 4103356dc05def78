import {
  chooseFreeDay,
  expectWelcome,
  holdWindow,
  installationLabels,
  pay,
  stateTimeZones,
  toInstallation,
} from '../support/checkout.ts';
import { queryHaltedServer } from '../support/database.ts';
import { addresses, fetchCatalogue, routerNames, type DemoAddress } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Issue 5: the window step 7 shows is the window the order stored, read in the zone of the
// address's state (docs/rules/installation-and-holds.md), whatever zone the browser is in. Sign-ups
// from browsers in two zones, far from Australia and half an hour off the hour, for Sydney and
// Perth; then this spec's own server is halted and each stored booking is turned into words here,
// with Intl.

test.use({ serverEnv: { RESERVATION_HOLD_SECONDS: '600' } });
test.describe.configure({ mode: 'serial' });

interface Shown {
  email: string;
  state: string;
  /** Step 7's installation region, line by line. */
  lines: string[];
  /** What step 5 named when the window was chosen. */
  chosen: { day: string; window: string };
}
const shown: Shown[] = [];

let paidRouter = '';
test.beforeEach(async ({ request }) => {
  paidRouter ||= routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
});

/** Each zone's getTimezoneOffset() in late November 2026 (minutes behind UTC). */
const offsets: Record<string, number> = { 'America/New_York': 300, 'Asia/Kolkata': -330 };

const signUps: { browserZone: string; address: DemoAddress; day: number; window: number }[] = [
  { browserZone: 'America/New_York', address: addresses.pyrmont, day: 0, window: 0 },
  { browserZone: 'America/New_York', address: addresses.alkimos, day: 0, window: 0 },
  { browserZone: 'Asia/Kolkata', address: addresses.pyrmont, day: 1, window: 3 },
  { browserZone: 'Asia/Kolkata', address: addresses.alkimos, day: 1, window: 3 },
];

for (const { browserZone, address, day, window } of signUps) {
  test.describe(`a browser in ${browserZone}`, () => {
    test.use({ timezoneId: browserZone });

    test(`${address.address}: step 7 shows the window chosen at step 5`, async ({
      wizard,
      page,
    }) => {
      // The browser really is in that zone.
      expect(await page.evaluate(() => new Date('2026-11-30T00:00:00Z').getTimezoneOffset())).toBe(
        offsets[browserZone],
      );
      const email = `${browserZone.replace(/\W/g, '.')}.${address.state}@example.com`.toLowerCase();
      await toInstallation(wizard, address, { router: paidRouter, contact: { email } });
      const chosen = { day: await chooseFreeDay(wizard, day), window: '' };
      chosen.window = await holdWindow(wizard, window);
      await wizard.button('Continue').click();
      await pay(wizard);
      await expectWelcome(wizard);

      const install = page.getByRole('region', { name: 'Your installation' });
      const lines = (await install.innerText())
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      expect(lines).toContain(chosen.day);
      expect(lines).toContain(chosen.window);
      shown.push({ email, state: address.state, lines, chosen });
    });
  });
}

test('each stored booking, read in its state’s zone, is the day and window step 7 showed', async ({
  server,
}) => {
  expect(shown).toHaveLength(signUps.length);
  const stored = await queryHaltedServer<{ email: string; starts_at: Date; ends_at: Date }>(
    server.own!,
    `SELECT o.email, b.starts_at, b.ends_at FROM orders o JOIN bookings b ON b.order_id = o.id`,
  );
  for (const page of shown) {
    const booking = stored.find((row) => row.email === page.email);
    expect(booking, page.email).toBeDefined();
    const expected = installationLabels(
      booking!.starts_at,
      booking!.ends_at,
      stateTimeZones[page.state]!,
    );
    expect(page.lines, page.email).toContain(expected.day);
    expect(page.lines, page.email).toContain(expected.window);
    expect(page.chosen, page.email).toEqual({ day: expected.day, window: expected.window });
  }
});
