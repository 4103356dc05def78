import { describe, expect, it } from 'vitest';
import type { Action } from './actions.ts';
import { demoRules } from '../../test-support/rules.ts';
import { reducerFor } from './reducer.ts';
import { initialState, type WizardState } from './state.ts';

const reducer = reducerFor(demoRules);

// Steps 5 to 7: the held slot, the payment and the order's result
// (docs/rules/installation-and-holds.md, docs/rules/orders.md).

const run = (state: WizardState, ...actions: Action[]) => actions.reduce(reducer, state);
const reservation = {
  reservation_id: 'r-1',
  event_id: 'w-1~crew-2',
  expires_at: '2026-11-22T10:10:00.000Z',
};
const slot = {
  booking_id: 'w-1',
  start: '2026-11-24T08:00:00+11:00',
  end: '2026-11-24T10:00:00+11:00',
  formattedAddress: '100 Harris Street, Pyrmont NSW 2009',
};

describe('bookings and reservations', () => {
  it('holds a window: the wanted booking id follows the held slot', () => {
    const held = run(
      initialState,
      { type: 'bookings/date', date: '2026-11-24' },
      { type: 'reservations/holding' },
    );
    expect(held.bookings.status).toBe('bookingLoading');
    const done = reducer(held, { type: 'reservations/held', reservation, slot });
    expect(done.bookings).toEqual({ status: 'idle', wantedBookingId: 'w-1', date: '2026-11-24' });
    expect(done.reservations).toEqual({ status: 'idle', reservation, slot });
  });

  it('a failed reservation create clears the reservation and the wanted booking', () => {
    const state = run(
      initialState,
      { type: 'reservations/held', reservation, slot },
      { type: 'reservations/holding' },
      { type: 'reservations/failed' },
    );
    expect(state.reservations).toEqual({ status: 'failed', reservation: null, slot: null });
    expect(state.bookings.wantedBookingId).toBeNull();
  });

  it('resetting the booking keeps the day; a lost hold is marked failed for the alert', () => {
    const held = run(
      initialState,
      { type: 'bookings/date', date: '2026-11-24' },
      { type: 'reservations/held', reservation, slot },
    );
    const lost = reducer(held, { type: 'bookings/reset', lost: true });
    expect(lost.bookings.date).toBe('2026-11-24');
    expect(lost.bookings.wantedBookingId).toBeNull();
    expect(lost.reservations).toEqual({ status: 'failed', reservation: null, slot: null });
    expect(reducer(held, { type: 'bookings/reset', lost: false }).reservations.status).toBe('idle');
  });
});

describe('payment and the order', () => {
  const paid = reducer(
    { ...initialState, finale: { status: 'failed', success: false, err: 'declined' } },
    {
      type: 'signup/payment',
      cardToken: 'tok_test_1',
      acceptances: {
        monthlyCharge: true,
        newDevelopmentCharge: undefined,
        terms: true,
        marketing: false,
      },
      idempotencyKey: 'key-1',
    },
  );

  it('a payment keeps the token and a new Idempotency-Key, and clears the last answer', () => {
    expect(paid.signup).toMatchObject({ cardToken: 'tok_test_1', idempotencyKey: 'key-1' });
    expect(paid.finale).toEqual({ status: 'idle', success: false, err: null });
  });

  it('the finale cycles loading, then idle on success or failed on error', () => {
    const sending = reducer(paid, { type: 'finale/sending' });
    expect(sending.finale.status).toBe('loading');
    const ok = reducer(sending, { type: 'finale/result', result: { success: true, err: null } });
    expect(ok.finale).toEqual({ status: 'idle', success: true, err: null });
    const failed = reducer(sending, {
      type: 'finale/result',
      result: { success: false, err: 'Something went wrong' },
    });
    expect(failed.finale).toEqual({
      status: 'failed',
      success: false,
      err: 'Something went wrong',
    });
    expect(reducer(failed, { type: 'finale/cleared' }).finale.err).toBeNull();
  });
});
