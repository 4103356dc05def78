// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingSlot } from '@fibre/domain/api';
import { timeLabel } from '@fibre/domain/scheduling';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { renderInWizard } from '../../../test-support/render.tsx';
import { contactDoneState, orderState } from '../../../test-support/wizard-state.ts';
import { rememberExtension } from '../../hold/extension-memory.ts';
import type { WizardState } from '../../store/state.ts';
import { InstallationStep } from './installation-step.tsx';

// 'Need more time?' (docs/rules/installation-and-holds.md#extending-a-hold) on the Installation
// step, as the visitor meets it: the address is in WA, so times are Perth's.

const ZONE = 'Australia/Perth';
const address = orderState.address.value!;
const day = '2030-03-20';
const at = (h: number) => `${day}T${String(h).padStart(2, '0')}:00:00+08:00`;
const slot: BookingSlot = {
  id: `WA-${day}T08:00~crew-1`,
  event_id: `WA-${day}T08:00~crew-1`,
  booking_id: `WA-${day}T08:00`,
  start: at(8),
  end: at(10),
  start_datetime_original_iso_str: at(8),
  end_datetime_original_iso_str: at(10),
};

/** Step 5 with a window held for `secondsLeft` more seconds. */
const holding = (secondsLeft: number) =>
  ({
    ...contactDoneState,
    step: 'installation',
    bookings: { date: day },
    reservations: {
      reservation: {
        reservation_id: 'r-1',
        event_id: slot.event_id,
        expires_at: new Date(Date.now() + secondsLeft * 1000).toISOString(),
      },
      slot: { ...slot, formattedAddress: address.formatted_address },
      lost: false,
      booked: false,
    },
  }) satisfies WizardState;

const offerButton = () => screen.queryByRole('button', { name: 'Add 10 more minutes' });
const timer = () => screen.getByRole('timer').textContent;
/** What the status lines say (the calendar has status lines of its own), one after another. */
const said = () =>
  screen
    .getAllByRole('status')
    .map((s) => s.textContent)
    .join(' | ');
/** The hold's status line: the one saying `text`. */
const statusSaying = (text: string) =>
  screen.getAllByRole('status').find((s) => s.textContent?.startsWith(text));

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  server = fakeServer();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const extensions = () => server.matching('POST', /\/reservations\/[^/]+\/extend$/);

describe('extending a hold', () => {
  it('offers nothing before the last minute, then once, politely, at one minute left', async () => {
    renderInWizard(<InstallationStep />, { state: holding(63) });
    await waitFor(() => expect(timer()).toBe('01:03'));
    expect(offerButton()).toBeNull();
    expect(said()).not.toContain('Need more time?');
    act(() => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(offerButton()).not.toBeNull());
    expect(timer()).toBe('01:00');
    // In a polite status region that was on the page before the offer, so it is announced; no
    // dialog, and focus stays where it was.
    expect(
      statusSaying(
        'Need more time? Your installation time is held for less than a minute. You can add 10 more minutes, once.',
      ),
    ).toBeDefined();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).not.toBe(offerButton());
  });

  it('accepting renews the hold on the server, announces until when, then the countdown goes forward', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderInWizard(<InstallationStep />, { state: holding(45) });
    const button = await waitFor(() => offerButton()!);
    // Record each change of the page: the countdown must never move before the announcement.
    const seen: Array<{ clock: string | null; said: string }> = [];
    const observer = new MutationObserver(() =>
      seen.push({ clock: screen.queryByRole('timer')?.textContent ?? null, said: said() }),
    );
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });

    await user.click(button);
    expect(extensions()).toHaveLength(1);
    const call = extensions()[0]!;
    expect(call.url.pathname).toBe('/api/v1/demo/reservations/r-1/extend');
    expect(call.headers['x-hold-session']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    // Busy while it runs: pressing again sends nothing.
    expect(offerButton()!.getAttribute('aria-busy')).toBe('true');
    await user.click(offerButton()!);
    expect(extensions()).toHaveLength(1);

    const askedAt = Date.now();
    act(() =>
      call.respond(200, {
        reservation_id: 'r-1',
        event_id: slot.event_id,
        expires_at: new Date(askedAt + 600_000).toISOString(),
      }),
    );
    const until = timeLabel(askedAt + 600_000, ZONE);
    await waitFor(() => expect(timer()).toMatch(/^(10:00|09:59)$/));
    observer.disconnect();
    const done = statusSaying(`Done: your installation time is now held until ${until}.`);
    expect(done?.textContent).toBe(`Done: your installation time is now held until ${until}.`);
    const firstForward = seen.findIndex((s) => s.clock !== null && s.clock >= '09:00');
    expect(firstForward).toBeGreaterThan(0);
    expect(seen[firstForward - 1]!.said).toContain('Done: your installation time is now held');
    expect(offerButton()).toBeNull();
    // Focus goes from the button that went to what happened.
    await waitFor(() => expect(document.activeElement).toBe(done));

    // Once per hold: at one minute left again, nothing is offered.
    act(() => vi.advanceTimersByTime(550_000));
    await waitFor(() => expect(timer()).toMatch(/^00:[45]\d$/));
    expect(offerButton()).toBeNull();
    expect(extensions()).toHaveLength(1);
  });

  it('a refusal is said, the old countdown goes on, and it is not offered again', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderInWizard(<InstallationStep />, { state: holding(40) });
    await user.click(await waitFor(() => offerButton()!));
    act(() =>
      extensions()[0]!.respond(409, {
        error: 'reservation_extended',
        message: 'This installation time has already been extended once',
      }),
    );
    const refusal =
      'Sorry, we couldn’t add more time. Your installation time is held until the countdown ends.';
    await waitFor(() => expect(statusSaying(refusal)?.textContent).toBe(refusal));
    expect(timer()! < '00:41').toBe(true);
    expect(offerButton()).toBeNull();
    act(() => vi.advanceTimersByTime(5000));
    expect(offerButton()).toBeNull();
  });

  it("another hold's spent extension does not count: a new hold is offered", async () => {
    rememberExtension('r-0', 'refused');
    renderInWizard(<InstallationStep />, { state: holding(30) });
    await waitFor(() => expect(offerButton()).not.toBeNull());
  });

  it('a hold already extended (a reload) is not offered again', async () => {
    rememberExtension('r-1', 'extended');
    renderInWizard(<InstallationStep />, { state: holding(30) });
    await waitFor(() => expect(timer()).toBe('00:30'));
    expect(offerButton()).toBeNull();
  });
});
