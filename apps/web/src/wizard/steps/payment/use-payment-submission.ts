import type { DirectDebitAcceptance, PaymentAcceptances } from '@fibre/domain/contact';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CardFieldsHandle } from '../../adapters/card-tokeniser/card-tokeniser.ts';
import { cardScheme } from '../../order-summary/card-scheme.ts';
import { BANK_ACCOUNT_HELD, holdBankAccount } from '../../payment/bank-account-handoff.ts';
import { useDispatch, useStepNavigation } from '../../store/store-context.tsx';
import type { BankAccountHandle, BankTokeniseResult } from './bank-account-fields.tsx';
import { newIdempotencyKey } from './new-idempotency-key.ts';
import type { AcceptanceValues, PaymentMethod } from './use-acceptances-form.ts';
import type { usePaymentProblems } from './use-payment-problems.ts';

/**
 * The bank account's token: the test-mode vault's, or, with Chargebee, the account held in memory
 * for the install body, never in the store
 * (docs/rules/contact-and-connection.md#direct-debit-through-chargebee).
 */
async function bankToken(bank: BankAccountHandle, testVault: boolean): Promise<BankTokeniseResult> {
  if (testVault) return bank.tokenise();
  const account = bank.read();
  if (!account) return { error: 'invalid', fields: bank.check() };
  holdBankAccount(account);
  return { token: BANK_ACCOUNT_HELD };
}

interface SubmissionOptions {
  form: UseFormReturn<AcceptanceValues, unknown, PaymentAcceptances>;
  method: PaymentMethod;
  methodRef: RefObject<PaymentMethod>;
  refusals: Omit<ReturnType<typeof usePaymentProblems>, 'problems'>;
  /** The test-mode vault tokenises the bank account; Chargebee takes it in the install body. */
  testVault: boolean;
}

/**
 * Submit checks the card's (or bank account's) fields and the agreements at once; the card is
 * sent to the vault only when nothing else is wrong (docs/rules/contact-and-connection.md). A
 * token moves the visitor on with a new Idempotency-Key for the order.
 */
export function usePaymentSubmission({
  form,
  method,
  methodRef,
  refusals,
  testVault,
}: SubmissionOptions) {
  const { refuseCard, refuseBank, unreached, clear } = refusals;
  const dispatch = useDispatch();
  const { next } = useStepNavigation();
  const card = useRef<CardFieldsHandle>(null);
  const bank = useRef<BankAccountHandle>(null);
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  /** The vault's call, busy meanwhile and one at a time: a double click must not order twice. */
  async function exclusively(work: () => Promise<void>) {
    running.current = true;
    setBusy(true);
    clear();
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  async function payByBank(acceptances: PaymentAcceptances, handle: BankAccountHandle) {
    const plain = handle.check();
    if (Object.keys(plain).length > 0) return refuseBank(plain, true);
    await exclusively(async () => {
      const result = await bankToken(handle, testVault);
      if ('error' in result && result.unreachable) return unreached();
      if ('error' in result) return refuseBank(result.fields, true);
      // The kept boxes say direct debit was agreed (install-body.ts sends it).
      const agreed: PaymentAcceptances & DirectDebitAcceptance = {
        ...acceptances,
        directDebit: true,
      };
      dispatch({
        type: 'signup/payment',
        cardToken: result.token,
        cardScheme: null,
        acceptances: agreed,
        idempotencyKey: newIdempotencyKey(),
      });
      next();
    });
  }

  async function payByCard(acceptances: PaymentAcceptances, handle: CardFieldsHandle) {
    const plain = handle.check();
    if (Object.keys(plain).length > 0) return refuseCard(plain, true);
    await exclusively(async () => {
      const result = await handle.tokenise();
      if ('error' in result && result.unreachable) return unreached();
      if ('error' in result) return refuseCard(result.fields ?? {}, true);
      dispatch({
        type: 'signup/payment',
        cardToken: result.token,
        cardScheme: cardScheme(),
        acceptances,
        idempotencyKey: newIdempotencyKey(),
      });
      next();
    });
  }

  const submit = form.handleSubmit(
    async (acceptances) => {
      if (running.current) return;
      if (method === 'bank') {
        if (bank.current) await payByBank(acceptances, bank.current);
      } else if (card.current) await payByCard(acceptances, card.current);
    },
    // An agreement missing: the card is not sent, but its own checks show with the agreements'.
    () => {
      if (running.current) return;
      if (methodRef.current === 'bank') refuseBank(bank.current?.check() ?? {}, false);
      else refuseCard(card.current?.check() ?? {}, false);
    },
  );
  const onSubmit = (event?: FormEvent) => submit(event);

  return { onSubmit, busy, card, bank };
}
