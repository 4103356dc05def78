import {
  buildArrivyBooking,
  buildExtraFields,
  echoedExtraFields,
  toTemplateExtraFields,
  unitOrEmpty,
  type ArrivyBooking,
  type InstallBodyFacts,
} from '@fibre/domain/install';
import { monthlyCharge, sameAmount, sameCharge } from '@fibre/domain/pricing';
import { endOfBookingDayMs, stateTimeZone } from '@fibre/domain/scheduling';
import type { DomainConfig, ExtraFieldName } from '@fibre/domain/shared';
import type { SubscriptionRequest } from './billing.ts';
import { accepted, Refusal, refused, type Outcome } from '../http/errors.ts';
import type { Building } from '../catalogue/index.ts';
import { comparableAddress } from '../addresses/index.ts';
import { parseState } from '../scheduling/index.ts';
import type { PricedInstall } from './price-order.ts';

/**
 * The order's facts as the server knows them (docs/decisions/009-install-facts.md): the installer
 * task, the billing start date and the service address are built from the catalogue, the building
 * and the held window with the domain's own builders, the ones the wizard uses. The body must say
 * the same of every fact (prices, dates, the window, the place, the plan, the codes): a field that
 * disagrees is a 422 naming it. The title and the named fields that only echo constants are derived
 * and ignored. What goes on to billing and scheduling is what the server built, never the body's
 * copy.
 */
export interface InstallFacts {
  booking: ArrivyBooking;
  startDate: Date;
  address: SubscriptionRequest['address'];
}

export interface FactsInput {
  /** What the body says, read by the domain (readInstallBody). */
  facts: InstallBodyFacts;
  priced: PricedInstall;
  held: { state: string; starts_at: Date; ends_at: Date };
  rsp: string;
  /** The visitor's names, capitalised (docs/rules/contact-and-connection.md). */
  firstName: string;
  lastName: string;
}

const reservationMessage = 'The installation time does not match your reservation';
const mismatchMessage =
  'Your order does not match what we know about it. Please review your order.';

