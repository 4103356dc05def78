/** Typing helpers for the test-mode card fields: what is shown, and what is sent. */

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** '4111111111111111' -> '4111 1111 1111 1111' (at most 19 digits, as card numbers go). */
export function formatCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * MM/YY as typed: the slash comes by itself after the month, a month that can only be one digit
 * gets its 0 ('4' -> '04/'), and deleting works backwards through the slash.
 */
export function formatExpiry(value: string, previous: string): string {
  let digits = digitsOf(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  const typing = value.length > previous.length;
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits.length === 2 && typing ? `${digits}/` : digits;
}

/** 'MM/YY' as a month and a four-digit year, or null when it is not one. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year: year < 100 ? 2000 + year : year };
}
