import { zodResolver } from '@hookform/resolvers/zod';
import {
  agreedDirectDebit,
  paymentAcceptancesSchema,
  type DirectDebitAcceptance,
  type PaymentAcceptances,
} from '@fibre/domain/contact';
import { monthlyCharge } from '@fibre/domain/pricing';
import { useMonthlyWithFee } from './use-card-fee.ts';
import { directDebitMessages } from '@fibre/domain/shared';
import type { DirectDebitOffer } from '@fibre/domain/api';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { getDirectDebitOffer } from '../../shared/api/card-vault.ts';
import { useForm, type Resolver } from 'react-hook-form';
import type {
  CardFieldsHandle,
  CardProblems,
} from '../../shared/adapters/card-tokeniser/card-tokeniser.ts';
import { useOrder } from '../../shared/catalogue/use-order.ts';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useDispatch, useStepNavigation, useWizard } from '../../shared/store/store-context.tsx';
import { reminderSaved } from './marketing-reminder.ts';
import { newIdempotencyKey } from './new-idempotency-key.ts';
import { BANK_ACCOUNT_HELD, holdBankAccount } from '../../shared/payment/bank-account-handoff.ts';
import { cardScheme } from '../../shared/order-summary/card-scheme.ts';
import type { BankAccountHandle, BankAccountProblems } from './bank-account-fields.tsx';

/** How the visitor pays: by card, or from a bank account by direct debit. */
export type PaymentMethod = 'card' | 'bank';

export interface AcceptanceValues {
  monthlyCharge: boolean;
  newDevelopmentCharge: boolean;
  terms: boolean;
  marketing: boolean;
  /** The Direct Debit Request's box (direct debit only). */
  directDebit: boolean;
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
  const { domain, site } = useConfig();
  const state = useWizard();
  const dispatch = useDispatch();
  const { next, back } = useStepNavigation();
  const { plan, router } = useOrder();
  const greenfield = state.address.value?.greenfield ?? false;
  const undiscounted =
    plan && router ? monthlyCharge({ plan, router, addOns: state.signup.addOns }, domain) : 0;

  // Direct debit is offered only where the catalogue names its Direct Debit Request: the test-mode
  // vault tokenises the account; with Chargebee the account goes in the install body
  // (docs/rules/contact-and-connection.md#direct-debit-through-chargebee).
  const testVault = site.adapters.cardTokeniser !== 'chargebee';
  const [ddr, setDdr] = useState<DirectDebitOffer['document']>(null);
  useEffect(() => {
    const abort = new AbortController();
    void getDirectDebitOffer({ signal: abort.signal }).then((answer) => {
      if (answer.ok && answer.data) setDdr(answer.data.document);
    });
    return () => abort.abort();
  }, []);
  const directDebitOffered = ddr !== null;
  // The boxes and method as the visitor left them (a Change link, a lapsed hold, another card
  // after a decline), else as they were at the last Submit (docs/rules/wizard-flow.md).
  const draft = state.signup.paymentDraft;
  const [chosen, setMethod] = useState<PaymentMethod>(
    draft?.method ?? (agreedDirectDebit(state.signup.acceptances) ? 'bank' : 'card'),
  );
  const method: PaymentMethod = directDebitOffered ? chosen : 'card';
  // What each month's charge is with the card's fee: the amount agreed (plans-and-pricing.md).
  const monthly = useMonthlyWithFee(undiscounted, method === 'bank');
  const methodRef = useRef(method);
  methodRef.current = method;
  const monthlyRef = useRef(monthly);
  monthlyRef.current = monthly;

