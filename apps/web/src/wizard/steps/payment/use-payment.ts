import { agreedDirectDebit } from '@fibre/domain/contact';
import { monthlyCharge } from '@fibre/domain/pricing';
import { useRef, useState } from 'react';
import { useOrder } from '../../catalogue/use-order.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { useStepNavigation, useWizard } from '../../store/store-context.tsx';
import { useAcceptancesForm, type PaymentMethod } from './use-acceptances-form.ts';
import { useMonthlyWithFee } from './use-card-fee.ts';
import { useDirectDebitOffer } from './use-direct-debit-offer.ts';
import { usePaymentProblems } from './use-payment-problems.ts';
import { usePaymentSubmission } from './use-payment-submission.ts';

/**
 * The payment form: the domain's acceptance rules (the monthly charge with its amount, the New
 * Development Charge for greenfield buildings, the terms; marketing optional), then Submit
 * tokenises the card. Submit checks the card's fields and the agreements at once; anything wrong
 * shows the error summary, the card error when the card is wrong, and marks only the wrong card
 * fields (docs/rules/contact-and-connection.md). The card is sent to the vault only when nothing
 * else is wrong; a refusal there shows the same, the fields the vault names marked. A token moves
 * the visitor on with a new Idempotency-Key for the order.
 */
export function usePayment() {
  const { domain, site } = useConfig();
  const state = useWizard();
  const { back } = useStepNavigation();
  const { plan, router } = useOrder();
  const greenfield = state.address.value?.greenfield ?? false;
  const undiscounted =
    plan && router ? monthlyCharge({ plan, router, addOns: state.signup.addOns }, domain) : 0;

  // Direct debit is offered only where the catalogue names its Direct Debit Request: the test-mode
  // vault tokenises the account; with Chargebee the account goes in the install body
  // (docs/rules/contact-and-connection.md#direct-debit-through-chargebee).
  const testVault = site.adapters.cardTokeniser !== 'chargebee';
  const ddr = useDirectDebitOffer();
  const directDebitOffered = ddr !== null;
  // The method as the visitor left it, else as it was at the last Submit
  // (docs/rules/wizard-flow.md).
  const draft = state.signup.paymentDraft;
  const [chosen, setMethod] = useState<PaymentMethod>(
    draft?.method ?? (agreedDirectDebit(state.signup.acceptances) ? 'bank' : 'card'),
  );
  const method: PaymentMethod = directDebitOffered ? chosen : 'card';
  // What each month's charge is with the card's fee: the amount agreed (plans-and-pricing.md).
  const monthly = useMonthlyWithFee(undiscounted, method === 'bank');
  const methodRef = useRef(method);
  methodRef.current = method;

  const { form, keepDraft } = useAcceptancesForm(monthly, greenfield, methodRef);
  const { problems, ...refusals } = usePaymentProblems();
  const { onSubmit, busy, card, bank } = usePaymentSubmission({
    form,
    method,
    methodRef,
    refusals,
    testVault,
  });

  const chooseMethod = (next: PaymentMethod) => {
    setMethod(next);
    keepDraft(form.getValues(), next);
    // The DDR box shows only with the bank account: its message goes with it.
    form.clearErrors('directDebit');
    refusals.clear();
  };

  return {
    form,
    onSubmit,
    back,
    busy,
    card,
    bank,
    problems,
    monthly,
    greenfield,
    ddr,
    method,
    chooseMethod,
  };
}
