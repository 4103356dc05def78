import { expired, luhnValid } from '@fibre/domain/contact';
import { messages } from '@fibre/domain/shared';
import { cardSchemeOf, type CardScheme } from '@fibre/domain/pricing';

/** Card checks of the test-mode vault (docs/rules/demo-data.md: test cards). */

/**
 * The card's scheme, the brand its token records: the domain's rule from the number's prefix
 * (docs/rules/plans-and-pricing.md#card-fees), so the install prices its fee from the token, never
 * from the browser; a number no scheme is known for is `other`.
 */
export function cardBrand(digits: string): CardScheme {
  return cardSchemeOf(digits) ?? 'other';
}

/** The card that tokenises but is declined at billing. */
export const INSUFFICIENT_FUNDS_CARD = '4005519200000004';

/**
 * What is wrong with a card, field by field (the body's names: number, expiry_month or
 * expiry_year, cvv, name), each with its message (docs/rules/demo-data.md#test-cards): the vault's
 * 422 carries them as `fields`, so the wizard marks only the fields that are wrong.
 */
export function cardProblems(
  body: {
    number?: unknown;
    expiry_month?: unknown;
    expiry_year?: unknown;
    cvv?: unknown;
    name?: unknown;
  },
  now: Date,
): Record<string, string> {
  const fields: Record<string, string> = {};
  const number = typeof body.number === 'string' ? body.number.replace(/[\s-]/g, '') : '';
  if (number === '') fields.number = messages.cardNumberRequired;
  else if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
    fields.number = messages.cardNumberInvalid;
  const month = Number(body.expiry_month);
  const year = Number(body.expiry_year);
  const monthOk = Number.isInteger(month) && month >= 1 && month <= 12;
  const yearOk = Number.isInteger(year) && year >= 0 && year <= 2200;
  if (body.expiry_month === undefined || body.expiry_year === undefined)
    fields.expiry_month = messages.expiryRequired;
  else if (!monthOk) fields.expiry_month = messages.expiryInvalid;
  else if (!yearOk) fields.expiry_year = messages.expiryInvalid;
  else if (expired(month, year, now)) {
    const fullYear = year < 100 ? 2000 + year : year;
    // The part that makes it past: the year, or within this year the month.
    fields[fullYear < now.getUTCFullYear() ? 'expiry_year' : 'expiry_month'] = messages.cardExpired;
  }
  const cvv = typeof body.cvv === 'string' ? body.cvv : '';
  if (cvv === '') fields.cvv = messages.cvvRequired;
  else if (!/^\d{3,4}$/.test(cvv)) fields.cvv = messages.cvvInvalid;
  if (typeof body.name !== 'string' || body.name.trim() === '')
    fields.name = messages.cardholderNameRequired;
  return fields;
}
