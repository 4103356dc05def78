import { describe, expect, it } from 'vitest';
import { contactDoneState, heldNow, heldWindow } from '../../../test-support/wizard-state.ts';
import { reducer } from '../../store/reducer.ts';
import type { WizardState } from '../../store/state.ts';
import { payAgainDraft } from './pay-again-draft.ts';

const now = heldNow;
const held = heldWindow;
const atPayment: WizardState = { ...contactDoneState, step: 'payment', reservations: held };

describe('docs/rules/orders.md: after a decline, another card on Payment with everything else kept', () => {
  const declined: WizardState = {
    ...atPayment,
    step: 'confirmation',
    signup: {
      ...atPayment.signup,
      cardToken: 'tok_test_declined',
      idempotencyKey: 'key-1',
      acceptances: {
        monthlyCharge: true,
        newDevelopmentCharge: true,
        terms: true,
        marketing: true,
      },
    },
  };

  it('drops the token and its key, keeps the hold and the boxes; Back then stops on Payment', () => {
    const again = reducer(declined, {
      type: 'signup/pay-again',
      draft: payAgainDraft(declined, 'bank'),
    });
    expect(again.signup.cardToken).toBeNull();
    expect(again.signup.idempotencyKey).toBeNull();
    expect(again.signup.contact).toBe(declined.signup.contact);
    expect(again.reservations).toBe(held);
    expect(again.signup.paymentDraft).toEqual({
      monthlyCharge: true,
      monthlyAmount: null,
      newDevelopmentCharge: true,
      terms: true,
      marketing: true,
      directDebit: false,
      method: 'bank',
    });
    expect(reducer(again, { type: 'step/history', step: 'payment', now }).step).toBe('payment');
    expect(reducer(again, { type: 'step/back', now }).step).toBe('payment');
  });

  it("the specification's Go back still goes back two steps, to Installation, the hold kept", () => {
    const back = reducer(declined, { type: 'step/back', now });
    expect(back.step).toBe('installation');
    expect(back.reservations).toBe(held);
    expect(reducer(declined, { type: 'step/history', step: 'payment', now }).step).toBe(
      'installation',
    );
  });

  it('a placed order cannot be paid again', () => {
    const placed = { ...declined, reservations: { ...held, booked: true } };
    expect(
      reducer(placed, { type: 'signup/pay-again', draft: payAgainDraft(placed, 'card') }),
    ).toBe(placed);
  });
});
