// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingSlot } from '@fibre/domain/api';
import { dayKeyButtonLabel, dayKeyLabel, monthKeyOf } from '@fibre/domain/scheduling';
import { messages } from '@fibre/domain/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { renderInWizard } from '../../../test-support/render.tsx';
import { contactDoneState, orderState } from '../../../test-support/wizard-state.ts';
import type { WizardState } from '../../store/state.ts';
import { useStepNavigation, useWizard } from '../../store/store-context.tsx';
import { useHoldLetGoBehind } from '../../hold/let-go-behind.ts';
import { InstallationStep } from './installation-step.tsx';
import { addMonths } from '../../../shared/booking-calendar/month-keys.ts';
import { useInstallationCalendar } from './use-installation-calendar.ts';

// Step 5's one owner, useInstallationCalendar, through the step as the visitor uses it
// (docs/rules/installation-and-holds.md). The address is in WA: every date is Perth's (+08:00).
// The clock starts at 9 am on Wednesday 2 December 2026 in Perth (and goes on from there), so the
// first bookable day is always the 4th and the days the tests choose always after it.

const ZONE = 'Australia/Perth';
const NOW = Date.parse('2026-12-02T01:00:00Z');
const address = orderState.address.value!;
const thisMonth = monthKeyOf(NOW, ZONE);
const nextMonth = addMonths(thisMonth, 1);

/** Step 5 with everything before it done, as a reload would restore it. */
const atInstallation: WizardState = { ...contactDoneState, step: 'installation' };

function slot(day: string, hour: number, crew = 1): BookingSlot {
  const at = (h: number) => `${day}T${String(h).padStart(2, '0')}:00:00+08:00`;
  const bookingId = `WA-${day}T${String(hour).padStart(2, '0')}:00`;
  return {
    id: `${bookingId}~crew-${crew}`,
    event_id: `${bookingId}~crew-${crew}`,
    booking_id: bookingId,
    start: at(hour),
    end: at(hour + 2),
    start_datetime_original_iso_str: at(hour),
    end_datetime_original_iso_str: at(hour + 2),
  };
}

const day20 = `${thisMonth}-20`;
const window8 = 'Arrival between 8:00am and 10:00am';
const window10 = 'Arrival between 10:00am and 12:00pm';
const reservation = (id: string) => ({
  reservation_id: id,
  event_id: `${id}~crew-1`,
  expires_at: new Date(Date.now() + 600_000).toISOString(),
});

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'], shouldAdvanceTime: true });
  server = fakeServer();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * A window's button by its name, 'Arrival between 8:00am and 10:00am'. jsdom lays nothing out, so
 * it drops the space the browser keeps between the label's two inline parts.
 */
const named = (label: string) => (name: string) =>
  name.replace(/^Arrival between(?=\d)/, 'Arrival between ') === label;
const windowButton = (label: string) => screen.getByRole('button', { name: named(label) });
const windowButtons = () =>
  screen.queryAllByRole('button', { name: (n) => n.startsWith('Arrival between') });

/** A day's button, named with the number it shows ('Sunday 20 December'; WCAG 2.5.3). */
const dayButton = (day: string) => screen.getByRole('button', { name: dayKeyButtonLabel(day) });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

/** Answers the bookings call of `month` (waiting for it to be sent). */
async function answerBookings(month: string, slots: BookingSlot[], status = 200) {
  await waitFor(() => expect(server.bookings(month).some((c) => !c.answered)).toBe(true));
  const call = server.bookings(month).find((c) => !c.answered)!;
  act(() => call.respond(status, status === 200 ? { booking_slots: slots } : { message: 'down' }));
}

/** Step 5 with this month's windows listed and day 20 chosen. */
async function onDay20(state: WizardState = atInstallation) {
  const user = userEvent.setup();
  const rendered = renderInWizard(<InstallationStep />, { state });
  await answerBookings(thisMonth, [slot(day20, 8), slot(day20, 8, 2), slot(day20, 10)]);
  await user.click(dayButton(day20));
  await screen.findByRole('heading', { name: `Arrival windows on ${dayKeyLabel(day20)}` });
  return { user, ...rendered };
}

