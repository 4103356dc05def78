import { describe, expect, it } from 'vitest';
import { expired, luhnValid } from './card.ts';

describe('docs/rules/demo-data.md, test cards: the checks the card form and the vault share', () => {
  it.each([
    ['4111111111111111', true],
    ['5555555555554444', true],
    ['4005519200000004', true],
    ['4111111111111112', false],
    ['41111111111', false],
    ['41111111111111111111', false],
    ['4111 1111 1111 1111', false],
  ])('Luhn: %s is %s', (digits, valid) => {
    expect(luhnValid(digits)).toBe(valid);
  });

  it('a card is good to the end of its expiry month', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(expired(11, 26, now)).toBe(false);
    expect(expired(10, 26, now)).toBe(true);
    expect(expired(12, 2025, now)).toBe(true);
    expect(expired(1, 27, now)).toBe(false);
  });
});