const same = (a: string | undefined, b: string) =>
  (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();
const sameState = (a: string, b: string) =>
  parseState(a) !== undefined && parseState(a) === parseState(b);
const streetLine = (b: Building) => `${b.street_number} ${b.street}`;

/** The held window must be the one the body names, in the building's own state. */
function windowRefusal(input: FactsInput): Refusal | null {
  const { facts, held, priced } = input;
  const fields: Record<string, string> = {};
  if (!sameState(held.state, priced.catalogue.building.state)) {
    fields.reservation_id = 'The reservation is for an installation in another state';
  }
  if (Date.parse(facts.slot.start) !== held.starts_at.getTime()) {
    fields['arrivy_booking.start_datetime'] = reservationMessage;
  }
  if (Date.parse(facts.slot.end) !== held.ends_at.getTime()) {
    fields['arrivy_booking.end_datetime'] = reservationMessage;
  }
  return Object.keys(fields).length > 0
    ? new Refusal('unprocessable', 'booking_mismatch', Object.values(fields)[0]!, fields)
    : null;
}

// Derived and ignored (009): the echoes of the catalogue's constants and the provider. The task's
// title is never compared either: the server writes its own.
const echoed = new Set<ExtraFieldName>(echoedExtraFields);

/**
 * A named field the server knows, compared by meaning (009): Speed and Monthly Cost as amounts
 * ('89', '89.00', '$89'), New Activation Charge as a charge ('', '0', '0.00' and '$0' are one
 * charge of nothing), the rest as words ignoring case.
 */
function sameExtraField(name: ExtraFieldName, value: string | undefined, expected: string) {
  if (name === 'New Activation Charge') return sameCharge(value ?? '', expected);
  if (name === 'Speed' || name === 'Monthly Cost') return sameAmount(value ?? '', expected);
  return same(value, expected);
}

/** `rules` are the catalogue's (ctx.catalogue.current().domain): the add-on and fee prices. */
export function installFacts(
  input: FactsInput,
  rules: Pick<DomainConfig, 'staticIpMonthly' | 'newDevelopmentCharge'>,
): Outcome<InstallFacts> {
  const wrongWindow = windowRefusal(input);
  if (wrongWindow) return refused(wrongWindow);
  const { facts, priced, held, firstName, lastName } = input;
  const { building, served, coupon } = priced.catalogue;
  const sent = facts.bookingAddress;
  const billed = facts.address;
  const fields: Record<string, string> = {};
  const refuse = (field: string, message: string) => (fields[field] ??= message);

  // The service address is the building's, or one served through it (a slave building).
  const wanted = comparableAddress(billed.street);
  const service = served.find((b) => comparableAddress(streetLine(b)) === wanted);
  if (!service) refuse('charge_bee.address', 'does not match the building');
  const place = service ?? building;

  const timeZone = stateTimeZone(building.state);
  const startDate = endOfBookingDayMs(held.starts_at, timeZone);
  if (facts.startDate !== startDate) {
    refuse('charge_bee.start_date', 'must be the end of the installation day');
  }
  const booking = bookingFor(input, place, rules);

  for (const { name, value } of booking.template_extra_fields) {
    if (echoed.has(name)) continue;
    if (!sameExtraField(name, facts.extraFields[name], value)) {
      refuse(`arrivy_booking.template_extra_fields.${name}`, `must be '${value}'`);
    }
  }
  const notBuilding = 'does not match the building';
  if (sent.unit !== booking.customer_address_line_1)
    refuse('arrivy_booking.customer_address_line_1', 'must be the unit of charge_bee.unit');
  if (comparableAddress(sent.street) !== comparableAddress(streetLine(place)))
    refuse('arrivy_booking.customer_address_line_2', notBuilding);
  if (!same(sent.suburb, place.suburb)) refuse('arrivy_booking.customer_city', notBuilding);
  if (!sameState(sent.state, place.state)) refuse('arrivy_booking.customer_state', notBuilding);
  if (sent.postcode !== place.postcode) refuse('arrivy_booking.customer_zipcode', notBuilding);
  if (!same(billed.suburb, place.suburb)) refuse('charge_bee.suburb', notBuilding);
  if (!sameState(billed.state, place.state)) refuse('charge_bee.state', notBuilding);
  if (billed.postcode !== place.postcode) refuse('charge_bee.postcode', notBuilding);

  // The visitor's contact details are given once; the billing copy must be the same.
  const contact = 'does not match the booking contact';
  const billing = facts.billingContact;
  if (!same(billing.firstName, firstName)) refuse('charge_bee.first_name', contact);
  if (!same(billing.lastName, lastName)) refuse('charge_bee.last_name', contact);
  if (!same(billing.email, facts.contact.email)) refuse('charge_bee.email', contact);
  if (billing.phone !== facts.contact.phone) refuse('charge_bee.phone', contact);
  if (coupon && (facts.coupon?.coupon_type ?? null) !== coupon.coupon_type)
    refuse('charge_bee.coupon_type', "does not match the coupon's type");

  if (Object.keys(fields).length > 0) {
    return refused(new Refusal('unprocessable', 'order_mismatch', mismatchMessage, fields));
  }
  return accepted({
    booking,
    startDate: new Date(startDate),
    address: {
      unit: unitOrEmpty(facts.unit),
      street: streetLine(place),
      suburb: place.suburb,
      state: place.state,
      postcode: place.postcode,
    },
  });
}

/**
 * The installer's booking the server makes for this order: the extra named fields from what was
 * priced, the contact, and the service address.
 */
function bookingFor(
  input: FactsInput,
  place: FactsInput['priced']['catalogue']['building'],
  rules: Pick<DomainConfig, 'staticIpMonthly' | 'newDevelopmentCharge'>,
) {
  const { facts, priced, held, rsp, firstName, lastName } = input;
  const { building, plan, router } = priced.catalogue;
  const extraFields = buildExtraFields(
    {
      buildingCode: building.code,
      termsAgreed: true,
      marketing: facts.marketing,
      rsp,
      speed: plan.speed,
      howDidYouHear: facts.howDidYouHear,
      promoCode: facts.promoCode,
      referralCode: facts.referralCode,
      routerName: router.name,
      monthlyCost: monthlyCharge({ plan, router, addOns: priced.addOns }, rules),
      addOns: priced.addOns,
    },
    rules,
  );
  const booking = buildArrivyBooking({
    contact: {
      firstName,
      lastName,
      email: facts.contact.email,
      phone: facts.contact.phone,
    },
    address: {
      formatted_address: place.formatted_address,
      street_number: place.street_number,
      street: place.street,
      suburb: place.suburb,
      state: place.state,
      postcode: place.postcode,
      unit: facts.unit,
      uniqueCode: building.code,
    },
    slot: { start: held.starts_at.toISOString(), end: held.ends_at.toISOString() },
    extraFields: toTemplateExtraFields(extraFields),
  });
  return booking;
}
