import { z } from 'zod';

/**
 * The character rule every text field shares (docs/decisions/008-server-input.md). Text is
 * refused when it holds a control character (C0, DEL, C1; NUL included, which PostgreSQL cannot
 * store) or half of a surrogate pair (not a character at all). Multi-line fields may hold line
 * breaks and tabs; single-line fields may not.
 */
// eslint-disable-next-line no-control-regex
const singleLineControl = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const multiLineControl = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const textMessages = {
  controlCharacters: 'must not contain control characters',
  tooLong: (max: number) => `must be at most ${max} characters`,
} as const;

/** True when the text holds no control character and no lone surrogate. */
export function isCleanText(value: string, options: { multiline?: boolean } = {}): boolean {
  const control = options.multiline ? multiLineControl : singleLineControl;
  return !control.test(value) && !loneSurrogate.test(value);
}

/** A text field: bounded, clean, trimmed. `multiline` admits line breaks and tabs. */
export function text(max: number, options: { multiline?: boolean } = {}) {
  return z
    .string()
    .refine((value) => isCleanText(value, options), textMessages.controlCharacters)
    .transform((value) => value.trim())
    .pipe(z.string().max(max, textMessages.tooLong(max)));
}
