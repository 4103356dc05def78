/* The console's CSV exports (docs/rules/operators.md#reading). */

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled. A
 * cell starting with = + - or @ is a formula to a spreadsheet: it is prefixed with ' so it stays
 * text (OWASP's CSV injection advice).
 */
export function csvCell(value: string | null): string {
  let cell = value ?? '';
  if (/^[=+\-@]/.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Rows as CSV text: CRLF after each line (RFC 4180). */
export const csvText = (rows: Array<Array<string | null>>): string =>
  rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
