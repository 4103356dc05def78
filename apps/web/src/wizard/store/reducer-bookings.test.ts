import { describe, expect, it } from 'vitest';
import type { Action } from './actions.ts';
import { reducer } from './reducer.ts';
import { initialState, type WizardState } from './state.ts';

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
  // The hold being asked for (once 'bookingLoading') is the hold mutation's pending state now:
  // steps/installation/installation-step.test.tsx checks Continue is blocked meanwhile.
  it('holds a window: the wanted booking id follows the held slot', () => {
    const done = run(
      initialState,
      { type: 'bookings/date', date: '2026-11-24' },
      { type: 'reservations/changed', change: { to: 'held', reservation, slot } },
    );
    expect(done.bookings).toEqual({ date: '2026-11-24' });
    expect(done.reservations).toEqual({ reservation, slot, lost: false, booked: false });
    expect(done.reservations.slot?.booking_id).toBe('w-1');
  });

  it('a failed reservation create clears the reservation and the wanted booking', () => {
    const state = run(
      initialState,
      { type: 'reservations/changed', change: { to: 'held', reservation, slot } },
      { type: 'reservations/changed', change: { to: 'lost' } },
    );
    expect(state.reservations).toEqual({
      reservation: null,
      slot: null,
      lost: true,
      booked: false,
    });
    expect(state.reservations.slot?.booking_id ?? null).toBeNull();
  });

  it('resetting the booking keeps the day; a lost hold is marked failed for the alert', () => {
    const held = run(
      initialState,
      { type: 'bookings/date', date: '2026-11-24' },
      { type: 'reservations/changed', change: { to: 'held', reservation, slot } },
    );
    const lost = reducer(held, { type: 'reservations/changed', change: { to: 'lost' } });
    expect(lost.bookings.date).toBe('2026-11-24');
    expect(lost.reservations.slot?.booking_id ?? null).toBeNull();
    expect(lost.reservations).toEqual({ reservation: null, slot: null, lost: true, booked: false });
    const released = reducer(held, { type: 'reservations/changed', change: { to: 'released' } });
    expect(released.reservations.lost).toBe(false);
    expect(released.reservations.reservation).toBeNull();
  });

  it('a new hold clears the alert of a lost one', () => {
    const state = run(
      initialState,
      { type: 'reservations/changed', change: { to: 'lost' } },
      { type: 'reservations/changed', change: { to: 'held', reservation, slot } },
    );
    expect(state.reservations.lost).toBe(false);
  });
});

describe('payment and the order', () => {
  const paid = reducer(initialState, {
    type: 'signup/payment',
    cardToken: 'tok_test_1',
    cardScheme: 'visa',
    acceptances: {
      monthlyCharge: true,
      newDevelopmentCharge: undefined,
      terms: true,
      marketing: false,
    },
    idempotencyKey: 'key-1',
  });

  // That a new payment no longer shows the last answer, and the order's loading, success and
  // failure, are the install mutation's: steps/confirmation/confirmation-step.test.tsx.
  it('a payment keeps the token and a new Idempotency-Key', () => {
    expect(paid.signup).toMatchObject({ cardToken: 'tok_test_1', idempotencyKey: 'key-1' });
  });

  it('the order books the held window, keeping its slot to show; nothing to book without a hold', () => {
    const held = reducer(paid, {
      type: 'reservations/changed',
      change: { to: 'held', reservation, slot },
    });
    const booked = reducer(held, { type: 'reservations/changed', change: { to: 'booked' } });
    expect(booked.reservations).toEqual({ reservation, slot, lost: false, booked: true });
    const none = reducer(paid, { type: 'reservations/changed', change: { to: 'booked' } });
    expect(none.reservations.booked).toBe(false);
  });
});
