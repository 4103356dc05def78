import type { CardComponentOptions, TokenizeData } from './chargebee-js.ts';

/*
 * What the Chargebee card component is given so its frames read like the rest of the form: the
 * text style comes from our CSS tokens (global.css), the field boxes, focus rings and invalid
 * borders are our own containers (card-fields.css), marked by the classes Chargebee sets on them.
 */

/** The design tokens the frames' text needs, as the page has them (custom properties, px). */
export interface TextTokens {
  font: string;
  fontSize: string;
  text: string;
  placeholder: string;
  danger: string;
}

const fallback: TextTokens = {
  font: 'system-ui, sans-serif',
  fontSize: '16px',
  text: '#0f172a',
  placeholder: '#4a5568',
  danger: '#b42318',
};

/**
 * Reads the tokens from the page (global.css's :root, the body's font size). No token names the
 * placeholder colour, so it is read from one of the form's own inputs when the browser says it.
 */
export function pageTextTokens(formInput?: HTMLInputElement | null): TextTokens {
  const root = getComputedStyle(document.documentElement);
  const token = (name: string, or: string) => root.getPropertyValue(name).trim() || or;
  const placeholder = formInput ? getComputedStyle(formInput, '::placeholder').color : '';
  return {
    font: token('--font', fallback.font),
    fontSize: getComputedStyle(document.body).fontSize || fallback.fontSize,
    text: token('--text', fallback.text),
    placeholder: placeholder || token('--text-muted', fallback.placeholder),
    danger: token('--danger', fallback.danger),
  };
}

export const fieldClasses = {
  focus: 'cb-field--focus',
  invalid: 'cb-field--invalid',
  empty: 'cb-field--empty',
  complete: 'cb-field--complete',
} as const;

/** The card component's options: our text style, our container classes, no web font to fetch. */
export function cardComponentOptions(tokens: TextTokens): CardComponentOptions {
  return {
    style: {
      base: {
        color: tokens.text,
        fontFamily: tokens.font,
        fontSize: tokens.fontSize,
        fontWeight: '400',
        fontSmoothing: 'antialiased',
        '::placeholder': { color: tokens.placeholder },
      },
      invalid: {
        color: tokens.danger,
        '::placeholder': { color: tokens.placeholder },
      },
    },
    classes: { ...fieldClasses },
    // The system font stack of --font is already on every device: nothing to load.
    fonts: [],
    // The same hints as the test-mode fields.
    placeholder: { number: '1234 1234 1234 1234', expiry: 'MM/YY', cvv: '' },
    locale: 'en',
  };
}

/**
 * The cardholder's name as Chargebee's first and last name: the last word is the last name
 * ("Mary Anne O'Brien" -> "Mary Anne" / "O'Brien"); a single word is a first name only. Null when
 * there is no name at all.
 */
export function cardholderName(name: string): TokenizeData | null {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  if (words.length === 1) return { firstName: words[0]! };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}
