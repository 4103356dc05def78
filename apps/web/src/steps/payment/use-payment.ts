import { zodResolver } from '@hookform/resolvers/zod';
import { paymentAcceptancesSchema, type PaymentAcceptances } from '@fibre/domain/contact';
import { monthlyCharge } from '@fibre/domain/pricing';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { CardFieldsHandle } from '../../shared/adapters/card-tokeniser/card-tokeniser.ts';
import { useOrder } from '../../shared/catalogue/use-order.ts';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useDispatch, useStepNavigation, useWizard } from '../../shared/store/store-context.tsx';
import { newIdempotencyKey } from './new-idempotency-key.ts';

export interface AcceptanceValues {
  monthlyCharge: boolean;
  newDevelopmentCharge: boolean;
  terms: boolean;
  marketing: boolean;
}

/**
 * The payment form: the domain's acceptance rules (the monthly charge with its amount, the New
 * Development Charge for greenfield buildings, the terms; marketing optional), then Submit
 * tokenises the card. A token moves the visitor on with a new Idempotency-Key for the order; any
 * tokenisation failure shows the card error (docs/rules/contact-and-connection.md) and keeps them
 * here.
 */
export function usePayment() {
  const { domain } = useConfig();
  const state = useWizard();
  const dispatch = useDispatch();
  const { next, back } = useStepNavigation();
  const { plan, router } = useOrder();
  const greenfield = state.address.value?.greenfield ?? false;
  const monthly =
    plan && router ? monthlyCharge({ plan, router, addOns: state.signup.addOns }, domain) : 0;

  const resolver = useMemo(
    () =>
      zodResolver(
        paymentAcceptancesSchema({ monthlyCharge: monthly, greenfield }, domain),
      ) as unknown as Resolver<AcceptanceValues, unknown, PaymentAcceptances>,
    [monthly, greenfield, domain],
  );
  const saved = state.signup.acceptances;
  const form = useForm<AcceptanceValues, unknown, PaymentAcceptances>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: {
      monthlyCharge: saved?.monthlyCharge ?? false,
      newDevelopmentCharge: saved?.newDevelopmentCharge ?? false,
      terms: saved?.terms ?? false,
      marketing: saved?.marketing ?? false,
    },
  });

  const card = useRef<CardFieldsHandle>(null);
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [cardError, setCardError] = useState(false);
  // Counts refusals: each one sends focus to the card, once the fields are enabled again.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) card.current?.focus();
  }, [refusals]);

  const onSubmit = form.handleSubmit(async (acceptances) => {
    // A double click must not tokenise (or order) twice.
    if (running.current || !card.current) return;
    running.current = true;
    setBusy(true);
    setCardError(false);
    try {
      const result = await card.current.tokenise();
      if ('error' in result) {
        setCardError(true);
        setRefusals((n) => n + 1);
        return;
      }
      dispatch({
        type: 'signup/payment',
        cardToken: result.token,
        acceptances,
        idempotencyKey: newIdempotencyKey(),
      });
      next();
    } finally {
      running.current = false;
      setBusy(false);
    }
  });

  return { form, onSubmit, back, busy, card, cardError, monthly, greenfield };
}
