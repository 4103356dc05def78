import { normaliseMobile, unitKey } from '@fibre/domain/address';
import { capitaliseName } from '@fibre/domain/contact';
import type { InstallBodyFacts } from '@fibre/domain/install';
import type { Insertable, Transaction } from 'kysely';
import type { AppContext } from '../context.ts';
import type { BillingAdapter } from './billing.ts';
import type { CalendarAdapter } from '../scheduling/index.ts';
import type { ErrorReporter } from '../http/error-reporting.ts';
import type { Schema } from '../db/schema.ts';
import { consumeReservation, type ConsumedReservation } from '../scheduling/index.ts';
import { insertOrder, spendCardToken } from './repository/orders.ts';
import { installFacts, type InstallFacts } from './install-facts.ts';
import { priceOrder, type PricedInstall } from './price-order.ts';
import { unitStatusForOrder, unitUnknown } from '../units/index.ts';
import { soldAtInstall } from '../catalogue/index.ts';
import { acceptanceOf } from './acceptance.ts';
import { withCardFees } from './card-fees.ts';
import { bookingExpired, cardTokenSpent } from './install-refusals.ts';
import { cardSchemeFor, paysByDirectDebit } from './payment-method.ts';

/**
 * The first steps both units of work share (install.ts, install-external.ts): the order priced,
 * its hold consumed and its row written. The answer is placed-answer.ts; the requests to billing
 * and scheduling made from the written order, adapter-requests.ts.
 */

export interface InstallDeps {
  ctx: AppContext;
  billing: BillingAdapter;
  calendar: CalendarAdapter;
  /** Where failures that leave an order needing attention are logged and reported. */
  log?: { error(details: object, message: string): void };
  reporter?: ErrorReporter;
}

/** How an order is written: its first status, a lease for a saga, the client address it came from. */
export interface OrderPlacing {
  status: 'confirmed' | 'pending';
  leaseUntil?: Date;
  /** The visitor's address as the server saw it (request.ip), kept for the retention period. */
  client?: string | null;
}

/** What an order is, once written: the requests to billing and scheduling are made from it. */
export interface WrittenOrder {
  orderId: string;
  /** Its short reference (docs/rules/orders.md#the-order-reference). */
  reference: string | null;
  /** The email the order keeps, where its mail goes. */
  email: string;
  held: Pick<
    ConsumedReservation,
    'reservation_id' | 'event_id' | 'state' | 'starts_at' | 'ends_at'
  >;
  priced: PricedInstall;
  /** The task, billing start and service address, as the server built them. */
  facts: InstallFacts;
  firstName: string;
  lastName: string;
}

/**
 * Prices the order, consumes its hold and writes it: the first steps of either unit of work. An
 * expired or unknown hold is a conflict (409), a time that is not the held one unprocessable
 * (422). A refusal is thrown here, inside the unit of work, so its transaction rolls back; the
 * install hands it back as its outcome (install.ts).
 */
export async function writeOrder(
  trx: Transaction<Schema>,
  ctx: AppContext,
  facts: InstallBodyFacts,
  now: Date,
  placing: OrderPlacing,
): Promise<WrittenOrder> {
  const { status, leaseUntil, client } = placing;
  // One snapshot for the whole order: an import mid-request changes the next order, not this one.
  const served = ctx.catalogue.current();
  const rules = served.domain;
  const pricing = await priceOrder(trx, served, facts, rules);
  if (!pricing.ok) throw pricing.refusal;
  const directDebit = await paysByDirectDebit(trx, served, facts);
  // The card's fees, from the scheme the server finds (docs/rules/plans-and-pricing.md#card-fees).
  const priced = withCardFees(
    pricing.value,
    await cardSchemeFor(trx, facts, directDebit),
    facts,
    rules,
  );
  // The building's units (docs/rules/contact-and-connection.md#the-buildings-units): a unit it does
  // not list is refused; one with an active order makes a move-in, decided here, never by the body.
  const unit = await unitStatusForOrder(trx, priced.catalogue.building, facts.unit);
  if (!unit.known) throw unitUnknown();
  const held = await consumeReservation(trx, facts.reservationId, now);
  if (!held || held.event_id !== facts.eventId) throw bookingExpired();
  const { contact } = facts;
  const firstName = capitaliseName(contact.firstName);
  const lastName = capitaliseName(contact.lastName);
  const rsp = served.provider.code;
  const built = installFacts({ facts, priced, held, rsp, firstName, lastName }, rules);
  if (!built.ok) throw built.refusal;

  const orderId = ctx.newId();
  const row = {
    id: orderId,
    reservation_id: facts.reservationId,
    building_code: priced.buildingCode,
    plan_id: priced.planId,
    router_id: priced.routerId,
    add_ons: priced.addOns,
    coupon_id: priced.couponId,
    monthly_cents: priced.monthlyCents,
    activation_cents: priced.activationCents,
    card_fee_cents: priced.cardFeeCents,
    first_payment_fee_cents: priced.firstPaymentFeeCents,
    card_scheme: priced.cardScheme,
    email: contact.email,
    contact: JSON.stringify({
      firstName,
      lastName,
      email: contact.email,
      phone: normaliseMobile(contact.phone),
    }),
    status,
    created_at: now,
    // For an operator's retry of a failed external step (docs/rules/operators.md#acting-on-orders).
    // Never the bank account (docs/rules/contact-and-connection.md#direct-debit): Chargebee keeps it.
    install_facts: JSON.stringify({ ...facts, bankAccount: undefined }),
    acceptance: JSON.stringify(acceptanceOf(served, priced, facts, now, directDebit)),
    client_address: client ?? null,
    unit_key: unitKey(facts.unit) || null,
    move_in: unit.connected,
    // What it was sold, as priced from this snapshot (docs/rules/orders.md#what-an-order-was-sold).
    sold: JSON.stringify(soldAtInstall(served.version, priced.catalogue, priced.addOns, rules)),
    ...(leaseUntil ? { lease_until: leaseUntil } : {}),
  };
  const reference = await insertWithReference(trx, ctx, row);
  // A bank account sent with the order has no token to spend: the install's key guards its retries.
  if (!facts.bankAccount && !(await spendCardToken(trx, facts.cardToken, orderId, now)))
    throw cardTokenSpent(directDebit);
  return {
    orderId,
    reference,
    email: contact.email,
    held,
    priced,
    facts: built.value,
    firstName,
    lastName,
  };
}

/** How many references the install draws before it gives up: 40 bits make a second rare. */
export const REFERENCE_ATTEMPTS = 5;

/**
 * Writes the order under a new reference, drawing another while the one drawn is taken (the
 * unique index, docs/decisions/025-order-reference.md). After REFERENCE_ATTEMPTS taken ones
 * something is wrong with the draw, not the luck: the install fails (500) and stores nothing.
 */
async function insertWithReference(
  trx: Transaction<Schema>,
  ctx: AppContext,
  row: Omit<Insertable<Schema['orders']>, 'reference'>,
): Promise<string> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const reference = ctx.newReference();
    if (await insertOrder(trx, { ...row, reference })) return reference;
  }
  throw new Error(`No free order reference in ${REFERENCE_ATTEMPTS} draws`);
}
