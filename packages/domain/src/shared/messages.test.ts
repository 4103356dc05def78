import { describe, expect, it } from 'vitest';
import {
  monthlyChargeRequired,
  newDevelopmentChargeRequired,
  orderFailureText,
} from './messages.ts';
import { formatDollars } from './money.ts';

describe('messages with values', () => {
  it.each([
    [79, 'Please agree to a monthly charge of $79'],
    [88.5, 'Please agree to a monthly charge of $88.50'],
    [99.99, 'Please agree to a monthly charge of $99.99'],
  ])('monthly charge %s', (amount, text) => {
    expect(monthlyChargeRequired(amount)).toBe(text);
  });

  it.each([
    [300, 'Please agree to the New Development Charge of $300'],
    [450, 'Please agree to the New Development Charge of $450'],
    [299.5, 'Please agree to the New Development Charge of $299.50'],
  ])('new development charge %s', (amount, text) => {
    expect(newDevelopmentChargeRequired(amount)).toBe(text);
  });

  it('order failure text names phone and email', () => {
    expect(orderFailureText('1300 000 000', 'help@example.com')).toBe(
      'Unfortunately an error has occured with your order... Please call us on 1300 000 000 or email help@example.com so that we can finalise your connection.',
    );
  });

  it.each([
    [0, '0'],
    [9, '9'],
    [1.5, '1.50'],
    [10.25, '10.25'],
  ])('formatDollars(%s)', (n, s) => expect(formatDollars(n)).toBe(s));
});
