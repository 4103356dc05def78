/*
 * Amounts as a client writes them in the install body (docs/decisions/009-install-facts.md): read
 * by the server and the install module only, so apart from money.ts's formatting, which the first
 * screen carries (bench/README.md: the address step's JavaScript).
 */

/**
 * An amount in dollars as a client writes it in the install body: '79', '79.5', '79.00' or '$79'
 * (docs/decisions/009-install-facts.md). Null when the text is not a plain amount: no sign, no
 * exponent, no thousands separator, at most two decimals.
 */
export function parseDollars(text: string): number | null {
  const match = /^\$?(\d+(?:\.\d{1,2})?)$/.exec(text.trim());
  return match ? Number(match[1]) : null;
}

/** Charge text as the install body may write it: '', or dollars below a million ('$' optional). */
export const CHARGE_TEXT = /^(\$?\d{1,6}(\.\d{1,2})?)?$/;

/** A charge as text: '' is a charge of nothing, as are '0', '0.00' and '$0' (009). */
export function parseCharge(text: string): number | null {
  return text.trim() === '' ? 0 : parseDollars(text);
}
