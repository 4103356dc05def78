/**
 * The install body read back into typed facts: the reverse of buildInstallBody
 * (install-payload.ts). The server decides from these facts, never from the body's text labels
 * (docs/decisions/009-install-facts.md, docs/rules/orders.md).
 */
import { isAddOn } from '../pricing/add-ons.ts';
import { parseCostOrNull } from '../catalogue/plans.ts';
import { messages } from '../shared/messages.ts';
import { parseDollars } from '../shared/amount-text.ts';
import { echoedExtraFields } from './extra-fields.ts';
import { installBodySchema, type BankAccountBody, type InstallBody } from './install-payload.ts';
import type { AddOn } from '../pricing/add-ons.ts';
import type { CardScheme } from '../shared/card-schemes.ts';
import type { ExtraFieldName, ExtraFields } from '../shared/extra-field-names.ts';
import type { Coupon } from '../api/offers.ts';
import { contactSchema, firstIssues } from '../contact/validation.ts';

/** What an install body says, typed. Text a field did not carry reads as '' (or null). */
export interface InstallBodyFacts {
  reservationId: string;
  eventId: string;
  /** The booked window as sent, with its offset. */
  slot: { start: string; end: string };
  /** The billing start the body names (ms since the epoch). */
  startDate: number;
  /** The visitor's contact as sent (booking copy); the phone is international (+61). */
  contact: { firstName: string; lastName: string; email: string; phone: string };
  /** The billing copy of the contact, which must be the same as the booking's. */
  billingContact: { firstName: string; lastName: string; email: string; phone: string };
  /** The unit as billing carries it ('' or '0' is none: unitOrEmpty, docs/rules/orders.md). */
  unit: string;
  /**
   * The installer task's copy of the service address. Its title is not a fact: the server writes
   * its own and the body's is never read (docs/decisions/009-install-facts.md).
   */
  bookingAddress: { unit: string; street: string; suburb: string; state: string; postcode: string };
  /** The service address as billing carries it: the street line and the rest. */
  address: { street: string; suburb: string; state: string; postcode: string };
  /** The building code of the service address (charge_bee.service_id), upper case. */
  buildingCode: string;
  /** The building code the extra named fields carry, upper case ('' when absent). */
  namedBuildingCode: string;
  planId: string;
  cardToken: string;
  /**
   * The Direct Debit Request box was ticked (docs/rules/documents-and-consent.md#direct-debit):
   * read only when the token is a bank account's.
   */
  directDebitAgreed: boolean;
  /**
   * The bank account for direct debit through Chargebee, when sent instead of a token (then
   * `cardToken` is ''): passed to billing, never stored (docs/rules/contact-and-connection.md).
   */
  bankAccount?: BankAccountBody;
  /** The card scheme the body states (null when it states none): compared, never believed. */
  statedCardScheme: CardScheme | null;
  /** The card fee on the first payment the body states, dollars (null when none). */
  statedCardFee: number | null;
  coupon: Pick<Coupon, 'coupon_id' | 'coupon_type'> | null;
  /** The router as chosen by name (null when none is named), and the charge the body states. */
  router: { name: string | null; charge: number };
  /** The add-ons billing is asked for, without repeats. */
  addOns: AddOn[];
  staticIp: boolean;
  newDevelopmentFee: boolean;
  /** Dollars a month as the body states them ('$' or not); null when not an amount. */
  monthlyCost: number | null;
  speed: number | null;
  termsAgreed: boolean;
  marketing: boolean;
  howDidYouHear: string;
  promoCode: string | null;
  referralCode: string | null;
  /**
   * The extra named fields as sent, by name: values the server compares with its own. The fields
   * that only echo constants (echoedExtraFields) are left out: derived and ignored (009).
   */
  extraFields: Partial<ExtraFields>;
}

/** Why a body cannot be read: every invalid field with its first message. */
export interface InstallBodyRefusal {
  code: 'invalid_input';
  message: string;
  fields: Record<string, string>;
}

export type InstallBodyRead =
  | { ok: true; body: InstallBody; facts: InstallBodyFacts }
  | { ok: false; refusal: InstallBodyRefusal };

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The extra named fields of a body that may not have passed its shape check. */
function namedFieldsOf(booking: Record<string, unknown>): Map<string, string> {
  const list = Array.isArray(booking.template_extra_fields) ? booking.template_extra_fields : [];
  return new Map(
    list
      .map(asRecord)
      .filter((f) => typeof f.name === 'string' && typeof f.value === 'string')
      .map((f) => [f.name as string, f.value as string]),
  );
}

const extraPath = (name: ExtraFieldName) => `arrivy_booking.template_extra_fields.${name}`;
const contactPaths: Record<string, string> = {
  firstName: 'arrivy_booking.customer_first_name',
  lastName: 'arrivy_booking.customer_last_name',
  email: 'arrivy_booking.customer_email',
  confirmEmail: 'arrivy_booking.customer_email',
  phone: 'arrivy_booking.customer_mobile_number',
  howDidYouHearAboutUs: extraPath('How Did You Hear About Us?'),
};

