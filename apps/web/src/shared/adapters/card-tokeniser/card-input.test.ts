import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, parseExpiry } from './card-input.ts';

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
