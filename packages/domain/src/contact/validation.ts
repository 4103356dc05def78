import { z } from 'zod';
import type { DomainConfig } from '../shared/config.ts';
import {
  messages,
  monthlyChargeRequired,
  newDevelopmentChargeRequired,
} from '../shared/messages.ts';
import {
  EMAIL_MAX,
  NAME_MAX,
  NAME_MIN,
  PHONE_MAX,
  UNIT_MAX,
  LEAD_MESSAGE_MAX,
} from '../shared/constants.ts';
import { isCleanText, text, textMessages } from '../shared/text.ts';

export interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  howDidYouHearAboutUs: string;
}

/*
 * The schemas of docs/rules/contact-and-connection.md, shared by the wizard's forms and the
 * server's routes. Each field gives at most one message: required first, then length, then pattern.
 */

/** In the order of docs/rules/contact-and-connection.md. */
export const howDidYouHearOptions = [
  'Search Engine',
  'Google Ads',
  'Social Media',
  'Digital Advertising',
  'Word Of Mouth',
  'Building Manager',
  'In Building Marketing Material',
  'Referral',
  'Sponsorship',
  'Other',
] as const;

export type HowDidYouHear = (typeof howDidYouHearOptions)[number];

// Letters of any alphabet and apostrophes (straight or the typographic one phones insert); every
// word holds at least one letter, and words are separated by single spaces.
const nameWord = "[\\p{L}'\u2019]*\\p{L}[\\p{L}'\u2019]*";
const namePattern = new RegExp(`^${nameWord}(?: ${nameWord})*$`, 'u');

const mobilePattern = /^(?:04\d{8}|\+614\d{8})$/;

// Alphanumeric with at least one digit.
const unitPattern = /^[A-Za-z0-9]*[0-9][A-Za-z0-9]*$/;

/** A rule as [passes, message]; a field's rules are listed in the order their messages win. */
type Rule = readonly [passes: (value: string) => boolean, message: string];

// zod reports every failing check; the visitor gets only the first failing rule's message.
function firstFailing(rules: readonly Rule[]) {
  return (value: string, ctx: z.RefinementCtx) => {
    const failed = rules.find(([passes]) => !passes(value));
    if (failed) ctx.addIssue({ code: 'custom', message: failed[1] });
  };
}

const filled = (value: string) => value !== '';

function nameSchema(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .superRefine(
      firstFailing([
        [filled, required],
        [(name) => name.length >= NAME_MIN, messages.nameTooShort],
        [(name) => name.length <= NAME_MAX, messages.nameTooLong],
        [(name) => namePattern.test(name), invalid],
      ]),
    );
}

const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .superRefine(
    firstFailing([
      [filled, messages.emailRequired],
      [(email) => email.length <= EMAIL_MAX, messages.emailTooLong],
      [(email) => z.regexes.email.test(email), messages.emailInvalid],
    ]),
  );

// Spaces are allowed while typing ('0412 345 678'); normaliseMobile strips them when storing.
const phoneSchema = z
  .string({ error: messages.phoneRequired })
  .trim()
  .superRefine(
    firstFailing([
      [filled, messages.phoneRequired],
      // One line and bounded (docs/decisions/008-server-input.md): spaces are stripped before the
      // pattern, so without these a line break or 60 KB of spaces would pass.
      [(phone) => phone.length <= PHONE_MAX && isCleanText(phone), messages.phoneInvalid],
      [(phone) => mobilePattern.test(phone.replace(/\s/g, '')), messages.phoneInvalid],
    ]),
  );

const contactFields = z.object({
  firstName: nameSchema(messages.firstNameRequired, messages.firstNameInvalid),
  lastName: nameSchema(messages.lastNameRequired, messages.lastNameInvalid),
  email: emailSchema,
  confirmEmail: z
    .string({ error: messages.confirmEmailRequired })
    .trim()
    .superRefine(firstFailing([[filled, messages.confirmEmailRequired]])),
  phone: phoneSchema,
  howDidYouHearAboutUs: z.enum(howDidYouHearOptions, { error: messages.howDidYouHearRequired }),
});

/**
 * The contact step's rule for each field, for a route that takes one of them on its own (finish
 * later's first name, api/finish-later-input.ts), with the step's messages.
 */
export const contactFieldRules = contactFields.shape;

/**
 * A request about a person's data (docs/rules/personal-data-requests.md): the email or mobile that
 * names the person, and the corrected details, each checked by the contact step's own rule and
 * message. The API's schema (api/personal-data-input.ts) checks the shape; the server this.
 */
export const personalDataRules = z.object({
  email: emailSchema.optional(),
  mobile: phoneSchema.optional(),
  to: z
    .object({
      firstName: contactFields.shape.firstName.optional(),
      lastName: contactFields.shape.lastName.optional(),
      email: emailSchema.optional(),
      mobile: phoneSchema.optional(),
    })
    .optional(),
});

