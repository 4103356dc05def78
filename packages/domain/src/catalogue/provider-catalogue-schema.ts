/**
 * The provider's catalogue as data: the schema of the provider file (catalogue/demo.yaml is the
 * demo provider's; docs/catalogue.md describes every key), each value on its own, and the types
 * of the file's parts, inferred from it so that the schema is the one shape. Keys are the file's
 * own, so an error can name the field as the file spells it. Rules that compare values (unique
 * ids, names that must point somewhere, a speed against another) are provider-catalogue-rules.ts;
 * the reader is provider-catalogue.ts. Every object is strict, so a misspelt key is an error
 * rather than a value silently left out.
 */
import { z } from 'zod';
import { AU_STATES, type AuState } from '../shared/states.ts';
import {
  text,
  optionalText,
  looseText,
  money,
  positiveInt,
  calendarDate,
  httpsUrl,
  postcode,
  auState,
  oneOf,
  link,
  sha256,
} from './provider-catalogue-fields.ts';

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const COUPON_TYPES = { coupon: 1, referral: 2, move_in: 3, sales: 4 } as const;
export type CouponTypeName = keyof typeof COUPON_TYPES;

/**
 * A document the visitor is shown and agrees to (docs/rules/documents-and-consent.md): where it
 * is, which version, and optionally the SHA-256 of its text. A changed document is a new version.
 */
const document = z.strictObject({
  title: text,
  url: httpsUrl,
  version: looseText,
  sha256: sha256.optional(),
});

const documents = z.strictObject({
  /** The terms and conditions (the standard form of agreement) every order accepts. */
  terms: document.optional(),
  /** The privacy policy the collection notice links to. */
  privacy: document.optional(),
  /**
   * The Direct Debit Request and its service agreement (the BECS rules'): direct debit is offered
   * only where the catalogue names it (docs/rules/documents-and-consent.md#direct-debit).
   */
  direct_debit: document.optional(),
  /**
   * The complaints handling process (TCP Code chapter 8, the Complaints Handling Standard), with
   * the external dispute body a customer may go to: the Telecommunications Industry Ombudsman
   * unless the file names another (docs/rules/documents-and-consent.md#what-a-telco-links).
   */
  complaints: z
    .strictObject({
      ...document.shape,
      ombudsman: z.strictObject({ name: text, phone: text, url: httpsUrl }).optional(),
    })
    .optional(),
  /** The financial hardship policy (the Financial Hardship Industry Standard 2024). */
  hardship: document.optional(),
  /** Where a customer affected by domestic or family violence finds support. */
  family_violence: document.optional(),
});

/** The provider's own words where the wizard collects personal details and consent. */
const notices = z.strictObject({
  /**
   * The collection notice (APP 5) shown on the contact step and the lead form: who collects,
   * why, what happens if details are not given, who receives them (and overseas), in the
   * provider's words. The privacy policy's link follows it.
   */
  collection: text.optional(),
  /**
   * The lead form's collection notice: what a registration of interest is used for (telling the
   * person when service comes) and who receives it (docs/rules/documents-and-consent.md).
   */
  lead_collection: text.optional(),
  /**
   * The decisions the software makes about a person, and how to ask a person to review one
   * (the Privacy Act's automated decisions, from 10 December 2026).
   */
  decisions: text.optional(),
  /** The words of the optional marketing box. */
  marketing: text.optional(),
});

/** A charge a visitor may meet after the sale, shown before they pay. */
const otherCharge = z.strictObject({
  name: text,
  /** Dollars, at most two decimals. */
  amount: money,
  /** When it is charged, in a few words. */
  when: text,
});

const provider = z.strictObject({
  /** The {provider} path segment and every plan's and router's rsp: [a-z0-9-]{1,32}. */
  code: z
    .string({ error: 'must be text' })
    .regex(/^[a-z0-9-]{1,32}$/, { error: 'must be 1 to 32 lower-case letters, digits or -' }),
  name: text,
  /** #rrggbb */
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
  /** Mbps, the tier's name speed. */
  speed: positiveInt,
  /** Mbps, the typical busy-hour (7 pm to 11 pm) speed; at most `speed`. */
  busy_hour_speed: z
    .number({ error: 'must be a number of Mbps' })
    .positive({ error: 'must be more than 0' }),
  /** Dollars a month, at most two decimals. */
  monthly: money,
  description: text,
  lit: z.boolean({ error: 'must be true or false' }),
  non_lit: z.boolean({ error: 'must be true or false' }),
  /** The plan's Critical Information Summary (https URL). */
  cis_url: httpsUrl,
  /** The CIS's version, as the provider names it; a changed summary is a new version. */
  cis_version: looseText.optional(),
  /** SHA-256 (64 hex digits) of the summary's text, when the provider gives it. */
  cis_sha256: sha256.optional(),
});

const router = z.strictObject({
  id: text,
  name: text,
  /** Dollars a month; 0 is bring-your-own. */
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
    /** Four digits. */
    postcode,
  }),
  status: text,
  class: oneOf(['mdu', 'sdu']),
  category: oneOf(['brownfield', 'greenfield']),
  type: oneOf(['residential', 'commercial', 'mixed']),
  /** Code of the building that answers for this one (a slave building's master). */
  master: text.optional(),
  /** Id of a campaign in `campaigns`. */
  campaign: text.optional(),
  units: z.array(looseText).optional(),
});

const couponTypes = Object.keys(COUPON_TYPES) as [CouponTypeName, ...CouponTypeName[]];

