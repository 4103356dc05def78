import { describe, expect, it } from 'vitest';
import {
  agreedDirectDebit,
  bankAccountProblems,
  formatBsb,
  normaliseAccountNumber,
  normaliseBsb,
} from './bank-account.ts';

// docs/rules/contact-and-connection.md#direct-debit

describe('the BSB', () => {
  it.each([
    ['062-000', '062000'],
    ['062 000', '062000'],
    ['062000', '062000'],
    [' 000-001 ', '000001'],
  ])('%s is six digits: %s', (typed, digits) => {
    expect(normaliseBsb(typed)).toBe(digits);
  });

  it.each(['06200', '0620000', '06A-000', '062--000', '062_000', ''])(
    '%s is not a BSB',
    (typed) => {
      expect(normaliseBsb(typed)).toBeNull();
    },
  );

  it('is shown as 000-000', () => {
    expect(formatBsb('062000')).toBe('062-000');
  });
});

describe('the account number', () => {
  it.each([
    ['12345', '12345'],
    ['123 456 789', '123456789'],
    ['1234-5678', '12345678'],
  ])('%s is 5 to 9 digits: %s', (typed, digits) => {
    expect(normaliseAccountNumber(typed)).toBe(digits);
  });

  it.each(['1234', '1234567890', '12345a', ''])('%s is not an account number', (typed) => {
    expect(normaliseAccountNumber(typed)).toBeNull();
  });
});

describe('bankAccountProblems', () => {
  it('names nothing for a whole account', () => {
    expect(
      bankAccountProblems({ account_name: 'Jane', bsb: '000-000', account_number: '000123456' }),
    ).toEqual({});
  });

  it('names each wrong field with its message', () => {
    expect(bankAccountProblems({})).toEqual({
      account_name: 'Account name is required',
      bsb: 'BSB is required',
      account_number: 'Account number is required',
    });
    expect(
      bankAccountProblems({ account_name: 'Jane', bsb: '12-345', account_number: '12' }),
    ).toEqual({
      bsb: 'BSB must be 6 digits, like 062-000',
      account_number: 'Account number must be 5 to 9 digits',
    });
  });
});

describe('agreedDirectDebit', () => {
  it('is true only when the kept boxes say so', () => {
    expect(agreedDirectDebit(null)).toBe(false);
    expect(agreedDirectDebit({ terms: true })).toBe(false);
    expect(agreedDirectDebit({ terms: true, directDebit: false })).toBe(false);
    expect(agreedDirectDebit({ terms: true, directDebit: true })).toBe(true);
  });
});