/**
 * The contact step's values plus the confirmation of the email
 * (docs/rules/contact-and-connection.md).
 */
export const contactSchema = contactFields.refine((c) => c.confirmEmail === c.email, {
  error: messages.confirmEmailMismatch,
  path: ['confirmEmail'],
  // Compare as soon as a confirmation is typed, whatever the other fields say, so the form shows
  // the mismatch together with their messages.
  when: ({ value, issues }) => {
    const confirmFailed = issues.some((issue) => issue.path?.[0] === 'confirmEmail');
    return !confirmFailed && typeof (value as { email?: unknown } | null)?.email === 'string';
  },
});

export type ContactFormValues = z.output<typeof contactSchema>;

/**
 * docs/rules/contact-and-connection.md: the unit is checked only for multi-dwelling buildings. '0'
 * counts as no unit, so it is 'unit is required' there too.
 */
export function unitSchema(mdu: boolean): z.ZodType<string, string> {
  if (!mdu) return z.string().trim();
  return z
    .string({ error: messages.unitRequired })
    .trim()
    .superRefine(
      firstFailing([
        [(unit) => unit !== '' && unit !== '0', messages.unitRequired],
        [(unit) => unit.length <= UNIT_MAX, messages.unitTooLong],
        [(unit) => unitPattern.test(unit), messages.unitNotNumerical],
      ]),
    );
}

/** The connection details step: only the unit is entered; street, suburb... are read-only. */
export function connectionDetailsSchema(mdu: boolean) {
  return z.object({ unit: unitSchema(mdu) });
}

/**
 * Installation's Continue (docs/rules/installation-and-holds.md): a date, then a time window (the
 * slot's booking id). The time is asked for only once a date is chosen, so one message shows at a
 * time.
 */
export const installationSchema = z
  .object({ date: z.string().nullish(), bookingId: z.string().nullish() })
  .superRefine(({ date, bookingId }, ctx) => {
    if (!date) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: messages.installationDateRequired });
    } else if (!bookingId) {
      ctx.addIssue({
        code: 'custom',
        path: ['bookingId'],
        message: messages.installationTimeRequired,
      });
    }
  })
  // Narrows the type: the transform runs only when both are present.
  .transform((choice) => choice as { date: string; bookingId: string });

export interface PaymentAcceptancesContext {
  /** dollars, as shown in 'Please agree to a monthly charge of $X' */
  monthlyCharge: number;
  greenfield: boolean;
}

/**
 * The payment acceptances (docs/rules/contact-and-connection.md); marketing emails are optional.
 */
export function paymentAcceptancesSchema(
  { monthlyCharge, greenfield }: PaymentAcceptancesContext,
  rules: Pick<DomainConfig, 'newDevelopmentCharge'>,
) {
  return z.object({
    monthlyCharge: z.literal(true, { error: monthlyChargeRequired(monthlyCharge) }),
    newDevelopmentCharge: greenfield
      ? z.literal(true, { error: newDevelopmentChargeRequired(rules.newDevelopmentCharge) })
      : z.boolean().optional(),
    terms: z.literal(true, { error: messages.termsRequired }),
    marketing: z.boolean().default(false),
  });
}

export type PaymentAcceptances = z.output<ReturnType<typeof paymentAcceptancesSchema>>;

/**
 * Field -> its first message, for a form's errors and the server's `fields` map. Nested paths are
 * joined with dots; an issue about the whole value is under ''.
 */
export function firstIssues(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.map(String).join('.');
    fields[field] ??= issue.message;
  }
  return fields;
}

/**
 * The built-in lead form of an unserved address (docs/rules/address-and-serviceability.md): the
 * contact rules for the names and the email; a mobile only if given.
 */
export const leadSchema = z.object({
  firstName: contactFields.shape.firstName,
  lastName: contactFields.shape.lastName,
  email: contactFields.shape.email,
  phone: z
    .string()
    .trim()
    .optional()
    .transform((phone) => (phone === '' ? undefined : phone))
    .pipe(phoneSchema.optional()),
  formatted_address: z
    .string({ error: 'An address is required' })
    .pipe(text(300))
    .refine(filled, 'An address is required'),
  // Multi-line: line breaks and tabs are text here. The shared character rule, with the form's own
  // message for the length.
  message: z
    .string()
    .refine((message) => isCleanText(message, { multiline: true }), textMessages.controlCharacters)
    .transform((message) => message.trim())
    .pipe(z.string().max(LEAD_MESSAGE_MAX, 'Please keep the message under 1000 characters'))
    .optional(),
});

export type LeadValues = z.output<typeof leadSchema>;
