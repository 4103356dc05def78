import { describe, expect, it } from 'vitest';
import { cardComponentOptions, cardholderName } from './chargebee-options.ts';

describe("the cardholder's name for Chargebee", () => {
  it.each([
    ["Mary O'Brien", { firstName: 'Mary', lastName: "O'Brien" }],
    ["  Mary   Anne  O'Brien ", { firstName: 'Mary Anne', lastName: "O'Brien" }],
    ['Prince', { firstName: 'Prince' }],
    ['   ', null],
    ['', null],
  ])('%j is %o', (typed, expected) => expect(cardholderName(typed)).toEqual(expected));
});

describe("the frames' text", () => {
  const tokens = {
    font: "system-ui, 'Segoe UI', sans-serif",
    fontSize: '16px',
    text: '#0f172a',
    placeholder: 'rgb(117, 117, 117)',
    danger: '#b42318',
  };

  it('has the form font, size and colours, and the error colour when invalid', () => {
    const { style } = cardComponentOptions(tokens);
    expect(style.base).toMatchObject({
      color: '#0f172a',
      fontFamily: "system-ui, 'Segoe UI', sans-serif",
      fontSize: '16px',
      '::placeholder': { color: 'rgb(117, 117, 117)' },
    });
    expect(style.invalid).toMatchObject({ color: '#b42318' });
  });

  it('marks the containers with classes of our own and loads no web font', () => {
    const options = cardComponentOptions(tokens);
    expect(options.classes).toEqual({
      focus: 'cb-field--focus',
      invalid: 'cb-field--invalid',
      empty: 'cb-field--empty',
      complete: 'cb-field--complete',
    });
    expect(options.fonts).toEqual([]);
  });
});
