import { describe, expect, it } from 'vitest';
import { messages } from '@fibre/domain/shared';
import { formatCardNumber, formatExpiry, parseExpiry, plainCardProblems } from './card-input.ts';

describe('card number', () => {
  it.each([
    ['4111111111111111', '4111 1111 1111 1111'],
    ['4111 1111-1111 1111', '4111 1111 1111 1111'],
    ['41111', '4111 1'],
    ['1234567890123456789999', '1234 5678 9012 3456 789'],
  ])('%s shows as %s', (typed, shown) => expect(formatCardNumber(typed)).toBe(shown));
});

describe('expiry', () => {
  it.each([
    ['1', '', '1'],
    ['4', '', '04/'],
    ['12', '1', '12/'],
    ['12', '12/', '12'],
    ['1229', '12/2', '12/29'],
    ['12/295', '12/29', '12/29'],
  ])('%s after %s shows as %s', (typed, before, shown) =>
    expect(formatExpiry(typed, before)).toBe(shown),
  );

  it.each([
    ['12/29', { month: 12, year: 2029 }],
    ['01/2030', { month: 1, year: 2030 }],
    ['13/29', null],
    ['00/29', null],
    ['1/29', null],
    ['', null],
  ])('%s reads as %o', (value, parsed) => expect(parseExpiry(value)).toEqual(parsed));
});

describe('plainCardProblems: one Submit names every wrong card field', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const good = { number: '4111 1111 1111 1111', expiry: '12/34', cvv: '123', name: 'Mary Smith' };

  it('a good card has no problem', () => {
    expect(plainCardProblems(good, now)).toEqual({});
  });

  it('a number failing Luhn and an expiry in the past are named before the card is sent', () => {
    expect(
      plainCardProblems({ ...good, number: '4111 1111 1111 1112', expiry: '10/26' }, now),
    ).toEqual({ number: messages.cardNumberInvalid, expiry: messages.cardExpired });
  });

  it('empty fields are each required', () => {
    expect(plainCardProblems({ number: '', expiry: '', cvv: '', name: ' ' }, now)).toEqual({
      number: messages.cardNumberRequired,
      expiry: messages.expiryRequired,
      cvv: messages.cvvRequired,
      name: messages.cardholderNameRequired,
    });
  });
});
