/*
 * The bank account checks a direct debit form and the test-mode vault share
 * (docs/rules/contact-and-connection.md#direct-debit): the form says at once what the vault would
 * refuse, and the vault still checks, as it must.
 */
import { directDebitMessages as m } from '../shared/messages.ts';

/** A bank account's fields, as the form and the vault's body name them. */
export type BankAccountField = 'account_name' | 'bsb' | 'account_number';
export type BankAccountProblems = Partial<Record<BankAccountField, string>>;

/** The BSB's six digits, from '062-000', '062 000' or '062000'; null when it is not that. */
export function normaliseBsb(bsb: string): string | null {
  const match = /^(\d{3})[\s-]?(\d{3})$/.exec(bsb.trim());
  return match ? `${match[1]}${match[2]}` : null;
}

/** A BSB as shown: '062-000'. */
export const formatBsb = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 6)}`;

/** An account number's digits, spaces and hyphens dropped; null when it is not 5 to 9 digits. */
export function normaliseAccountNumber(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  return /^\d{5,9}$/.test(digits) ? digits : null;
}

/** What is wrong with a bank account, field by field, each with its message. */
export function bankAccountProblems(body: {
  account_name?: unknown;
  bsb?: unknown;
  account_number?: unknown;
}): BankAccountProblems {
  const problems: BankAccountProblems = {};
  const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  if (str(body.account_name) === '') problems.account_name = m.accountNameRequired;
  const bsb = str(body.bsb);
  if (bsb === '') problems.bsb = m.bsbRequired;
  else if (normaliseBsb(bsb) === null) problems.bsb = m.bsbInvalid;
  const number = str(body.account_number);
  if (number === '') problems.account_number = m.accountNumberRequired;
  else if (normaliseAccountNumber(number) === null)
    problems.account_number = m.accountNumberInvalid;
  return problems;
}

/**
 * The payment step's boxes as the wizard keeps them: with direct debit, `directDebit` says the
 * Direct Debit Request's box was ticked for a bank account's token.
 */
export interface DirectDebitAcceptance {
  directDebit?: boolean;
}

/** The kept boxes say the order pays by direct debit, its Direct Debit Request agreed. */
export const agreedDirectDebit = (acceptances: object | null): boolean =>
  acceptances !== null && (acceptances as DirectDebitAcceptance).directDebit === true;