const coupon = z.strictObject({
  /** Upper case letters and digits. */
  code: z
    .string({ error: 'must be text' })
    .regex(/^[A-Z0-9]+$/, { error: 'must be upper-case letters and digits' }),
  type: z.enum(couponTypes, { error: `must be one of ${couponTypes.join(', ')}` }),
  months: positiveInt,
  /** Exactly one of percent and dollars. */
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
  /** A code in `coupons`. */
  coupon: text,
  months_free: positiveInt,
  /** YYYY-MM-DD */
  starts: calendarDate,
  /** YYYY-MM-DD, after starts */
  ends: calendarDate,
});

const SHIFT_ERROR = "must be 'HH:MM-HH:MM' (24-hour times) in quotes";

const crew = z.strictObject({
  days: z.array(z.enum(WEEKDAYS, { error: `must be one of ${WEEKDAYS.join(', ')}` })).min(1, {
    error: 'must name at least one day',
  }),
  /** 'HH:MM-HH:MM' local time */
  shift: z
    .string({ error: SHIFT_ERROR })
    .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, { error: SHIFT_ERROR }),
  window_minutes: positiveInt,
  /** Crews working each window. */
  capacity: positiveInt,
});

const crews = z.strictObject(
  Object.fromEntries(AU_STATES.map((state) => [state, crew.optional()])) as Record<
    AuState,
    z.ZodOptional<typeof crew>
  >,
);

const holiday = z.strictObject({
  /** YYYY-MM-DD */
  date: calendarDate,
  name: text,
  states: z.union([z.literal('all'), z.array(auState).min(1)], {
    error: `must be all or a list of states (${AU_STATES.join(', ')})`,
  }),
});

const crewDayOff = z.strictObject({
  state: auState,
  /** YYYY-MM-DD */
  date: calendarDate,
  /** How many of the state's crews are off (default 1). */
  crews: positiveInt.optional(),
});

/**
 * A card scheme's fee (docs/catalogue.md, `fees.card`): a percentage of each payment as charged,
 * an optional cap in dollars, and the words of the fee line, which must say it is a card
 * surcharge (a fee renamed 'admin' or 'service' is still a surcharge).
 */
const cardFee = z
  .strictObject({
    percent: z
      .number({ error: 'must be a percentage from 0 to 100' })
      .min(0, { error: 'must be a percentage from 0 to 100' })
      .max(100, { error: 'must be a percentage from 0 to 100' }),
    cap: money.optional(),
    words: text.optional(),
  })
  .superRefine((fee, ctx) => {
    if (fee.percent > 0 && fee.words === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['words'],
        message: "must name the fee ('American Express card surcharge') when percent is above 0",
      });
    if (fee.words !== undefined && !/surcharge|card (processing )?fee/i.test(fee.words))
      ctx.addIssue({
        code: 'custom',
        path: ['words'],
        message: "must say it is a card surcharge or card fee ('American Express card surcharge')",
      });
    if (fee.words !== undefined && /admin|service|convenience|handling/i.test(fee.words))
      ctx.addIssue({
        code: 'custom',
        path: ['words'],
        message: 'must not call a card surcharge an admin, service, convenience or handling fee',
      });
  });

/** No surcharge on these schemes' cards from 1 October 2026 (their rules, after the RBA's review). */
const noSurcharge = cardFee.refine((fee) => fee.percent === 0, {
  path: ['percent'],
  error: 'must be 0: eftpos, Mastercard and Visa forbid a surcharge from 1 October 2026',
});

/** Each scheme is optional: a scheme not named carries no fee; `other` is any scheme not named. */
const cardFees = z.strictObject({
  visa: noSurcharge.optional(),
  mastercard: noSurcharge.optional(),
  eftpos: noSurcharge.optional(),
  amex: cardFee.optional(),
  diners: cardFee.optional(),
  other: cardFee.optional(),
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
  fees: z
    .strictObject({
      new_development: money,
      card: cardFees,
      // Refused below with the key that replaces it, rather than as an unknown key.
      card_surcharge_percent: z.unknown().optional(),
    })
    .superRefine((fees, ctx) => {
      if (fees.card_surcharge_percent !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['card_surcharge_percent'],
          message:
            'is replaced by fees.card, a fee per card scheme (docs/catalogue.md): eftpos, Mastercard and Visa may carry none since 1 October 2026',
        });
    }),
  /** Optional: the demo may go without, a provider's own file may not (docs/catalogue.md). */
  documents: documents.optional(),
  notices: notices.optional(),
  other_charges: z.array(otherCharge).optional(),
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

// The file's parts, as the schema gives them: a key is written once, in the schema above.
export type ProviderCatalogue = z.output<typeof providerCatalogueSchema>;
export type ProviderSpec = ProviderCatalogue['provider'];
export type LinkSpec = ProviderSpec['links']['navigation'][number];
export type DocumentSpec = NonNullable<NonNullable<ProviderCatalogue['documents']>['terms']>;
export type PlanSpec = ProviderCatalogue['plans'][number];
export type RouterSpec = ProviderCatalogue['routers'][number];
export type BuildingSpec = ProviderCatalogue['buildings'][number];
export type CouponSpec = ProviderCatalogue['coupons'][number];
export type CampaignSpec = ProviderCatalogue['campaigns'][number];
export type CrewSpec = NonNullable<ProviderCatalogue['crews'][AuState]>;
export type HolidaySpec = ProviderCatalogue['closures']['holidays'][number];
export type CrewDayOffSpec = ProviderCatalogue['closures']['crew_days_off'][number];
