import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, UNIT_MAX } from '../shared/constants.ts';
import { endOfBookingDayMs, stateTimeZone, toZonedIso } from '../scheduling/dates.ts';
import { templateExtraFieldsSchema } from './extra-fields.ts';
import { CHARGE_TEXT, parseCharge } from '../shared/amount-text.ts';
import { text } from '../shared/text.ts';
import type { AddOn } from '../pricing/add-ons.ts';
import { CARD_SCHEMES, type CardScheme } from '../shared/card-schemes.ts';
import { orderAddressLine, type Address } from '../address/address.ts';
import type { ContactValues } from '../contact/validation.ts';
import type { ExtraFieldEntry } from '../shared/extra-field-names.ts';
import type { BookingSlot, Reservation } from '../api/scheduling.ts';
import type { Coupon } from '../api/offers.ts';
import {
  bankAccountProblems,
  normaliseAccountNumber,
  normaliseBsb,
} from '../contact/bank-account.ts';

export interface RouterChoice {
  /** the router id; 'byo' style routers have cost '0' */
  mode: string;
  cost: string;
}

export interface SchedulingRecord {
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string;
  customer_mobile_number: string;
  customer_address_line_1: string;
  customer_address_line_2: string;
  customer_city: string;
  customer_state: string;
  customer_zipcode: string;
  customer_country: 'Australia';
  title: string;
  template_extra_fields: ExtraFieldEntry[];
}

/**
 * The install call's body, `{ reservation_id, event_id, arrivy_booking, charge_bee }`
 * (docs/rules/orders.md). The wizard builds it and the server validates it with this same schema.
 * The schema checks shape and formats only; the contact rules with their messages (contact/validation.ts)
 * and the prices are checked again by the server from its own rules and catalogue
 * (docs/rules/orders.md).
 */

/*
 * Every text field is bounded and has a character rule that fits what it holds (docs/decisions/
 * 009-install-facts.md): `text()` (shared/text.ts) refuses control characters and lone surrogates and
 * bounds the length; the patterns below admit only what a code, a number or an address line can
 * contain, so markup such as `<script>` fits nowhere.
 */
const line = (max: number, pattern: RegExp, message: string) =>
  text(max).pipe(z.string().min(1, 'is required').regex(pattern, message));
const optionalLine = (max: number, pattern: RegExp, message: string) =>
  text(max).pipe(z.string().regex(pattern, message));

