import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, UNIT_MAX } from './constants.ts';
import { endOfBookingDayMs, stateTimeZone, toZonedIso } from './dates.ts';
import { extraFieldNames } from './types.ts';
import type {
  AddOn,
  Address,
  BookingSlot,
  ContactValues,
  Coupon,
  ExtraFieldEntry,
  Reservation,
  RouterChoice,
} from './types.ts';

/**
 * The install call's body (SPEC.md 7): `{ reservation_id, event_id, arrivy_booking, charge_bee }`.
 * The wizard builds it and the server validates it with this same schema. The schema checks shape
 * and formats only; the contact rules with their messages (validation.ts) and the prices are
 * checked again by the server from its own rules and catalogue (PRODUCT.md 4).
 */

const required = z.string().trim().min(1);
const dateTimeWithOffset = z.iso.datetime({ offset: true });
// SPEC.md 5: a mobile is 04 + 8 digits, and normalisation turns it into +61 4 + 8 digits.
const internationalMobile = z.string().regex(/^\+614\d{8}$/);
const postcode = z.string().regex(/^\d{4}$/);
const addOnCodes = ['static-ip', 'new-development-fee'] as const satisfies readonly AddOn[];

export const arrivyBookingSchema = z
  .object({
    customer_first_name: required.max(NAME_MAX),
    customer_last_name: required.max(NAME_MAX),
    customer_email: required.max(EMAIL_MAX),
    customer_mobile_number: internationalMobile,
    customer_address_line_1: z.string().max(UNIT_MAX),
    customer_address_line_2: required,
    customer_city: required,
    customer_state: required,
    customer_zipcode: postcode,
    customer_country: z.literal('Australia'),
    title: required,
    template_extra_fields: z.array(z.object({ name: z.enum(extraFieldNames), value: z.string() })),
    start_datetime: dateTimeWithOffset,
    end_datetime: dateTimeWithOffset,
  })
  // Date.parse, not toInstant: refinements can see a value whose format check failed, and a
  // validator must report, never throw.
  .refine((b) => Date.parse(b.end_datetime) > Date.parse(b.start_datetime), {
    message: 'end_datetime must be after start_datetime',
    path: ['end_datetime'],
  });

export const chargeBeeSchema = z
  .object({
    start_date: z.number().int().positive(),
    first_name: required.max(NAME_MAX),
    last_name: required.max(NAME_MAX),
    unit: z.string().max(UNIT_MAX),
    address: required,
    state: required,
    email: required.max(EMAIL_MAX),
    postcode,
    phone: internationalMobile,
    suburb: required,
    plan_id: required,
    tmp_token: required,
    coupon_id: required.nullable(),
    coupon_type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).nullable(),
    service_id: required,
    /** Dollars, as the catalogue states router costs. */
    router_charge: z.number().nonnegative(),
    add_ons: z
      .array(z.enum(addOnCodes))
      .refine((codes) => new Set(codes).size === codes.length, 'add-ons must not repeat'),
  })
  .refine((c) => (c.coupon_id === null) === (c.coupon_type === null), {
    message: 'coupon_id and coupon_type come together',
    path: ['coupon_type'],
  });

export const installBodySchema = z.object({
  reservation_id: required,
  event_id: required,
  arrivy_booking: arrivyBookingSchema,
  charge_bee: chargeBeeSchema,
});

export type ArrivyBooking = z.infer<typeof arrivyBookingSchema>;
export type ChargeBeeBody = z.infer<typeof chargeBeeSchema>;
export type InstallBody = z.infer<typeof installBodySchema>;

export interface InstallBodyInput {
  reservation: Pick<Reservation, 'reservation_id' | 'event_id'>;
  slot: Pick<BookingSlot, 'start' | 'end'>;
  /** Names already stored capitalised (SPEC.md 5); the phone as entered or already +61. */
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
  /** The card tokeniser's vault token (cb_token). */
  cardToken: string;
  coupon: Pick<Coupon, 'coupon_id' | 'coupon_type'> | null;
  router: Pick<RouterChoice, 'cost'>;
  addOns: readonly AddOn[];
}

/**
 * SPEC.md 5 phone normalisation: a number not starting with +61 loses its leading character and
 * gains +61. Repeated here rather than imported so the payload does not wait on normalise.ts;
 * both follow the same sentence of the spec.
 */
function toInternationalMobile(phone: string): string {
  return phone.startsWith('+61') ? phone : `+61${phone.slice(1)}`;
}

/** SPEC.md 3: the unit counts as absent when empty or '0'; absent is sent as ''. */
function unitOrEmpty(unit: string): string {
  const trimmed = unit.trim();
  return trimmed === '0' ? '' : trimmed;
}

function streetLine(address: InstallBodyInput['address']): string {
  return [address.street_number, address.street]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** The scheduling record (SPEC.md 3) plus the booking's window, in the address's zone. */
export function buildArrivyBooking(input: InstallBodyInput): ArrivyBooking {
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
    title: `Installation - ${contact.firstName} ${contact.lastName} - ${address.formatted_address}`,
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
    tmp_token: input.cardToken,
    coupon_id: coupon?.coupon_id ?? null,
    coupon_type: coupon?.coupon_type ?? null,
    service_id: address.uniqueCode,
    router_charge: Number(input.router.cost),
    add_ons: [...new Set(input.addOns)],
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
