/*
 * An instant and its one reader, apart from scheduling/dates.ts: the step model (wizard/steps.ts) needs only this,
 * and the wizard's first screen loads the step model, so it must not bring date-fns and the time
 * zones with it (bench/README.md: the address step's JavaScript).
 */

/** An instant: a Date, epoch milliseconds, or an ISO date-time that carries its offset. */
export type Instant = Date | number | string;

const offsetSuffix = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * A string without an offset would be read in the process's zone, so it would mean different
 * instants on the server and in the browser; it is refused rather than guessed.
 */
export function toInstant(value: Instant): Date {
  if (typeof value === 'string' && !offsetSuffix.test(value.trim())) {
    throw new RangeError(`Date-time needs an offset or Z: '${value}'`);
  }
  const date = new Date(value instanceof Date ? value.getTime() : value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date-time: '${String(value)}'`);
  return date;
}
