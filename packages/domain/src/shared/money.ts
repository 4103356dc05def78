/*
 * Money and rates as the texts write them. Apart from messages.ts, whose texts the first screen
 * does not need, so that a rule that only formats an amount does not bring every text with it
 * (bench/README.md: the address step's JavaScript).
 */

/** A rate as a percentage without trailing zeros: 0.015 -> '1.5', 0.02 -> '2'. */
export function formatPercent(rate: number): string {
  return String(Number((rate * 100).toPrecision(12)));
}

/** Whole dollars without cents, otherwise two decimals: 79 -> '79', 79.5 -> '79.50'. */
export function formatDollars(amount: number): string {
  const cents = Math.round(amount * 100);
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

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

/** 8900 → '$89.00'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-AU');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
