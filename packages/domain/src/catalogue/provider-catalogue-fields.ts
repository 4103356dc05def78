/**
 * The kinds of value a provider file holds (docs/catalogue.md): text, money, dates, https links,
 * postcodes, states, hashes, each with the words its error says. The file's schema
 * (provider-catalogue-schema.ts) is written in them.
 */
import { z } from 'zod';
import { AU_STATES } from '../shared/states.ts';

export const text = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, { error: 'must not be empty' });
export const optionalText = z.string({ error: 'must be text (it may be empty)' });

/** Text that YAML may have read as a number (a street number, a unit, an id part such as 350). */
export const looseText = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  text,
);

const hasAtMostTwoDecimals = (value: number) =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const money = z
  .number({ error: 'must be a number of dollars' })
  .min(0, { error: 'must be 0 or more dollars' })
  .refine(hasAtMostTwoDecimals, { error: 'must have at most two decimals (cents)' });

export const positiveInt = z
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be more than 0' });

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD naming a day that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * YAML 1.1 readers turn an unquoted 2026-12-25 into a timestamp (midnight UTC); the file means the
 * day, so either form becomes the string.
 */
export function dateText(value: unknown): unknown {
  return value instanceof Date && !Number.isNaN(value.getTime())
    ? value.toISOString().slice(0, 10)
    : value;
}

export const calendarDate = z.preprocess(
  dateText,
  z
    .string({ error: 'must be a date, YYYY-MM-DD' })
    .refine(isCalendarDate, { error: 'must be a real calendar day, YYYY-MM-DD' }),
);

export const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });
export const postcode = z
  .string({ error: "must be four digits in quotes (e.g. '0800')" })
  .regex(/^\d{4}$/, { error: "must be four digits in quotes (e.g. '0800')" });
export const auState = z.enum(AU_STATES, { error: `must be one of ${AU_STATES.join(', ')}` });

/** One of a few words, still typed as text (the shape keeps these open for other providers). */
export function oneOf(words: readonly string[]) {
  const error = `must be ${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
  return z.string({ error }).refine((value) => words.includes(value), { error });
}

export const link = z.strictObject({ label: text, href: text });

export const sha256 = z
  .string({ error: 'must be a SHA-256: 64 hex digits' })
  .regex(/^[0-9a-fA-F]{64}$/, { error: 'must be a SHA-256: 64 hex digits' })
  .transform((value) => value.toLowerCase());
