// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@fibre/domain/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WizardState } from '../../shared/store/state.ts';
import { useWizard } from '../../shared/store/store-context.tsx';
import { withCatalogue } from '../../test-support/catalogue.ts';
import { fakeServer } from '../../test-support/fake-server.ts';
import { renderInWizard } from '../../test-support/render.tsx';
import { contactDoneState, orderState } from '../../test-support/wizard-state.ts';
import { ConfirmationStep } from './confirmation-step.tsx';

// Step 7 places the order with the install mutation (docs/rules/orders.md): a spinner, then the
// answer; the Idempotency-Key made at payment goes with every attempt.

const address = orderState.address.value!;

function paidWith(key: string): WizardState {
  return {
    ...contactDoneState,
    step: 7,
    signup: {
      ...contactDoneState.signup,
      cardToken: 'tok_test_1',
      acceptances: {
        monthlyCharge: true,
        newDevelopmentCharge: true,
        terms: true,
        marketing: false,
      },
      idempotencyKey: key,
    },
    bookings: { date: '2026-11-24' },
    reservations: {
      reservation: {
        reservation_id: 'r-1',
        event_id: 'WA-2026-11-24T08:00~crew-1',
        expires_at: new Date(Date.now() + 600_000).toISOString(),
      },
      slot: {
        booking_id: 'WA-2026-11-24T08:00',
        start: '2026-11-24T08:00:00+08:00',
        end: '2026-11-24T10:00:00+08:00',
        formattedAddress: address.formatted_address,
      },
      lost: false,
      booked: false,
    },
  };
}

/** Where the store is, shown beside the step. */
function StoreProbe() {
  const { step, reservations } = useWizard();
  return (
    <p>
      step {step}, {reservations.lost ? 'hold lost' : 'hold kept'}
    </p>
  );
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  window.dataLayer = [];
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const installs = () => server.matching('POST', /\/install$/);
const paidPushes = () =>
  (window.dataLayer ?? []).filter(
    (e) => typeof e === 'object' && e && 'page' in e && e.page === 'Paid',
  );

async function answerInstall(status: number, data: unknown) {
  await waitFor(() => expect(installs().some((c) => !c.answered)).toBe(true));
  act(() =>
    installs()
      .find((c) => !c.answered)!
      .respond(status, data),
  );
}

describe('placing the order', () => {
  it("shows 'Placing your order…', then 'Welcome onboard!', and pushes 'Paid' once", async () => {
    renderInWizard(<ConfirmationStep />, {
      state: paidWith('key-success'),
      queryClient: withCatalogue(orderState),
    });
    expect(screen.getByRole('heading', { name: 'Placing your order…' })).toBeTruthy();
    await answerInstall(201, { success: true, order_id: 'o-1' });
    expect(await screen.findByRole('heading', { name: messages.successHeading })).toBeTruthy();
    expect(installs()).toHaveLength(1);
    expect(installs()[0]!.headers['idempotency-key']).toBe('key-success');
    expect(paidPushes()).toHaveLength(1);
  });

  it('a reload after the order was placed shows it again without sending it', async () => {
    const first = renderInWizard(<ConfirmationStep />, {
      state: paidWith('key-reload'),
      queryClient: withCatalogue(orderState),
    });
    await answerInstall(201, { success: true, order_id: 'o-2' });
    await screen.findByRole('heading', { name: messages.successHeading });
    first.unmount();
    // The store was saved as the page left it; the hold has since passed.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 3_600_000);
    renderInWizard(<ConfirmationStep />, { queryClient: withCatalogue(orderState) });
    expect(screen.getByRole('heading', { name: messages.successHeading })).toBeTruthy();
    expect(installs()).toHaveLength(1);
    expect(paidPushes()).toHaveLength(1);
  });

  it("a server error shows the failure with 'Try again', which sends the same key again", async () => {
    const user = userEvent.setup();
    renderInWizard(<ConfirmationStep />, {
      state: paidWith('key-retry'),
      queryClient: withCatalogue(orderState),
    });
    await answerInstall(503, { error: 'billing_unavailable', message: 'Billing is unavailable' });
    expect(await screen.findByRole('heading', { name: messages.failureHeading })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Placing your order…' })).toBeTruthy();
    await answerInstall(201, { success: true, order_id: 'o-3' });
    expect(await screen.findByRole('heading', { name: messages.successHeading })).toBeTruthy();
    expect(installs().map((c) => c.headers['idempotency-key'])).toEqual(['key-retry', 'key-retry']);
  });

  it('a declined card offers no Try again; a new payment (a new key) shows its own answer, not the last one', async () => {
    const queryClient = withCatalogue(orderState);
    const first = renderInWizard(<ConfirmationStep />, {
      state: paidWith('key-declined'),
      queryClient,
    });
    await answerInstall(402, { error: 'payment_declined', message: 'Your card was declined' });
    expect(await screen.findByText('Your card was declined')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    first.unmount();

    renderInWizard(<ConfirmationStep />, { state: paidWith('key-paid-again'), queryClient });
    expect(screen.getByRole('heading', { name: 'Placing your order…' })).toBeTruthy();
    expect(screen.queryByText('Your card was declined')).toBeNull();
    await answerInstall(201, { success: true, order_id: 'o-4' });
    expect(await screen.findByRole('heading', { name: messages.successHeading })).toBeTruthy();
    expect(installs()[1]!.headers['idempotency-key']).toBe('key-paid-again');
  });

  it("an expired hold: 'Reservation not available.', and 'Select new time' clears the hold and goes back to Installation", async () => {
    const user = userEvent.setup();
    renderInWizard(
      <>
        <ConfirmationStep />
        <StoreProbe />
      </>,
      { state: paidWith('key-expired'), queryClient: withCatalogue(orderState) },
    );
    await answerInstall(409, { error: 'booking_expired' });
    const dialog = await screen.findByRole('dialog', { name: messages.reservationNotAvailable });
    await user.click(within(dialog).getByRole('button', { name: 'Select new time' }));
    expect(await screen.findByText('step 5, hold lost')).toBeTruthy();
  });
});
