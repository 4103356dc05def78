import {
  dayLabelOfButton,
  offeredDays,
  toInstallation,
  windowButtons,
} from '../support/checkout.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Issue 28, item 3: on fresh clones the first visitor's first press on a day was lost now and
// then. A server of this spec's own, started fresh (its database new, nothing kept or cached):
// the first day offered, pressed the moment it is offered, shows its windows after that one press.

test.use({ serverEnv: { RESERVATION_HOLD_SECONDS: '600' } });
test.setTimeout(120_000);

test('on a fresh server, the first day pressed as soon as it is offered shows its windows', async ({
  wizard,
  page,
  request,
}) => {
  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  await toInstallation(wizard, addresses.pyrmont, { router: paid });

  // Offered: a day button that is neither disabled nor aria-disabled (still loading).
  const first = offeredDays(wizard).first();
  await first.click();
  const name = await first.getAttribute('aria-label');
  await expect(
    page.getByRole('heading', {
      name: `Arrival windows on ${dayLabelOfButton(name!)}`,
      exact: true,
    }),
  ).toBeVisible();
  await expect(windowButtons(wizard).first()).toBeVisible();
  await expect(
    page.getByRole('gridcell', { selected: true }).getByRole('button'),
  ).toHaveAccessibleName(name!);
});
