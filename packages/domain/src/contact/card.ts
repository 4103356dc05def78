/*
 * The card checks a card form and the test-mode vault share (docs/rules/demo-data.md, test cards):
 * the form says at once what the vault would refuse, and the vault still checks, as it must.
 */

/** The Luhn check digit holds, on 12 to 19 digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card expires at the end of its expiry month (a two-digit year is this century's). */
export function expired(month: number, year: number, now: Date): boolean {
  const fullYear = year < 100 ? 2000 + year : year;
  return (
    fullYear < now.getUTCFullYear() ||
    (fullYear === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  );
}
