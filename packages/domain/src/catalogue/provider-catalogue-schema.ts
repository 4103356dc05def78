/**
 * The provider file's schema: each value on its own (docs/catalogue.md lists the keys and rules).
 * Rules that compare values (unique ids, names that must point somewhere, a speed against another)
 * are provider-catalogue-rules.ts. Every object is strict, so a misspelt key is an error rather
 * than a value silently left out.
 */
import { z } from 'zod';
import {
  AU_STATES,
  COUPON_TYPES,
  WEEKDAYS,
  type CouponTypeName,
  type ProviderCatalogue,
} from './provider-catalogue-shape.ts';

const text = z.string({ error: 'must be text' }).trim().min(1, { error: 'must not be empty' });
const optionalText = z.string({ error: 'must be text (it may be empty)' });

/** Text that YAML may have read as a number (a street number, a unit, an id part such as 350). */
const looseText = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  text,
);

const hasAtMostTwoDecimals = (value: number) =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const money = z
  .number({ error: 'must be a number of dollars' })
  .min(0, { error: 'must be 0 or more dollars' })
  .refine(hasAtMostTwoDecimals, { error: 'must have at most two decimals (cents)' });

const positiveInt = z
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

const calendarDate = z.preprocess(
  dateText,
  z
    .string({ error: 'must be a date, YYYY-MM-DD' })
    .refine(isCalendarDate, { error: 'must be a real calendar day, YYYY-MM-DD' }),
);

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });
const postcode = z
  .string({ error: "must be four digits in quotes (e.g. '0800')" })
  .regex(/^\d{4}$/, { error: "must be four digits in quotes (e.g. '0800')" });
const auState = z.enum(AU_STATES, { error: `must be one of ${AU_STATES.join(', ')}` });

/** One of a few words, still typed as text (the shape keeps these open for other providers). */
function oneOf(words: readonly string[]) {
  const error = `must be ${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
  return z.string({ error }).refine((value) => words.includes(value), { error });
}

const link = z.strictObject({ label: text, href: text });

const provider = z.strictObject({
  code: z
    .string({ error: 'must be text' })
    .regex(/^[a-z0-9-]{1,32}$/, { error: 'must be 1 to 32 lower-case letters, digits or -' }),
  name: text,
  colour: z
    .string({ error: "must be a colour '#rrggbb' in quotes" })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: "must be a colour '#rrggbb' in quotes" }),
  support_phone: looseText,
  support_email: z.email({ error: 'must be an email address' }),
  links: z.strictObject({
    billing_portal: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }),
    navigation: z.array(link),
    social: z.array(link),
  }),
});

const plan = z.strictObject({
  id: text,
  name: text,
  speed: positiveInt,
  busy_hour_speed: z
    .number({ error: 'must be a number of Mbps' })
    .positive({ error: 'must be more than 0' }),
  monthly: money,
  description: text,
  lit: z.boolean({ error: 'must be true or false' }),
  non_lit: z.boolean({ error: 'must be true or false' }),
  cis_url: httpsUrl,
});

const router = z.strictObject({
  id: text,
  name: text,
  monthly: money,
  description: text,
  period: optionalText,
});

const building = z.strictObject({
  code: text,
  address: z.strictObject({
    street_number: looseText,
    street: text,
    suburb: text,
    state: auState,
    postcode,
  }),
  status: text,
  class: oneOf(['mdu', 'sdu']),
  category: oneOf(['brownfield', 'greenfield']),
  type: oneOf(['residential', 'commercial', 'mixed']),
  master: text.optional(),
  campaign: text.optional(),
  units: z.array(looseText).optional(),
});

const couponTypes = Object.keys(COUPON_TYPES) as [CouponTypeName, ...CouponTypeName[]];

const coupon = z.strictObject({
  code: z
    .string({ error: 'must be text' })
    .regex(/^[A-Z0-9]+$/, { error: 'must be upper-case letters and digits' }),
  type: z.enum(couponTypes, { error: `must be one of ${couponTypes.join(', ')}` }),
  months: positiveInt,
  percent: z
    .number({ error: 'must be a number from 0 to 100' })
    .min(0, { error: 'must be a number from 0 to 100' })
    .max(100, { error: 'must be a number from 0 to 100' })
    .optional(),
  dollars: money.optional(),
  plans: z.array(text).optional(),
  postcode: postcode.optional(),
  suburb: text.optional(),
});

const campaign = z.strictObject({
  id: text,
  name: text,
  terms: text,
  coupon: text,
  months_free: positiveInt,
  starts: calendarDate,
  ends: calendarDate,
});

const SHIFT_ERROR = "must be 'HH:MM-HH:MM' (24-hour times) in quotes";

const crew = z.strictObject({
  days: z.array(z.enum(WEEKDAYS, { error: `must be one of ${WEEKDAYS.join(', ')}` })).min(1, {
    error: 'must name at least one day',
  }),
  shift: z
    .string({ error: SHIFT_ERROR })
    .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, { error: SHIFT_ERROR }),
  window_minutes: positiveInt,
  capacity: positiveInt,
});

const crews = z.strictObject(
  Object.fromEntries(AU_STATES.map((state) => [state, crew.optional()])) as Record<
    (typeof AU_STATES)[number],
    z.ZodOptional<typeof crew>
  >,
);

const holiday = z.strictObject({
  date: calendarDate,
  name: text,
  states: z.union([z.literal('all'), z.array(auState).min(1)], {
    error: `must be all or a list of states (${AU_STATES.join(', ')})`,
  }),
});

const crewDayOff = z.strictObject({
  state: auState,
  date: calendarDate,
  crews: positiveInt.optional(),
});

export const providerCatalogueSchema = z.strictObject({
  provider,
  plans: z.array(plan).min(1, { error: 'must list at least one plan' }),
  default_plan: text,
  popular_plans: z.array(text),
  // An empty part would be in every id and hide every plan.
  hidden_plan_id_parts: z.array(looseText),
  routers: z.array(router).min(1, { error: 'must list at least one router' }),
  add_ons: z.strictObject({ static_ip: z.strictObject({ monthly: money }) }),
  fees: z.strictObject({
    new_development: money,
    card_surcharge_percent: z
      .number({ error: 'must be a percentage from 0 to 100' })
      .min(0, { error: 'must be a percentage from 0 to 100' })
      .max(100, { error: 'must be a percentage from 0 to 100' }),
  }),
  rejected_coupon_codes: z.array(text),
  buildings: z.array(building),
  coupons: z.array(coupon),
  campaigns: z.array(campaign),
  crews,
  closures: z.strictObject({
    holidays: z.array(holiday),
    crew_days_off: z.array(crewDayOff),
  }),
});

// The schema's output is exactly the file's shape: neither may drift from the other.
type Output = z.output<typeof providerCatalogueSchema>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _exact: Same<Output, ProviderCatalogue> = true;
