import {
  bankAccountProblems,
  normaliseAccountNumber,
  normaliseBsb,
  type BankAccountField,
  type BankAccountProblems,
} from '@fibre/domain/contact';
import { directDebitMessages, messages } from '@fibre/domain/shared';
import type { BankAccountBody } from '@fibre/domain/install';
import { useImperativeHandle, useRef, type Ref } from 'react';
import { vaultUnreachable } from '../../adapters/card-tokeniser/card-fields.ts';
import { createTestBankAccountToken } from '../../../shared/api/card-vault.ts';
import { Field } from '../../../shared/ui/field.tsx';
import { text } from './text.ts';

export type { BankAccountField, BankAccountProblems };

/** As a card's (TokeniseResult): `unreachable` when the vault gave no answer or failed itself. */
export type BankTokeniseResult =
  { token: string } | { error: string; fields: BankAccountProblems; unreachable?: true };

/** What the payment step may do with the bank account's fields (as with the card's). */
export interface BankAccountHandle {
  tokenise(): Promise<BankTokeniseResult>;
  /**
   * The account as typed, checked and normalised, for Chargebee's direct debit, which takes it in
   * the install body (no vault); null while the fields are wrong.
   */
  read(): BankAccountBody | null;
  check(): BankAccountProblems;
  focus(field?: BankAccountField): void;
}

export const bankFields: readonly BankAccountField[] = ['account_name', 'bsb', 'account_number'];
export const bankFieldId = (prefix: string, field: BankAccountField) => `${prefix}-bank-${field}`;

/** '062000' or '062 000' shown as '062-000' once six digits are typed; anything else as typed. */
function formatBsbInput(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length > 3 && /^[\d\s-]*$/.test(value)
    ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}`
    : value;
}

/**
 * The bank account for direct debit (docs/rules/contact-and-connection.md#direct-debit), sent once
 * to the test-mode vault, which answers a token. As the card's, the inputs are uncontrolled: what
 * is typed never reaches React's state, the store or sessionStorage.
 */
export function BankAccountFields({
  ref,
  idPrefix,
  errorId,
  problems,
  disabled,
}: {
  ref?: Ref<BankAccountHandle>;
  idPrefix: string;
  /** The bank account error's id while it shows. */
  errorId: string | undefined;
  problems: BankAccountProblems;
  disabled: boolean;
}) {
  const inputs = {
    account_name: useRef<HTMLInputElement>(null),
    bsb: useRef<HTMLInputElement>(null),
    account_number: useRef<HTMLInputElement>(null),
  };
  const typed = () => ({
    account_name: inputs.account_name.current?.value ?? '',
    bsb: inputs.bsb.current?.value ?? '',
    account_number: inputs.account_number.current?.value ?? '',
  });

  useImperativeHandle(
    ref,
    () => ({
      focus: (field: BankAccountField = 'account_name') => inputs[field].current?.focus(),
      check: () => bankAccountProblems(typed()),
      read() {
        const account = typed();
        const bsb = normaliseBsb(account.bsb);
        const number = normaliseAccountNumber(account.account_number);
        if (Object.keys(bankAccountProblems(account)).length > 0 || !bsb || !number) return null;
        return { account_name: account.account_name.trim(), bsb, account_number: number };
      },
      async tokenise(): Promise<BankTokeniseResult> {
        const account = typed();
        const plain = bankAccountProblems(account);
        const bsb = normaliseBsb(account.bsb);
        const number = normaliseAccountNumber(account.account_number);
        if (Object.keys(plain).length > 0 || !bsb || !number)
          return { error: directDebitMessages.bankAccountInvalid, fields: plain };
        const answer = await createTestBankAccountToken({
          account_name: account.account_name.trim(),
          bsb,
          account_number: number,
        });
        const token = answer.ok ? answer.data?.token : undefined;
        if (typeof token === 'string' && token !== '') return { token };
        if (vaultUnreachable(answer))
          return { error: messages.paymentServiceUnreachable, fields: {}, unreachable: true };
        const fields: BankAccountProblems = {};
        if (!answer.ok)
          for (const field of bankFields) {
            const message = answer.fields?.[field];
            if (message) fields[field] = message;
          }
        return { error: directDebitMessages.bankAccountInvalid, fields };
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const control = (field: BankAccountField, props: { 'aria-describedby': string | undefined }) => {
    const invalid = Boolean(problems[field]);
    return {
      className: 'input',
      disabled,
      'aria-invalid': invalid,
      'aria-describedby':
        [props['aria-describedby'], invalid ? errorId : undefined].filter(Boolean).join(' ') ||
        undefined,
    };
  };

  return (
    <div className="bank-fields">
      <Field
        id={bankFieldId(idPrefix, 'account_name')}
        label={text.accountName}
        error={problems.account_name}
      >
        {(props) => (
          <input
            {...props}
            {...control('account_name', props)}
            autoComplete="name"
            maxLength={100}
            ref={inputs.account_name}
          />
        )}
      </Field>
      <Field
        id={bankFieldId(idPrefix, 'bsb')}
        label={text.bsb}
        hint={text.bsbHint}
        error={problems.bsb}
      >
        {(props) => (
          <input
            {...props}
            {...control('bsb', props)}
            inputMode="numeric"
            autoComplete="off"
            placeholder="000-000"
            maxLength={7}
            ref={inputs.bsb}
            onChange={(e) => {
              const value = formatBsbInput(e.target.value);
              if (e.target.value !== value) e.target.value = value;
            }}
          />
        )}
      </Field>
      <Field
        id={bankFieldId(idPrefix, 'account_number')}
        label={text.accountNumber}
        hint={text.accountNumberHint}
        error={problems.account_number}
      >
        {(props) => (
          <input
            {...props}
            {...control('account_number', props)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            ref={inputs.account_number}
          />
        )}
      </Field>
    </div>
  );
}
