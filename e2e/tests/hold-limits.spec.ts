import {
  chooseFreeDay,
  holdTimer,
  holdWindow,
  recordListedSlots,
  toInstallation,
  windowButtons,
  type ListedSlot,
} from '../support/checkout.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

// Slot hoarding (docs/decisions/010-limits.md): one address holds at most HOLDS_PER_CLIENT live
// windows, one wizard one at a time. Every request here comes from 127.0.0.1, the wizard's and
// the API's alike, so this spec runs on its own server with a limit of 2.
test.use({ serverEnv: { HOLDS_PER_CLIENT: '2' } });

const tooMany =
  'This address already holds 2 installation times, the most we keep for one connection. Please finish or cancel an order, or try again in a few minutes.';

test("a refused hold shows the server's 429 message where a taken window's alert goes; the wizard holds one window at a time", async ({
  wizard,
  page,
  request,
}) => {
  const paid = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers).paid;
  const listed = recordListedSlots(page);
  await toInstallation(wizard, addresses.pyrmont, { router: paid });
  await chooseFreeDay(wizard, 'last');
  await expect.poll(() => listed.length).toBeGreaterThan(4);

  // Someone else at this address (no session) holds two windows of the first day.
  const apiHold = (slot: ListedSlot) =>
    request.post('/api/v1/demo/reservations', {
      data: { booking_id: slot.booking_id, start: slot.start, end: slot.end },
    });
  const windows = [...new Map(listed.map((s) => [s.booking_id, s])).values()];
  const first = await apiHold(windows[0]!);
  expect(first.status()).toBe(201);
  expect((await apiHold(windows[1]!)).status()).toBe(201);

  await windowButtons(wizard).first().click();
  const alert = page.getByRole('alert').filter({ hasText: tooMany });
  await expect(alert).toHaveText(tooMany);
  await expect(holdTimer(wizard)).toHaveCount(0);

  // One of the two is let go: the wizard holds, then moves to another window.
  const { reservation_id } = (await first.json()) as { reservation_id: string };
  expect((await request.delete(`/api/v1/demo/reservations/${reservation_id}`)).status()).toBe(204);
  await holdWindow(wizard, 0);
  await expect(alert).toHaveCount(0);
  await holdWindow(wizard, 1);

  // The wizard's first hold was released when it took the second: the address has two live holds
  // (the wizard's one and the API's one), so a third is refused.
  const third = await apiHold(windows[2]!);
  expect(third.status()).toBe(429);
  expect(await third.json()).toEqual({ error: 'too_many_holds', message: tooMany });
});
