import { expired, luhnValid } from '@fibre/domain/contact';
import { messages } from '@fibre/domain/shared';

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

/**
 * What is wrong with the card as typed, field by field, before it is sent
 * (docs/rules/contact-and-connection.md#payment-step-6): a field left empty, a number that is not
 * 12 to 19 digits or fails the Luhn check, an expiry that is not MM/YY or has passed, a CVV that is
 * not 3 or 4 digits. So one Submit names every wrong field; the vault checks again, as it must.
 */
export function plainCardProblems(
  card: {
    number: string;
    expiry: string;
    cvv: string;
    name: string;
  },
  now: Date = new Date(),
): Partial<Record<'number' | 'expiry' | 'cvv' | 'name', string>> {
  const problems: Partial<Record<'number' | 'expiry' | 'cvv' | 'name', string>> = {};
  const digits = digitsOf(card.number);
  if (!digits) problems.number = messages.cardNumberRequired;
  else if (!luhnValid(digits)) problems.number = messages.cardNumberInvalid;
  const expiry = parseExpiry(card.expiry);
  if (!card.expiry.trim()) problems.expiry = messages.expiryRequired;
  else if (!expiry) problems.expiry = messages.expiryInvalid;
  else if (expired(expiry.month, expiry.year, now)) problems.expiry = messages.cardExpired;
  if (!card.cvv) problems.cvv = messages.cvvRequired;
  else if (!/^\d{3,4}$/.test(card.cvv)) problems.cvv = messages.cvvInvalid;
  if (!card.name.trim()) problems.name = messages.cardholderNameRequired;
  return problems;
}

/** The vault's `fields` (the body's names) as the card form's fields. */
export function vaultFieldProblems(
  fields: Record<string, string>,
): Partial<Record<'number' | 'expiry' | 'cvv' | 'name', string>> {
  const problems: Partial<Record<'number' | 'expiry' | 'cvv' | 'name', string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field =
      key === 'expiry_month' || key === 'expiry_year'
        ? 'expiry'
        : key === 'number' || key === 'cvv' || key === 'name'
          ? key
          : undefined;
    if (field) problems[field] ??= message;
  }
  return problems;
}