/**
 * The contact rules (docs/rules/contact-and-connection.md), run again on what the install carries,
 * under the body's own field names. Run on the raw body, so their messages join the shape's in one
 * answer.
 */
function contactIssues(rawBody: unknown): Record<string, string> {
  const booking = asRecord(asRecord(rawBody).arrivy_booking);
  const named = namedFieldsOf(booking);
  const result = contactSchema.safeParse({
    firstName: booking.customer_first_name,
    lastName: booking.customer_last_name,
    email: booking.customer_email,
    confirmEmail: booking.customer_email,
    phone: booking.customer_mobile_number,
    howDidYouHearAboutUs: named.get('How Did You Hear About Us?') ?? '',
  });
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(result.success ? {} : firstIssues(result))) {
    fields[contactPaths[field] ?? field] ??= message;
  }
  if (named.get('I Agree to the Terms and Conditions') !== 'YES') {
    fields[extraPath('I Agree to the Terms and Conditions')] = messages.termsRequired;
  }
  return fields;
}

const orNull = (value: string | undefined) => (value ? value : null);

function numberOrNull(
  value: string | undefined,
  parse: (text: string) => number | null = parseCostOrNull,
): number | null {
  const amount = parse((value ?? '').trim());
  return amount === null || !Number.isFinite(amount) ? null : amount;
}

/** The facts of a body that passed its shape check. */
export function installBodyFacts(body: InstallBody): InstallBodyFacts {
  const a = body.arrivy_booking;
  const cb = body.charge_bee;
  const extraFields: Partial<ExtraFields> = Object.fromEntries(
    a.template_extra_fields
      .filter((f) => !echoedExtraFields.includes(f.name))
      .map((f) => [f.name, f.value]),
  );
  const addOns = [...new Set(cb.add_ons)].filter(isAddOn);
  const router = (extraFields.Router ?? '').trim();
  return {
    reservationId: body.reservation_id,
    eventId: body.event_id,
    slot: { start: a.start_datetime, end: a.end_datetime },
    startDate: cb.start_date,
    contact: {
      firstName: a.customer_first_name,
      lastName: a.customer_last_name,
      email: a.customer_email,
      phone: a.customer_mobile_number,
    },
    billingContact: {
      firstName: cb.first_name,
      lastName: cb.last_name,
      email: cb.email,
      phone: cb.phone,
    },
    unit: cb.unit,
    bookingAddress: {
      unit: a.customer_address_line_1,
      street: a.customer_address_line_2,
      suburb: a.customer_city,
      state: a.customer_state,
      postcode: a.customer_zipcode,
    },
    address: { street: cb.address, suburb: cb.suburb, state: cb.state, postcode: cb.postcode },
    buildingCode: cb.service_id.trim().toUpperCase(),
    namedBuildingCode: (extraFields['Building Code'] ?? '').toUpperCase(),
    planId: cb.plan_id,
    cardToken: cb.tmp_token ?? '',
    ...(cb.bank_account ? { bankAccount: cb.bank_account } : {}),
    directDebitAgreed: cb.direct_debit_agreed === true,
    statedCardScheme: cb.card_scheme ?? null,
    statedCardFee: cb.card_fee ?? null,
    coupon:
      cb.coupon_id === null || cb.coupon_type === null
        ? null
        : { coupon_id: cb.coupon_id, coupon_type: cb.coupon_type },
    router: { name: router === '' ? null : router, charge: cb.router_charge },
    addOns,
    staticIp: addOns.includes('static-ip'),
    newDevelopmentFee: addOns.includes('new-development-fee'),
    // '89', '89.50' or '$89' (009).
    monthlyCost: numberOrNull(extraFields['Monthly Cost'], parseDollars),
    speed: numberOrNull(extraFields.Speed),
    termsAgreed: extraFields['I Agree to the Terms and Conditions'] === 'YES',
    marketing: extraFields['Marketing Emails'] === 'YES',
    howDidYouHear: extraFields['How Did You Hear About Us?'] ?? '',
    promoCode: orNull(extraFields['Promo Code']),
    referralCode: orNull(extraFields['Referral Code']),
    extraFields,
  };
}

/**
 * Reads an install body as it arrives (docs/rules/orders.md): its shape (installBodySchema) and the
 * contact rules together, so one refusal names every invalid field; the contact rules' messages
 * are the product's own and win over the shape's. A body that passes gives its typed facts.
 */
export function readInstallBody(rawBody: unknown): InstallBodyRead {
  const parsed = installBodySchema.safeParse(rawBody);
  const fields = { ...(parsed.success ? {} : firstIssues(parsed)), ...contactIssues(rawBody) };
  const first = Object.values(fields)[0];
  if (first !== undefined || !parsed.success) {
    return {
      ok: false,
      refusal: { code: 'invalid_input', message: first ?? 'Invalid input', fields },
    };
  }
  return { ok: true, body: parsed.data, facts: installBodyFacts(parsed.data) };
}
