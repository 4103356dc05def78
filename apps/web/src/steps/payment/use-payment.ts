import { zodResolver } from '@hookform/resolvers/zod';
import { paymentAcceptancesSchema, type PaymentAcceptances } from '@fibre/domain/contact';
import { monthlyCharge } from '@fibre/domain/pricing';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type {
  CardFieldsHandle,
  CardProblems,
} from '../../shared/adapters/card-tokeniser/card-tokeniser.ts';
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
 * tokenises the card. Submit checks the card's fields and the agreements at once; anything wrong
 * shows the error summary, the card error when the card is wrong, and marks only the wrong card
 * fields (docs/rules/contact-and-connection.md). The card is sent to the vault only when nothing
 * else is wrong; a refusal there shows the same, the fields the vault names marked. A token moves
 * the visitor on with a new Idempotency-Key for the order.
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
    // The error summary takes focus instead.
    shouldFocusError: false,
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
  // The wrong card fields with their messages (empty with the card error: the tokeniser could not
  // tell which, so every field is marked).
  const [cardProblems, setCardProblems] = useState<CardProblems>({});
  // Counts refused Submits: each one sends focus to the error summary.
  const [attempt, setAttempt] = useState(0);

  function refuse(problems: CardProblems, cardRefused: boolean) {
    setCardError(cardRefused || Object.keys(problems).length > 0);
    setCardProblems(problems);
    setAttempt((n) => n + 1);
  }

  const submit = form.handleSubmit(
    async (acceptances) => {
      // A double click must not tokenise (or order) twice.
      if (running.current || !card.current) return;
      const plain = card.current.check();
      if (Object.keys(plain).length > 0) return refuse(plain, true);
      running.current = true;
      setBusy(true);
      setCardError(false);
      setCardProblems({});
      try {
        const result = await card.current.tokenise();
        if ('error' in result) {
          refuse(result.fields ?? {}, true);
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
    },
    // An agreement missing: the card is not sent, but its own checks show with the agreements'.
    () => {
      if (running.current) return;
      refuse(card.current?.check() ?? {}, false);
    },
  );
  const onSubmit = (event?: FormEvent) => submit(event);

  return {
    form,
    onSubmit,
    back,
    busy,
    card,
    cardError,
    cardProblems,
    attempt,
    monthly,
    greenfield,
  };
}
