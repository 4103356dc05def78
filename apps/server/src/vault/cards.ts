/** Card checks of the test-mode vault (docs/rules/demo-data.md: test cards). */

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

/** A card expires at the end of its expiry month. */
export function expired(month: number, year: number, now: Date): boolean {
  const fullYear = year < 100 ? 2000 + year : year;
  return (
    fullYear < now.getUTCFullYear() ||
    (fullYear === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  );
}

/** The card that tokenises but is declined at billing. */
export const INSUFFICIENT_FUNDS_CARD = '4005519200000004';
