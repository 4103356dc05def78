import { agreedDirectDebit } from '@fibre/domain/contact';
import type { PaymentDraft, WizardState } from '../../store/state.ts';

/**
 * After a decline, the payment step's draft for paying again (docs/rules/orders.md): the boxes as
 * they were ticked at Submit (else as last kept) and the method chosen. Built here, in the
 * confirmation step's chunk, rather than in the store's reducer, which the first screen carries.
 */
export function payAgainDraft(state: WizardState, method: PaymentDraft['method']): PaymentDraft {
  const kept = state.signup.paymentDraft;
  const ticked = state.signup.acceptances;
  return {
    monthlyCharge: ticked?.monthlyCharge ?? kept?.monthlyCharge ?? false,
    monthlyAmount: kept?.monthlyAmount ?? null,
    newDevelopmentCharge: ticked?.newDevelopmentCharge ?? kept?.newDevelopmentCharge ?? false,
    terms: ticked?.terms ?? kept?.terms ?? false,
    marketing: ticked?.marketing ?? kept?.marketing ?? false,
    directDebit: agreedDirectDebit(ticked) || (kept?.directDebit ?? false),
    method,
  };
}
