import { describe, expect, it } from 'vitest';
import { isCleanText, text } from './text.ts';

describe('the shared text rule', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['escape', 'a\u001bb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00b'],
    ['a line break in a single-line field', 'a\nb'],
  ])('refuses %s', (_, value) => {
    const result = text(50).safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must not contain control characters');
  });

  it.each([
    ['letters, accents and apostrophes', "Zoë O'Brien"],
    ['an emoji (a whole surrogate pair)', 'Hi 👋'],
    ['markup, which is text like any other', '<b>bold</b>'],
  ])('accepts %s', (_, value) => {
    expect(text(50).parse(value)).toBe(value);
  });

  it('admits line breaks and tabs only in multi-line fields', () => {
    expect(text(50, { multiline: true }).parse('line one\r\n\tline two')).toBe(
      'line one\r\n\tline two',
    );
    expect(isCleanText('a\u0000b', { multiline: true })).toBe(false);
  });

  it('trims, then bounds the length', () => {
    expect(text(3).parse('  abc  ')).toBe('abc');
    const result = text(3).safeParse('abcd');
    expect(result.error?.issues[0]?.message).toBe('must be at most 3 characters');
  });
});
