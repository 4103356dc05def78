import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { capitaliseName } from './names.ts';

describe('capitaliseName: first letter capitalised, the rest lowercase (docs/rules/contact-and-connection.md)', () => {
  it.each([
    ['john', 'John'],
    ['JOHN', 'John'],
    ['jOHN', 'John'],
    // Literal: only the first letter of the whole name is capitalised.
    ['mary ann', 'Mary ann'],
    ["o'brien", "O'brien"],
    ["O'BRIEN", "O'brien"],
    ['  jo  ', 'Jo'],
    ['élise', 'Élise'],
    ['ZOË', 'Zoë'],
    ['', ''],
    // A capital that is two letters would not survive a second pass.
    ['ßa', 'ßa'],
  ])('%j -> %j', (name, stored) => {
    expect(capitaliseName(name)).toBe(stored);
  });

  it('is idempotent for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const once = capitaliseName(name);
        expect(capitaliseName(once)).toBe(once);
      }),
    );
  });

  it('leaves only the first letter capital in a Latin name', () => {
    const latinName = fc.stringMatching(/^[A-Za-z][A-Za-z' ]{0,25}$/);
    fc.assert(
      fc.property(latinName, (name) => {
        const stored = capitaliseName(name);
        expect(stored[0]).toBe(name[0]!.toUpperCase());
        expect(stored.slice(1)).toBe(stored.slice(1).toLowerCase());
      }),
    );
  });
});