describe('the calendar', () => {
  it("lists a day's windows once each, however many crews offer them", async () => {
    await onDay20();
    expect(windowButtons().map((b) => b.textContent)).toEqual([window8, window10]);
    expect(dayButton(`${thisMonth}-21`)).toHaveProperty('disabled', true);
  });

  it('fetches the next month before the visitor moves to it, and shows it from there', async () => {
    const user = userEvent.setup();
    renderInWizard(<InstallationStep />, { state: atInstallation });
    await answerBookings(thisMonth, [slot(day20, 8)]);
    // Prefetched: asked for while this month is on show.
    await waitFor(() => expect(server.bookings(nextMonth)).toHaveLength(1));
    const later = `${addMonths(nextMonth, 1)}-22`;
    await answerBookings(nextMonth, [slot(later, 8)]);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(dayButton(later)).toHaveProperty('disabled', false));
    // No second call for the month on show: the prefetched answer served it.
    expect(server.bookings(nextMonth)).toHaveLength(1);
  });

  it("a month's late answer does not show its windows once another month is on show", async () => {
    const user = userEvent.setup();
    renderInWizard(<InstallationStep />, { state: atInstallation });
    await waitFor(() => expect(server.bookings(thisMonth)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    const onlyLate = `${nextMonth}-21`;
    const onlyShown = `${nextMonth}-22`;
    await answerBookings(nextMonth, [slot(onlyShown, 8)]);
    await waitFor(() => expect(dayButton(onlyShown)).toHaveProperty('disabled', false));
    // This month's call (which covers next month too) answers last, with another day.
    await answerBookings(thisMonth, [slot(onlyLate, 8)]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(dayButton(onlyLate)).toHaveProperty('disabled', true);
    expect(dayButton(onlyShown)).toHaveProperty('disabled', false);
  });

  it("a failed load says so with 'Try again', which loads the windows again", async () => {
    const user = userEvent.setup();
    renderInWizard(<InstallationStep />, { state: atInstallation });
    await answerBookings(thisMonth, [], 503);
    const alert = await screen.findByText('We couldn’t load the installation times.');
    await user.click(within(alert.parentElement!).getByRole('button', { name: 'Try again' }));
    await answerBookings(thisMonth, [slot(day20, 8)]);
    await waitFor(() => expect(dayButton(day20)).toHaveProperty('disabled', false));
    expect(screen.queryByText('We couldn’t load the installation times.')).toBeNull();
  });
});

// docs/rules/installation-and-holds.md, the calendar: while the dates load, a press is kept.
describe('while the dates load', () => {
  const later = `${nextMonth}-10`;

  it('a day pressed before the answer is not yet available, says so, and is chosen when it arrives', async () => {
    const user = userEvent.setup();
    renderInWizard(<InstallationStep />, { state: atInstallation });
    await waitFor(() => expect(server.bookings(nextMonth)).toHaveLength(1));
    const day = dayButton(later);
    expect(day.getAttribute('aria-disabled')).toBe('true');
    expect(day).toHaveProperty('disabled', false);
    expect(screen.getByText('Loading available dates…').getAttribute('role')).toBe('status');
    expect(document.getElementById(day.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Loading available dates…',
    );

    await user.click(day);
    await screen.findByRole(
      'heading',
      { name: `Arrival windows on ${dayKeyLabel(later)}` },
      { timeout: 5000 },
    );
    expect(screen.getByText('Loading arrival windows…')).toBeTruthy();
    expect(windowButtons()).toHaveLength(0);

    // The months on show's answer covers next month too: the day's windows come from it, the
    // answer that offers the day, with next month's own (the prefetch) still on its way.
    await answerBookings(thisMonth, [slot(later, 8), slot(later, 10)]);
    await waitFor(() => expect(windowButtons()).toHaveLength(2), { timeout: 5000 });
    expect(server.bookings(nextMonth).every((c) => !c.answered)).toBe(true);
    expect(dayButton(later).getAttribute('aria-disabled')).toBeNull();
    expect(dayButton(later).closest('[role="gridcell"]')?.getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.queryByText('Loading available dates…')).toBeNull();
  });

  it('a day pressed before the answer that has no window: the status says so, the day keeps its focus, nothing is chosen', async () => {
    const user = userEvent.setup();
    renderInWizard(<InstallationStep />, { state: atInstallation });
    await waitFor(() => expect(server.bookings(nextMonth)).toHaveLength(1));
    await user.click(dayButton(later));
    expect(document.activeElement).toBe(dayButton(later));
    await answerBookings(thisMonth, [slot(`${nextMonth}-11`, 8)]);
    const message = `No arrival windows are left on ${dayKeyLabel(later)}. Please choose another date.`;
    await waitFor(
      () => expect(screen.getAllByText(message)[0]?.getAttribute('role')).toBe('status'),
      { timeout: 5000 },
    );
    // Not available (aria-disabled, described by the status), but still the focused button.
    const refused = dayButton(later);
    expect(refused.getAttribute('aria-disabled')).toBe('true');
    expect(refused).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(refused);
    expect(refused.getAttribute('aria-describedby')).toBe(screen.getByText(message).id);
    expect(windowButtons()).toHaveLength(0);

    // Pressed again, it says so again and is still not chosen.
    await user.click(refused);
    expect(screen.getByText(message)).toBeTruthy();
    expect(refused.closest('[role="gridcell"]')?.getAttribute('aria-selected')).toBeNull();

    // Choosing another day clears it, and the refused day is disabled as any day without a window.
    await user.click(dayButton(`${nextMonth}-11`));
    await waitFor(() => expect(windowButtons()).toHaveLength(1), { timeout: 5000 });
    expect(screen.queryByText(message)).toBeNull();
    expect(dayButton(later)).toHaveProperty('disabled', true);
  });
});

// docs/rules/installation-and-holds.md, the calendar: the days before the first bookable one
// (two days ahead in the state's zone) are never offered, while the dates load or after.
describe('the days before the first bookable day (today + 2 in Perth: the 4th)', () => {
  const days = ['2026-12-01', '2026-12-02', '2026-12-03'];

  it('are disabled while the dates load and after the answer, even one the answer lists', async () => {
    renderInWizard(<InstallationStep />, { state: atInstallation });
    await waitFor(() => expect(server.bookings(thisMonth)).toHaveLength(1));
    for (const day of days) {
      expect(dayButton(day), day).toHaveProperty('disabled', true);
      expect(dayButton(day).getAttribute('aria-describedby'), day).toBeNull();
    }
    // The first bookable day is not yet available, and can be pressed (kept).
    expect(dayButton('2026-12-04').getAttribute('aria-disabled')).toBe('true');
    expect(dayButton('2026-12-04')).toHaveProperty('disabled', false);
    // An answer kept from before midnight may still list tomorrow: it stays disabled.
    await answerBookings(thisMonth, [slot('2026-12-03', 8), slot('2026-12-04', 8)]);
    await waitFor(() => expect(dayButton('2026-12-04')).toHaveProperty('disabled', false));
    for (const day of days) expect(dayButton(day), day).toHaveProperty('disabled', true);
  });

  it('each day is named with the number it shows; headings keep the ordinal date', async () => {
    const { user } = await onDay20();
    const day = dayButton(day20);
    expect(day.textContent).toBe('20');
    expect(day.getAttribute('aria-label')).toBe('Sunday 20 December');
    expect(
      screen.getByRole('heading', { name: 'Arrival windows on Sunday 20th December' }),
    ).toBeTruthy();
    await user.click(windowButton(window8));
    expect(server.holds()).toHaveLength(1);
  });
});

describe('the hold', () => {
  it('holds the chosen window: Continue waits for the answer, then the window is pressed with its countdown', async () => {
    const { user } = await onDay20();
    await user.click(windowButton(window8));
    expect(server.holds()[0]!.body).toEqual({
      booking_id: slot(day20, 8).booking_id,
      start: slot(day20, 8).start,
      end: slot(day20, 8).end,
    });
    expect(continueButton()).toHaveProperty('disabled', true);
    act(() => server.holds()[0]!.respond(201, reservation('r-1')));
    await waitFor(() => expect(windowButton(window8).getAttribute('aria-pressed')).toBe('true'));
    // The hold's length, counted on this device's clock from when it was asked for.
    await waitFor(() => expect(screen.getByRole('timer').textContent).toMatch(/^(10:00|09:\d\d)$/));
    expect(continueButton()).toHaveProperty('disabled', false);
  });

  it('a window taken meanwhile: the danger alert, the windows load again, Continue is blocked', async () => {
    const { user } = await onDay20();
    await user.click(windowButton(window8));
    act(() =>
      server.holds()[0]!.respond(409, { error: 'reservation_taken', message: 'reservation taken' }),
    );
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      messages.slotUnavailable,
    );
    await answerBookings(thisMonth, [slot(day20, 10)]);
    await waitFor(() => expect(screen.queryByRole('button', { name: named(window8) })).toBeNull());
    expect(windowButton(window10)).toBeTruthy();
    expect(continueButton()).toHaveProperty('disabled', true);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it("after a 429 the alert says the server's message", async () => {
    const { user } = await onDay20();
    await user.click(windowButton(window8));
    act(() =>
      server
        .holds()[0]!
        .respond(429, { error: 'too_many_holds', message: 'Too many holds from this address.' }),
    );
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Too many holds from this address.',
    );
  });

  it('choosing another window holds it and releases the one held before', async () => {
    const { user } = await onDay20();
    await user.click(windowButton(window8));
    act(() => server.holds()[0]!.respond(201, reservation('r-1')));
    await waitFor(() => expect(screen.queryByRole('timer')).not.toBeNull());
    await user.click(windowButton(window10));
    act(() => server.holds()[1]!.respond(201, reservation('r-2')));
    await waitFor(() => expect(windowButton(window10).getAttribute('aria-pressed')).toBe('true'));
    expect(windowButton(window8).getAttribute('aria-pressed')).toBe('false');
    expect(server.releases().map((c) => c.url.pathname)).toEqual(['/api/v1/demo/reservations/r-1']);
  });

  it("a hold that ran out: 'Reservation timed out', and 'Select new time' clears it with the alert", async () => {
    const user = userEvent.setup();
    const expired: WizardState = {
      ...atInstallation,
      bookings: { date: day20 },
      reservations: {
        reservation: {
          ...reservation('r-1'),
          expires_at: new Date(Date.now() - 1000).toISOString(),
        },
        slot: { ...slot(day20, 8), formattedAddress: address.formatted_address },
        lost: false,
        booked: false,
      },
    };
    renderInWizard(<InstallationStep />, { state: expired });
    const dialog = await screen.findByRole('dialog', { name: messages.reservationTimedOut });
    await user.click(within(dialog).getByRole('button', { name: 'Select new time' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('alert').textContent).toBe(messages.slotUnavailable);
    expect(screen.queryByRole('button', { name: named(window8), pressed: true })).toBeNull();
  });

  it('a hold made for another address is released', async () => {
    const elsewhere: WizardState = {
      ...atInstallation,
      reservations: {
        reservation: reservation('r-9'),
        slot: { ...slot(day20, 8), formattedAddress: '1 Other Street, Perth WA 6000' },
        lost: false,
        booked: false,
      },
    };
    renderInWizard(<InstallationStep />, { state: elsewhere });
    await waitFor(() =>
      expect(server.releases().map((c) => c.url.pathname)).toEqual([
        '/api/v1/demo/reservations/r-9',
      ]),
    );
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

describe('late hold answers', () => {
  /** The owning hook, driven directly: the step itself blocks a second choice while one runs. */
  function Probe({
    onRender,
  }: {
    onRender: (c: ReturnType<typeof useInstallationCalendar>) => void;
  }) {
    const calendar = useInstallationCalendar(address);
    onRender(calendar);
    return <p>Held: {calendar.held?.booking_id ?? 'nothing'}</p>;
  }

  it("window 1's answer arriving after window 2 was chosen: window 1 is released, window 2 held", async () => {
    let calendar!: ReturnType<typeof useInstallationCalendar>;
    renderInWizard(<Probe onRender={(c) => (calendar = c)} />, {
      state: { ...atInstallation, bookings: { date: day20 } },
    });
    act(() => calendar.windows.onChoose(slot(day20, 8)));
    act(() => calendar.windows.onChoose(slot(day20, 10)));
    await waitFor(() => expect(server.holds()).toHaveLength(1));
    // Holds go one after another: the second is sent once the first is answered.
    act(() => server.holds()[0]!.respond(201, reservation('r-1')));
    await waitFor(() => expect(server.holds()).toHaveLength(2));
    expect(server.releases().map((c) => c.url.pathname)).toEqual(['/api/v1/demo/reservations/r-1']);
    expect(screen.getByText('Held: nothing')).toBeTruthy();
    act(() => server.holds()[1]!.respond(201, reservation('r-2')));
    expect(await screen.findByText(`Held: ${slot(day20, 10).booking_id}`)).toBeTruthy();
  });

  it('a release still under way does not count as a newer choice', async () => {
    let calendar!: ReturnType<typeof useInstallationCalendar>;
    renderInWizard(<Probe onRender={(c) => (calendar = c)} />, {
      state: { ...atInstallation, bookings: { date: day20 } },
    });
    act(() => calendar.windows.onChoose(slot(day20, 8)));
    await waitFor(() => expect(server.holds()).toHaveLength(1));
    act(() => server.holds()[0]!.respond(201, reservation('r-1')));
    await screen.findByText(`Held: ${slot(day20, 8).booking_id}`);
    act(() => calendar.windows.onChoose(slot(day20, 10)));
    await waitFor(() => expect(server.holds()).toHaveLength(2));
    act(() => server.holds()[1]!.respond(201, reservation('r-2')));
    // r-1's release is sent and left unanswered while the next window is held.
    expect(await screen.findByText(`Held: ${slot(day20, 10).booking_id}`)).toBeTruthy();
    act(() => calendar.windows.onChoose(slot(day20, 8)));
    await waitFor(() => expect(server.holds()).toHaveLength(3));
    act(() => server.holds()[2]!.respond(201, reservation('r-3')));
    expect(await screen.findByText(`Held: ${slot(day20, 8).booking_id}`)).toBeTruthy();
    expect(server.releases().map((c) => c.url.pathname)).toEqual([
      '/api/v1/demo/reservations/r-1',
      '/api/v1/demo/reservations/r-2',
    ]);
  });

  it("window 1's refusal arriving after window 2 was chosen shows no alert", async () => {
    let calendar!: ReturnType<typeof useInstallationCalendar>;
    renderInWizard(<Probe onRender={(c) => (calendar = c)} />, {
      state: { ...atInstallation, bookings: { date: day20 } },
    });
    act(() => calendar.windows.onChoose(slot(day20, 8)));
    act(() => calendar.windows.onChoose(slot(day20, 10)));
    await waitFor(() => expect(server.holds()).toHaveLength(1));
    act(() => server.holds()[0]!.respond(409, { message: 'reservation taken' }));
    await waitFor(() => expect(server.holds()).toHaveLength(2));
    expect(calendar.lost).toBe(false);
    act(() => server.holds()[1]!.respond(201, reservation('r-2')));
    expect(await screen.findByText(`Held: ${slot(day20, 10).booking_id}`)).toBeTruthy();
    expect(calendar.lost).toBe(false);
  });

  it('an answer arriving after the visitor went back past the step is let go: back on the step, nothing is held', async () => {
    function Wizard() {
      const { step } = useWizard();
      const { next } = useStepNavigation();
      // The shell's part (shell/step-history.tsx): a hold behind the visitor is let go.
      useHoldLetGoBehind();
      if (step === 'installation') return <InstallationStep />;
      return (
        <button type="button" onClick={next}>
          On from {step}
        </button>
      );
    }
    const user = userEvent.setup();
    renderInWizard(<Wizard />, { state: atInstallation });
    await answerBookings(thisMonth, [slot(day20, 8), slot(day20, 10)]);
    await user.click(dayButton(day20));
    await user.click(await screen.findByRole('button', { name: named(window8) }));
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    act(() => server.holds()[0]!.respond(201, reservation('r-1')));
    // Going back past Installation lets the hold go (docs/rules/installation-and-holds.md).
    await waitFor(() => expect(server.releases()).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'On from connection' }));
    await user.click(dayButton(day20));
    await waitFor(() => expect(windowButton(window8).getAttribute('aria-pressed')).toBe('false'));
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
