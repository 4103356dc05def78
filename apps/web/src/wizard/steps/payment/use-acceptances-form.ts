import { zodResolver } from '@hookform/resolvers/zod';
import {
  agreedDirectDebit,
  paymentAcceptancesSchema,
  type PaymentAcceptances,
} from '@fibre/domain/contact';
import { directDebitMessages } from '@fibre/domain/shared';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { useDispatch, useWizard } from '../../store/store-context.tsx';
import { reminderSaved } from './marketing-reminder.ts';

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

type AcceptancesResolver = Resolver<AcceptanceValues, unknown, PaymentAcceptances>;

/**
 * The domain's acceptance rules for this amount, and, paying by direct debit, the Direct Debit
 * Request's box ticked too. The method is read from a ref: choosing another does not rebuild the
 * resolver.
 */
function useAcceptancesResolver(
  monthly: number,
  greenfield: boolean,
  methodRef: RefObject<PaymentMethod>,
): AcceptancesResolver {
  const { domain } = useConfig();
  return useMemo(() => {
    const base = zodResolver(
      paymentAcceptancesSchema({ monthlyCharge: monthly, greenfield }, domain),
    ) as unknown as AcceptancesResolver;
    const withDirectDebit: AcceptancesResolver = async (values, context, options) => {
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
  }, [monthly, greenfield, domain, methodRef]);
}

/**
 * The agreements' form. The boxes open as the visitor left them (a Change link, a lapsed hold,
 * another card after a decline), else as they were at the last Submit (docs/rules/wizard-flow.md);
 * each tick goes into the store as it is made, so leaving Payment and coming back finds them as
 * they were. `keepDraft` keeps them with the method, when the method changes.
 */
export function useAcceptancesForm(
  monthly: number,
  greenfield: boolean,
  methodRef: RefObject<PaymentMethod>,
) {
  const state = useWizard();
  const dispatch = useDispatch();
  const monthlyRef = useRef(monthly);
  monthlyRef.current = monthly;
  const resolver = useAcceptancesResolver(monthly, greenfield, methodRef);
  const draft = state.signup.paymentDraft;
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

  // A subscription, not a render of the form.
  const { watch } = form;
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

  return { form, keepDraft };
}
