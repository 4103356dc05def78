/*
 * Money and rates as the texts write them. Apart from messages.ts, whose texts the first screen
 * does not need, so that a rule that only formats an amount does not bring every text with it
 * (bench/README.md: the address step's JavaScript).
 */

/** Whole dollars without cents, otherwise two decimals: 79 -> '79', 79.5 -> '79.50'. */
export function formatDollars(amount: number): string {
  const cents = Math.round(amount * 100);
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** 8900 → '$89.00'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-AU');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
