import { describe, expect, it } from 'vitest';
import { contactDoneState, heldNow, heldWindow } from '../../test-support/wizard-state.ts';
import { reducer } from './reducer.ts';
import { deserialise, serialise } from './persistence.ts';
import { holdBehind } from './hold-behind.ts';
import type { PaymentDraft, WizardState } from './state.ts';
import { stepEntry, HISTORY_KEY } from './step-history.ts';

const now = heldNow;
const held = heldWindow;
const atPayment: WizardState = { ...contactDoneState, step: 'payment', reservations: held };
const ticked: PaymentDraft = {
  monthlyCharge: true,
  monthlyAmount: 98,
  newDevelopmentCharge: true,
  terms: true,
  marketing: false,
  directDebit: false,
  method: 'card',
};

describe("docs/rules/wizard-flow.md, Checking the answers: a Change link's visit returns to Payment", () => {
  it.each(['contact', 'connection', 'installation'] as const)(
    'Change to %s, then Continue: back on Payment, the hold kept',
    (step) => {
      const changing = reducer(atPayment, { type: 'review/change', step });
      expect(changing.step).toBe(step);
      expect(changing.review.changing).toBe(true);
      // The hold is not let go behind the visitor on Contact info or Connection details.
      expect(holdBehind(changing)).toBe(false);
      const back = reducer(changing, { type: 'step/next', now });
      expect(back.step).toBe('payment');
      expect(back.review.changing).toBe(false);
      expect(back.reservations).toBe(held);
    },
  );

  it('Go back on a Change visit returns to Payment too', () => {
    const changing = reducer(atPayment, { type: 'review/change', step: 'contact' });
    expect(reducer(changing, { type: 'step/back', now }).step).toBe('payment');
  });

  it('a Change visit whose hold lapsed meanwhile continues to Installation, not Payment', () => {
    const changing = reducer(atPayment, { type: 'review/change', step: 'connection' });
    const later = now + 601_000;
    const next = reducer(changing, { type: 'step/next', now: later });
    expect(next.step).toBe('installation');
    expect(next.review.changing).toBe(false);
  });

  it('Change only comes from Payment', () => {
    const at5 = { ...atPayment, step: 'installation' as const };
    expect(reducer(at5, { type: 'review/change', step: 'contact' })).toBe(at5);
  });

  it("a plain Back to step 3 lets the hold go; Back to a Change link's entry keeps it", () => {
    const plain = reducer(atPayment, { type: 'step/history', step: 'contact', now });
    expect(plain.review.changing).toBe(false);
    expect(holdBehind(plain)).toBe(true);
    const change = reducer(atPayment, {
      type: 'step/history',
      step: 'contact',
      now,
      changing: true,
    });
    expect(change.review.changing).toBe(true);
    expect(holdBehind(change)).toBe(false);
  });

  it("a history entry keeps a Change link's mark", () => {
    expect(stepEntry({ [HISTORY_KEY]: { step: 'contact', depth: 4, changing: true } })).toEqual({
      step: 'contact',
      depth: 4,
      changing: true,
    });
    expect(stepEntry({ [HISTORY_KEY]: { step: 'contact', depth: 4, changing: 'yes' } })).toEqual({
      step: 'contact',
      depth: 4,
    });
  });

  it('a reload keeps the Change visit and the boxes as ticked', () => {
    const changing = reducer(reducer(atPayment, { type: 'signup/payment-draft', draft: ticked }), {
      type: 'review/change',
      step: 'contact',
    });
    const restored = deserialise(serialise(changing))!;
    expect(restored.review.changing).toBe(true);
    expect(restored.signup.paymentDraft).toEqual(ticked);
  });
});
