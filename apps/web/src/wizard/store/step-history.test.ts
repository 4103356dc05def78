import { describe, expect, it } from 'vitest';
import {
  contactDoneState,
  orderState,
  heldNow,
  heldWindow,
} from '../../test-support/wizard-state.ts';
import { reducer } from './reducer.ts';
import { initialState } from './state.ts';
import { HISTORY_KEY, stepEntry } from './step-history.ts';

const now = heldNow;
const held = heldWindow;

describe('docs/rules/wizard-flow.md, Back and Forward: the browser history moves the step', () => {
  it('Back goes to the entry’s step, keeping every choice', () => {
    const at4 = { ...contactDoneState, step: 'connection' as const };
    const back = reducer(at4, { type: 'step/history', step: 'plans', now });
    expect(back.step).toBe('plans');
    expect(back.signup).toEqual(at4.signup);
    expect(back.address.value).toEqual(at4.address.value);
  });

  it('Forward goes no further than the state allows', () => {
    // Plan and router chosen, no contact: step 3 is as far as it goes.
    const at2 = { ...orderState, step: 'plans' as const };
    expect(reducer(at2, { type: 'step/history', step: 'installation', now }).step).toBe('contact');
    // Contact and unit passed, no hold: step 5.
    const done = { ...contactDoneState, step: 'plans' as const };
    expect(reducer(done, { type: 'step/history', step: 'payment', now }).step).toBe('installation');
    // With a live hold, Payment.
    expect(
      reducer({ ...done, reservations: held }, { type: 'step/history', step: 'payment', now }).step,
    ).toBe('payment');
    // Nothing allows a move: the state is the same object.
    const at1 = { ...initialState };
    expect(reducer(at1, { type: 'step/history', step: 'connection', now })).toBe(at1);
  });

  it('Back from a confirmation without an order goes past Payment to Installation', () => {
    // Paid with a token (step 7 is reached with one): it is spent.
    const at7 = {
      ...contactDoneState,
      step: 'confirmation' as const,
      reservations: held,
      signup: { ...contactDoneState.signup, cardToken: 'tok_test_1' },
    };
    expect(reducer(at7, { type: 'step/history', step: 'payment', now }).step).toBe('installation');
  });

  it('Back from a placed order starts a new sign-up', () => {
    const placed = {
      ...contactDoneState,
      step: 'confirmation' as const,
      reservations: { ...held, booked: true },
    };
    expect(reducer(placed, { type: 'step/history', step: 'payment', now })).toEqual(initialState);
    expect(reducer(placed, { type: 'wizard/restart' })).toEqual(initialState);
  });
});

describe('a history entry is the wizard’s only when it says a step and a depth', () => {
  it.each([
    [{ [HISTORY_KEY]: { step: 'contact', depth: 2 } }, { step: 'contact', depth: 2 }],
    // An entry a page on saved state version 2 wrote: the step's number, mapped.
    [{ [HISTORY_KEY]: { step: 3, depth: 2 } }, { step: 'contact', depth: 2 }],
    [{ [HISTORY_KEY]: { step: 8, depth: 2 } }, null],
    [{ [HISTORY_KEY]: { step: 'contact', depth: -1 } }, null],
    [{ [HISTORY_KEY]: { step: 'contact', depth: 1.5 } }, null],
    [{ [HISTORY_KEY]: { step: '3', depth: 1 } }, null],
    [{ other: 1 }, null],
    [null, null],
    ['3', null],
  ])('%j', (state, entry) => {
    expect(stepEntry(state)).toEqual(entry);
  });
});