// Ids the server hands out: reservation UUIDs and event ids such as 'NSW-2026-12-03T08:00~crew-1'.
const idPattern = /^[\w.:~-]+$/;
const id = line(128, idPattern, 'must be letters, digits or -_.:~');
// Letters of any alphabet, digits, spaces and the punctuation addresses use.
const addressPattern = /^[\p{L}\p{N}\p{M} '\u2019.,/&()#-]+$/u;
const addressMessage = "must be letters, digits, spaces or . , / & ( ) # ' -";
const addressLine = (max: number) => line(max, addressPattern, addressMessage);
// A unit: '', '12', '5A', 'G01'. The stricter rule for MDUs (docs/rules/contact-and-connection.md)
// is the server's unitSchema.
const unit = optionalLine(UNIT_MAX, /^[A-Za-z0-9/ -]*$/, 'must be letters, digits or / -');
const stateName = line(40, /^[A-Za-z ]+$/, 'must be a state');
const personName = line(NAME_MAX, /^[\p{L}\p{M}' \u2019-]+$/u, 'must be letters');
const email = line(EMAIL_MAX, /^[^\s<>]+@[^\s<>]+$/, 'must be an email address');
const dateTimeWithOffset = z.iso.datetime({ offset: true });
// A mobile is 04 + 8 digits, and normalisation turns it into +61 4 + 8 digits
// (docs/rules/contact-and-connection.md).
const internationalMobile = z.string().regex(/^\+614\d{8}$/);
const postcode = z.string().regex(/^\d{4}$/);
/** Coupon, referral, plan and building codes. */
export const codePattern = /^[A-Za-z0-9_-]+$/;
const code = line(64, codePattern, 'must be letters, digits, - or _');
const addOnCodes = ['static-ip', 'new-development-fee'] as const satisfies readonly AddOn[];
// The installer task's title is the server's own ('Installation - First Last - address', built by
// buildArrivyBooking) and the body's is never read (docs/decisions/009-install-facts.md): any short
// line of words and the punctuation a title has will do, or none at all.
const title = optionalLine(
  300,
  /^[\p{L}\p{N}\p{M} '\u2019.,/&()#:;!?@+\u2013\u2014-]*$/u,
  "must be letters, digits, spaces or . , / & ( ) # ' - : ; ! ? @ +",
)
  .default('')
  .describe(
    "Any short text, or none: the server writes the installer task's own title and never reads this one (docs/decisions/009-install-facts.md)",
  );
// Dollars, as a number (10) or as text ('10', '10.00', '$10'; '', '0' or '$0' for none: 009).
const routerCharge = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(CHARGE_TEXT, 'must be an amount in dollars')
        .transform((charge) => parseCharge(charge) ?? Number.NaN),
    ],
    { error: 'must be an amount in dollars' },
  )
  .pipe(z.number().nonnegative().max(100_000))
  .describe(
    "Dollars: a number (10) or an amount as text ('10', '10.00', '$10'); checked against the router's price",
  );

export const arrivyBookingSchema = z
  .object({
    customer_first_name: personName,
    customer_last_name: personName,
    customer_email: email,
    customer_mobile_number: internationalMobile,
    customer_address_line_1: unit,
    customer_address_line_2: addressLine(120),
    customer_city: addressLine(60),
    customer_state: stateName,
    customer_zipcode: postcode,
    customer_country: z.literal('Australia'),
    title,
    template_extra_fields: templateExtraFieldsSchema,
    start_datetime: dateTimeWithOffset,
    end_datetime: dateTimeWithOffset,
  })
  // Date.parse, not toInstant: refinements can see a value whose format check failed, and a
  // validator must report, never throw.
  .refine((b) => Date.parse(b.end_datetime) > Date.parse(b.start_datetime), {
    message: 'end_datetime must be after start_datetime',
    path: ['end_datetime'],
  });

/**
 * A bank account for direct debit through Chargebee (docs/rules/contact-and-connection.md#direct-debit):
 * sent in the install body only when Chargebee bills, checked by the same rules as the form's, passed
 * on to Chargebee at billing and never stored nor logged by the server.
 */
export const bankAccountSchema = z
  .object({
    account_name: text(100),
    bsb: z.string().max(16),
    account_number: z.string().max(32),
  })
  .superRefine((account, ctx) => {
    for (const [field, message] of Object.entries(bankAccountProblems(account)))
      ctx.addIssue({ code: 'custom', message, path: [field] });
  })
  .transform((account) => ({
    account_name: account.account_name.trim(),
    bsb: normaliseBsb(account.bsb) ?? account.bsb,
    account_number: normaliseAccountNumber(account.account_number) ?? account.account_number,
  }));
export type BankAccountBody = z.output<typeof bankAccountSchema>;

export const chargeBeeSchema = z
  .object({
    start_date: z.number().int().positive().max(8.64e15),
    first_name: personName,
    last_name: personName,
    unit,
    address: addressLine(120),
    state: stateName,
    email,
    postcode,
    phone: internationalMobile,
    suburb: addressLine(60),
    plan_id: code,
    // Test-vault tokens ('tok_test_...') and Chargebee.js tokens ('cb_...').
    // Absent when a bank account is sent instead (direct debit through Chargebee).
    tmp_token: line(200, /^[\w.:-]+$/, 'must be a card token').optional(),
    bank_account: bankAccountSchema.optional(),
    /**
     * The Direct Debit Request box, sent only when ticked; the server reads it only for a bank
     * account's token (docs/rules/documents-and-consent.md#direct-debit).
     */
    direct_debit_agreed: z.boolean().optional(),
    /**
     * The card scheme and the card fee on the first payment (dollars) the visitor was shown, both
     * optional: the server derives the scheme from the card's token and refuses (422, naming the
     * field) a stated one that differs (docs/decisions/009-install-facts.md).
     */
    card_scheme: z.enum(CARD_SCHEMES).optional(),
    card_fee: z.number().min(0).max(100_000).optional(),
    coupon_id: code.nullable(),
    coupon_type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).nullable(),
    service_id: code,
    /** Dollars, as the catalogue states router costs. */
    router_charge: routerCharge,
    add_ons: z
      .array(z.enum(addOnCodes))
      .refine((codes) => new Set(codes).size === codes.length, 'add-ons must not repeat'),
  })
  .refine((c) => (c.coupon_id === null) === (c.coupon_type === null), {
    message: 'coupon_id and coupon_type come together',
    path: ['coupon_type'],
  })
  .refine((c) => (c.tmp_token === undefined) !== (c.bank_account === undefined), {
    message: 'send either a card token or a bank account',
    path: ['tmp_token'],
  });

export const installBodySchema = z.object({
  reservation_id: id,
  event_id: id,
  arrivy_booking: arrivyBookingSchema,
  charge_bee: chargeBeeSchema,
});

export type ArrivyBooking = z.infer<typeof arrivyBookingSchema>;
export type ChargeBeeBody = z.infer<typeof chargeBeeSchema>;
export type InstallBody = z.infer<typeof installBodySchema>;

export interface InstallBodyInput {
  reservation: Pick<Reservation, 'reservation_id' | 'event_id'>;
  slot: Pick<BookingSlot, 'start' | 'end'>;
  /**
   * Names already stored capitalised (docs/rules/contact-and-connection.md); the phone as entered
   * or already +61.
   */
  contact: Pick<ContactValues, 'firstName' | 'lastName' | 'email' | 'phone'>;
  address: Pick<
    Address,
    | 'formatted_address'
    | 'street_number'
    | 'street'
    | 'suburb'
    | 'state'
    | 'postcode'
    | 'unit'
    | 'uniqueCode'
  >;
  /** The named text fields, built by extra-fields.ts. */
  extraFields: readonly ExtraFieldEntry[];
  planId: string;
  /** The card tokeniser's vault token (cb_token), or the bank account's for direct debit. */
  cardToken: string;
  /** The Direct Debit Request box, ticked (direct debit only). */
  directDebitAgreed?: boolean;
  /** The bank account for direct debit through Chargebee, sent instead of a token. */
  bankAccount?: { account_name: string; bsb: string; account_number: string };
  /** The card's scheme as the wizard told it from the number, and the fee it showed (cards only). */
  cardScheme?: CardScheme | null;
  cardFee?: number;
  coupon: Pick<Coupon, 'coupon_id' | 'coupon_type'> | null;
  router: Pick<RouterChoice, 'cost'>;
  addOns: readonly AddOn[];
}

/**
 * Phone normalisation (docs/rules/contact-and-connection.md): a number not starting with +61 loses
 * its leading character and gains +61. Repeated here rather than imported so the payload does not
 * wait on address/normalise.ts; both follow the same rule.
 */
function toInternationalMobile(phone: string): string {
  return phone.startsWith('+61') ? phone : `+61${phone.slice(1)}`;
}

/** The unit counts as absent when empty or '0'; absent is sent as '' (docs/rules/orders.md). */
export function unitOrEmpty(unit: string): string {
  const trimmed = unit.trim();
  return trimmed === '0' ? '' : trimmed;
}

function streetLine(address: InstallBodyInput['address']): string {
  return [address.street_number, address.street]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * The scheduling record (docs/rules/orders.md) plus the booking's window, in the address's zone.
 * The wizard builds it from its store; the server builds it again from its own facts
 * (009-install-facts.md).
 */
export function buildArrivyBooking(
  input: Pick<InstallBodyInput, 'contact' | 'address' | 'slot' | 'extraFields'>,
): ArrivyBooking {
  const { contact, address, slot } = input;
  const timeZone = stateTimeZone(address.state);
  return {
    customer_first_name: contact.firstName,
    customer_last_name: contact.lastName,
    customer_email: contact.email,
    customer_mobile_number: toInternationalMobile(contact.phone),
    customer_address_line_1: unitOrEmpty(address.unit),
    customer_address_line_2: streetLine(address),
    customer_city: address.suburb,
    customer_state: address.state,
    customer_zipcode: address.postcode,
    customer_country: 'Australia',
    // The address line the mails and the invite carry, unit included (docs/rules/mail.md).
    title: `Installation - ${contact.firstName} ${contact.lastName} - ${orderAddressLine(address)}`,
    template_extra_fields: input.extraFields.map(({ name, value }) => ({ name, value })),
    start_datetime: toZonedIso(slot.start, timeZone),
    end_datetime: toZonedIso(slot.end, timeZone),
  };
}

/**
 * The billing part. `address` is the street line (number and street), since unit, suburb, state
 * and postcode travel in their own fields. `service_id` is the building code: the one identifier
 * of the service location that billing otherwise lacks.
 */
export function buildChargeBee(input: InstallBodyInput): ChargeBeeBody {
  const { contact, address, coupon } = input;
  return {
    start_date: endOfBookingDayMs(input.slot.start, stateTimeZone(address.state)),
    first_name: contact.firstName,
    last_name: contact.lastName,
    unit: unitOrEmpty(address.unit),
    address: streetLine(address),
    state: address.state,
    email: contact.email,
    postcode: address.postcode,
    phone: toInternationalMobile(contact.phone),
    suburb: address.suburb,
    plan_id: input.planId,
    ...(input.bankAccount ? { bank_account: input.bankAccount } : { tmp_token: input.cardToken }),
    coupon_id: coupon?.coupon_id ?? null,
    coupon_type: coupon?.coupon_type ?? null,
    service_id: address.uniqueCode,
    router_charge: Number(input.router.cost),
    add_ons: [...new Set(input.addOns)],
    ...(input.directDebitAgreed ? { direct_debit_agreed: true } : {}),
    ...(input.cardScheme ? { card_scheme: input.cardScheme } : {}),
    ...(input.cardFee !== undefined ? { card_fee: input.cardFee } : {}),
  };
}

export function buildInstallBody(input: InstallBodyInput): InstallBody {
  return {
    reservation_id: input.reservation.reservation_id,
    event_id: input.reservation.event_id,
    arrivy_booking: buildArrivyBooking(input),
    charge_bee: buildChargeBee(input),
  };
}
