// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@fibre/domain/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WizardState } from '../../store/state.ts';
import { useWizard } from '../../store/store-context.tsx';
import { withCatalogue } from '../../../test-support/catalogue.ts';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { renderInWizard } from '../../../test-support/render.tsx';
import { contactDoneState, orderState } from '../../../test-support/wizard-state.ts';
import { ConfirmationStep } from './confirmation-step.tsx';
import { BANK_ACCOUNT_HELD } from '../../payment/bank-account-handoff.ts';

// Step 7 places the order with the install mutation (docs/rules/orders.md): a spinner, then the
// answer; the Idempotency-Key made at payment goes with every attempt.

const address = orderState.address.value!;

function paidWith(key: string): WizardState {
  return {
    ...contactDoneState,
    step: 'confirmation',
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
  const { step, reservations, address, signup } = useWizard();
  return (
    <p>
      step {step}, {reservations.lost ? 'hold lost' : 'hold kept'}, address '{address.input}',{' '}
      {signup.placed ? 'placed' : 'nothing placed'}
    </p>
  );
}

/** The server's 201 for a placed order (docs/rules/orders.md#the-answer-and-the-finale). */
const placedAnswer = (orderId: string) => ({
  success: true,
  order_id: orderId,
  reference: 'K7QD-9XWM',
  order_page: '/order/tok_placed',
  email: 'jane@example.com',
  prices: {
    monthly_cents: 8900,
    activation_cents: 38900,
    card_fee_cents: 134,
    first_payment_fee_cents: 584,
    card_scheme: 'amex',
  },
  activation_date: '2026-11-24',
  first_payment_date: '2026-12-09',
});

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
    await answerInstall(201, placedAnswer('o-1'));
    expect(await screen.findByRole('heading', { name: messages.successHeading })).toBeTruthy();
    expect(installs()).toHaveLength(1);
    expect(installs()[0]!.headers['idempotency-key']).toBe('key-success');
    expect(paidPushes()).toHaveLength(1);
  });

  it("shows the server's answer: the reference, the email mailed to, the order page's link and what is charged when", async () => {
    renderInWizard(<ConfirmationStep />, {
      state: paidWith('key-answer'),
      queryClient: withCatalogue(orderState),
    });
    await answerInstall(201, placedAnswer('o-5'));
    await screen.findByRole('heading', { name: messages.successHeading });
    const placed = screen.getByRole('region', { name: 'Your order' });
    expect(within(placed).getByText('Order reference').nextElementSibling?.textContent).toBe(
      'K7QD-9XWM',
    );
    expect(
      within(placed).getByText('We have emailed your confirmation to jane@example.com.'),
    ).toBeTruthy();
    expect(
      within(placed).getByRole('link', { name: 'See or change your order' }).getAttribute('href'),
    ).toBe('/order/tok_placed');
    const charges = screen.getByRole('region', { name: 'What is charged when' });
    // The domain's money words (docs/rules/plans-and-pricing.md), with the stored prices.
    const amount = (term: string) =>
      within(charges).getByText(term).closest('div')?.querySelector('dd')?.textContent;
    // An American Express order: each payment with its 1.5% card surcharge, as charged.
    expect(amount('First payment')).toBe('$394.84');
    expect(
      within(charges).getByText('Wednesday 9th December, 15 days after activation'),
    ).toBeTruthy();
    expect(amount('Monthly charge')).toBe('$90.34per month');
    expect(
      within(charges).getByText(/^includes \$5\.84 American Express card surcharge/),
    ).toBeTruthy();
    expect(
      within(charges).getByText(/^includes \$1\.34 American Express card surcharge/),
    ).toBeTruthy();
    expect(
      within(charges).getByText(
        'Activation is the day of your installation, Tuesday 24th November.',
      ),
    ).toBeTruthy();
    // The stored prices only: no second set of sums from the browser.
    expect(screen.getAllByText('Monthly charge')).toHaveLength(1);
  });

  it("'Check another address' starts afresh: step 1, an empty address, nothing kept", async () => {
    const user = userEvent.setup();
    renderInWizard(
      <>
        <ConfirmationStep />
        <StoreProbe />
      </>,
      { state: paidWith('key-afresh'), queryClient: withCatalogue(orderState) },
    );
    await answerInstall(201, placedAnswer('o-6'));
    await screen.findByRole('heading', { name: messages.successHeading });
    expect(screen.getByText(/step confirmation, hold kept, address '.+', placed/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Check another address' }));
    expect(screen.getByText("step address, hold kept, address '', nothing placed")).toBeTruthy();
    const saved = JSON.parse(sessionStorage.getItem('fibre-signup:wizard')!);
    expect(saved.state.step).toBe('address');
    expect(saved.state.signup).toMatchObject({ placed: null, contact: null, cardToken: null });
    expect(saved.state.reservations).toMatchObject({ booked: false, reservation: null });
  });

  it('a reload after the order was placed shows it again without sending it', async () => {
    const first = renderInWizard(<ConfirmationStep />, {
      state: paidWith('key-reload'),
      queryClient: withCatalogue(orderState),
    });
    await answerInstall(201, placedAnswer('o-2'));
    await screen.findByRole('heading', { name: messages.successHeading });
    first.unmount();
    // The store was saved as the page left it; the hold has since passed.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 3_600_000);
    renderInWizard(<ConfirmationStep />, { queryClient: withCatalogue(orderState) });
    expect(screen.getByRole('heading', { name: messages.successHeading })).toBeTruthy();
    // The answer was kept with the booked hold: the same reference and link.
    expect(screen.getByText('K7QD-9XWM')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'See or change your order' }).getAttribute('href'),
    ).toBe('/order/tok_placed');
    expect(installs()).toHaveLength(1);
    expect(paidPushes()).toHaveLength(1);
  });

  it("a reload that lost Chargebee's direct debit bank account goes back (as Back from here does, to Installation), sending nothing", async () => {
    const paid = paidWith('key-bank');
    renderInWizard(
      <>
        <ConfirmationStep />
        <StoreProbe />
      </>,
      {
        state: { ...paid, signup: { ...paid.signup, cardToken: BANK_ACCOUNT_HELD } },
        queryClient: withCatalogue(orderState),
      },
    );
    expect(await screen.findByText(/^step installation, hold kept/)).toBeTruthy();
    expect(installs()).toHaveLength(0);
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
    await answerInstall(201, placedAnswer('o-3'));
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
    await answerInstall(201, placedAnswer('o-4'));
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
    expect(await screen.findByText(/^step installation, hold lost,/)).toBeTruthy();
  });
});