  const resolver = useMemo(() => {
    const base = zodResolver(
      paymentAcceptancesSchema({ monthlyCharge: monthly, greenfield }, domain),
    ) as unknown as Resolver<AcceptanceValues, unknown, PaymentAcceptances>;
    // Paying by direct debit, the Direct Debit Request's box must be ticked too.
    const withDirectDebit: Resolver<AcceptanceValues, unknown, PaymentAcceptances> = async (
      values,
      context,
      options,
    ) => {
      const result = await base(values, context, options);
      if (methodRef.current !== 'bank' || values.directDebit) return result;
      return {
        values: {},
        errors: {
          ...result.errors,
          directDebit: { type: 'required', message: directDebitMessages.directDebitRequired },
        },
      };
    };
    return withDirectDebit;
  }, [monthly, greenfield, domain]);
  const saved = state.signup.acceptances;
  const form = useForm<AcceptanceValues, unknown, PaymentAcceptances>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The error summary takes focus instead.
    shouldFocusError: false,
    defaultValues: {
      // Ticked for this amount only: the amount agreed is the amount charged (while the catalogue
      // loads after a reload the amount is not known yet: 0).
      monthlyCharge: draft
        ? draft.monthlyCharge &&
          (draft.monthlyAmount === null || monthly === 0 || draft.monthlyAmount === monthly)
        : (saved?.monthlyCharge ?? false),
      newDevelopmentCharge: draft?.newDevelopmentCharge ?? saved?.newDevelopmentCharge ?? false,
      terms: draft?.terms ?? saved?.terms ?? false,
      // A save for the reminder this tab made stands until withdrawn: the box shows it.
      marketing: draft?.marketing ?? saved?.marketing ?? reminderSaved(state.signup.contact?.email),
      directDebit: draft?.directDebit ?? agreedDirectDebit(saved),
    },
  });

  // Each tick goes into the store as it is made (a subscription, not a render of the form), so
  // leaving Payment and coming back finds the boxes as they were.
  const { watch, getValues } = form;
  const keepDraft = (values: Partial<AcceptanceValues>, how: PaymentMethod) =>
    dispatch({
      type: 'signup/payment-draft',
      draft: {
        monthlyCharge: values.monthlyCharge === true,
        monthlyAmount: monthlyRef.current,
        newDevelopmentCharge: values.newDevelopmentCharge === true,
        terms: values.terms === true,
        marketing: values.marketing === true,
        directDebit: values.directDebit === true,
        method: how,
      },
    });
  useEffect(() => {
    const subscription = watch((values, { type }) => {
      if (type === 'change') keepDraft(values, methodRef.current);
    });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keepDraft only dispatches
  }, [watch]);

  const card = useRef<CardFieldsHandle>(null);
  const bank = useRef<BankAccountHandle>(null);
  const [bankProblems, setBankProblems] = useState<BankAccountProblems>({});
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [cardError, setCardError] = useState(false);
  // The vault could not be reached at the last Submit: said apart from the card error, no field
  // marked.
  const [unreachable, setUnreachable] = useState(false);
  // The wrong card fields with their messages (empty with the card error: the tokeniser could not
  // tell which, so every field is marked).
  const [cardProblems, setCardProblems] = useState<CardProblems>({});
  // Counts refused Submits: each one sends focus to the error summary.
  const [attempt, setAttempt] = useState(0);

  function refuse(problems: CardProblems, cardRefused: boolean) {
    setUnreachable(false);
    setCardError(cardRefused || Object.keys(problems).length > 0);
    setCardProblems(problems);
    setBankProblems({});
    setAttempt((n) => n + 1);
  }

  /** The bank account's refusal: the same error, the wrong account fields marked. */
  function refuseBank(problems: BankAccountProblems, refused: boolean) {
    setUnreachable(false);
    setCardError(refused || Object.keys(problems).length > 0);
    setCardProblems({});
    setBankProblems(problems);
    setAttempt((n) => n + 1);
  }

  /** Submit could not reach the vault: the connection message, nothing marked. */
  function unreached() {
    setCardError(false);
    setCardProblems({});
    setBankProblems({});
    setUnreachable(true);
  }

  const chooseMethod = (next: PaymentMethod) => {
    setMethod(next);
    keepDraft(getValues(), next);
    setUnreachable(false);
    // The DDR box shows only with the bank account: its message goes with it.
    form.clearErrors('directDebit');
    setCardError(false);
    setCardProblems({});
    setBankProblems({});
  };

  const submit = form.handleSubmit(
    async (acceptances) => {
      // A double click must not tokenise (or order) twice.
      if (running.current) return;
      if (method === 'bank') {
        if (!bank.current) return;
        const plainBank = bank.current.check();
        if (Object.keys(plainBank).length > 0) return refuseBank(plainBank, true);
        running.current = true;
        setBusy(true);
        setCardError(false);
        setUnreachable(false);
        setBankProblems({});
        try {
          let token: string;
          if (testVault) {
            const result = await bank.current.tokenise();
            if ('error' in result && result.unreachable) return unreached();
            if ('error' in result) return refuseBank(result.fields, true);
            token = result.token;
          } else {
            // Chargebee: held in memory for the install body, never in the store.
            const account = bank.current.read();
            if (!account) return refuseBank(bank.current.check(), true);
            holdBankAccount(account);
            token = BANK_ACCOUNT_HELD;
          }
          // The kept boxes say direct debit was agreed (install-body.ts sends it).
          const agreed: PaymentAcceptances & DirectDebitAcceptance = {
            ...acceptances,
            directDebit: true,
          };
          dispatch({
            type: 'signup/payment',
            cardToken: token,
            cardScheme: null,
            acceptances: agreed,
            idempotencyKey: newIdempotencyKey(),
          });
          next();
        } finally {
          running.current = false;
          setBusy(false);
        }
        return;
      }
      if (!card.current) return;
      const plain = card.current.check();
      if (Object.keys(plain).length > 0) return refuse(plain, true);
      running.current = true;
      setBusy(true);
      setCardError(false);
      setUnreachable(false);
      setCardProblems({});
      try {
        const result = await card.current.tokenise();
        if ('error' in result && result.unreachable) return unreached();
        if ('error' in result) {
          refuse(result.fields ?? {}, true);
          return;
        }
        dispatch({
          type: 'signup/payment',
          cardToken: result.token,
          cardScheme: cardScheme(),
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
      if (methodRef.current === 'bank') refuseBank(bank.current?.check() ?? {}, false);
      else refuse(card.current?.check() ?? {}, false);
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
    unreachable,
    attempt,
    monthly,
    greenfield,
    directDebitOffered,
    ddr,
    method,
    chooseMethod,
    bank,
    bankProblems,
  };
}
