import { describe, expect, it } from 'vitest';
import {
  ORDER_REFERENCE_PATTERN,
  normaliseOrderReference,
  orderReferenceFrom,
} from './order-reference.ts';

// docs/rules/orders.md#the-order-reference
describe('the order reference', () => {
  it('spells 40 bits as eight Crockford characters in two groups', () => {
    expect(orderReferenceFrom([0, 0, 0, 0, 0])).toBe('0000-0000');
    expect(orderReferenceFrom([255, 255, 255, 255, 255])).toBe('ZZZZ-ZZZZ');
    expect(orderReferenceFrom([0x21, 0x43, 0x65, 0x87, 0xa9])).toMatch(ORDER_REFERENCE_PATTERN);
  });

  it('never uses I, L, O or U', () => {
    for (let i = 0; i < 200; i++) {
      const bytes = Array.from({ length: 5 }, () => Math.floor(Math.random() * 256));
      expect(orderReferenceFrom(bytes)).not.toMatch(/[ILOU]/);
    }
  });

  it('reads a reference as typed', () => {
    expect(normaliseOrderReference('k7qd 9xwm')).toBe('K7QD-9XWM');
    expect(normaliseOrderReference('K7QD-9XWM')).toBe('K7QD-9XWM');
    expect(normaliseOrderReference('O1IL-0000')).toBe('0111-0000');
    expect(normaliseOrderReference('K7QD-9XW')).toBeNull();
    expect(normaliseOrderReference('K7QD-9XWU')).toBeNull();
    expect(normaliseOrderReference('smith')).toBeNull();
  });
});
