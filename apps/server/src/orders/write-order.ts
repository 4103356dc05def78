import { normaliseMobile, unitKey } from '@fibre/domain/address';
import { orderPlacedAnswer, type OrderPlacedAnswer } from '@fibre/domain/api';
import { capitaliseName } from '@fibre/domain/contact';
import type { InstallBodyFacts } from '@fibre/domain/install';
import { directDebitMessages, messages } from '@fibre/domain/shared';
import { buildAcceptance, type AcceptanceRecord } from '@fibre/domain/consent';
import { dayKeyOf, stateTimeZone } from '@fibre/domain/scheduling';
import {
  CARD_SCHEME_NAMES,
  cardFeeOn,
  firstPaymentDate,
  isCardScheme,
  sameCharge,
  type CardScheme,
} from '@fibre/domain/pricing';
import type { DomainConfig } from '@fibre/domain/shared';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { CatalogueSnapshot } from '../catalogue/index.ts';
import type { AppContext } from '../context.ts';
import type { BillingAdapter, SubscriptionRequest } from './billing.ts';
import type { CalendarAdapter, TaskRequest } from '../scheduling/index.ts';
import type { ErrorReporter } from '../http/error-reporting.ts';
import type { Schema } from '../db/schema.ts';
import { Refusal } from '../http/errors.ts';
import { consumeReservation, type ConsumedReservation } from '../scheduling/index.ts';
import { insertOrder, placedOrderFacts, spendCardToken } from './repository/orders.ts';
import { installFacts, type InstallFacts } from './install-facts.ts';
import { findBankAccountToken, findToken } from '../vault/index.ts';
import { priceOrder, type PricedInstall } from './price-order.ts';
import { unitStatusForOrder, unitUnknown } from '../units/index.ts';

/** The steps both units of work share (install.ts, install-external.ts). */

/** The install's answer: the placed order (docs/rules/orders.md). Only these are stored for a key. */
export interface InstallAnswer {
  status: 201;
  body: OrderPlacedAnswer;
}

/** What the answer says of a placed order, as the server stored it. */
export interface PlacedFacts {
  orderId: string;
  reference: string | null;
  email: string;
  monthlyCents: number;
  activationCents: number;
  /** The card fee on each monthly charge, and on the first payment; the card's scheme. */
  cardFeeCents: number;
  firstPaymentFeeCents: number;
  cardScheme: CardScheme | null;
  /** The booked window's start and its state, whose zone the days are counted in. */
  startsAt: Date;
  state: string;
}

/** The order page's path for the placing browser (docs/decisions/025-order-reference.md). */
export const orderPagePath = (token: string) => `/order/${token}`;

/**
 * The 201 answer (docs/rules/orders.md#the-answer-and-the-finale): the order's reference, the
 * order page's path for this browser, the email mailed to, the stored prices and the days the
 * card is charged: activation (the installation's day) and the first payment, 15 days after it
 * (domain firstPaymentDate), each in the zone of the address's state.
 */
export function placedAnswer(order: PlacedFacts, orderPage: string | null): InstallAnswer {
  const zone = stateTimeZone(order.state);
  return {
    status: 201,
    body: {
      success: true,
      order_id: order.orderId,
      reference: order.reference,
      order_page: orderPage,
      email: order.email,
      prices: {
        monthly_cents: order.monthlyCents,
        activation_cents: order.activationCents,
        card_fee_cents: order.cardFeeCents,
        first_payment_fee_cents: order.firstPaymentFeeCents,
        card_scheme: order.cardScheme,
      },
      activation_date: dayKeyOf(order.startsAt, zone),
      first_payment_date: dayKeyOf(firstPaymentDate(order.startsAt, zone), zone),
    },
  };
}

/** The answer's facts of an order just written. */
export const placedFactsOf = (order: WrittenOrder): PlacedFacts => ({
  orderId: order.orderId,
  reference: order.reference,
  email: order.email,
  monthlyCents: order.priced.monthlyCents,
  activationCents: order.priced.activationCents,
  cardFeeCents: order.priced.cardFeeCents,
  firstPaymentFeeCents: order.priced.firstPaymentFeeCents,
  cardScheme: order.priced.cardScheme,
  startsAt: order.held.starts_at,
  state: order.held.state,
});

/** The answer's facts of an order, read back from the database. */
export async function placedFactsFor(db: Kysely<Schema>, orderId: string): Promise<PlacedFacts> {
  const row = await placedOrderFacts(db, orderId);
  if (!row) throw new Error(`Order ${orderId} not found for its answer`);
  return {
    orderId: row.id,
    reference: row.reference,
    email: row.email,
    monthlyCents: row.monthly_cents,
    activationCents: row.activation_cents,
    cardFeeCents: row.card_fee_cents,
    // Before migration 034 an order had one fee, on every card payment.
    firstPaymentFeeCents: row.first_payment_fee_cents ?? row.card_fee_cents,
    cardScheme: isCardScheme(row.card_scheme) ? row.card_scheme : null,
    startsAt: row.starts_at,
    state: row.state,
  };
}

/**
 * The answer stored for an Idempotency-Key, replayed for a retry (read, not trusted blindly): the
 * same answer, its order page path included. An answer stored before the answer carried the
 * order's facts (only `order_id`) is answered from the order as stored, without a path: only a
 * hash of any link given is kept (docs/decisions/025-order-reference.md).
 */
export async function replayedAnswer(
  db: Kysely<Schema>,
  response: unknown,
): Promise<InstallAnswer> {
  const stored = (response ?? {}) as Record<string, unknown>;
  if (typeof stored.order_id !== 'string')
    throw new Error('The stored install answer names no order');
  const facts = await placedFactsFor(db, stored.order_id);
  // The email is not kept with the key (personal data, decision 023): the order's, read again.
  const full = orderPlacedAnswer.safeParse({ ...stored, email: facts.email });
  if (full.success) return { status: 201, body: full.data };
  return placedAnswer(facts, null);
}

/**
 * What is kept under an Idempotency-Key: the answer without the email, which is personal data
 * the retention sweep and an erasure clear from the order only (docs/decisions/023-retention.md);
 * a replay reads it from the order again.
 */
export function keptAnswer(body: OrderPlacedAnswer): Record<string, unknown> {
  const { email: _email, ...kept } = body;
  return kept;
}

export interface InstallDeps {
  ctx: AppContext;
  billing: BillingAdapter;
  calendar: CalendarAdapter;
  /** Where failures that leave an order needing attention are logged and reported. */
  log?: { error(details: object, message: string): void };
  reporter?: ErrorReporter;
}

export const bookingExpired = () =>
  new Refusal('conflict', 'booking_expired', messages.bookingExpired);

/**
 * A card token pays for one order (009-install-facts.md). 422, not 409: the wizard reads 409 as an
 * expired booking (docs/rules/orders.md), and not 402: the bank declined nothing.
 */
export const cardTokenSpent = (directDebit = false) =>
  new Refusal(
    'unprocessable',
    'card_token_used',
    directDebit
      ? directDebitMessages.bankAccountUsed
      : 'These card details were already used for an order. Please enter your card details again.',
    { 'charge_bee.tmp_token': 'was already used for an order' },
  );

export const keyReused = () =>
  new Refusal(
    'unprocessable',
    'idempotency_key_reused',
    'This Idempotency-Key was used for a different order',
  );

/** How an order is written: its first status, a lease for a saga, the client address it came from. */
export interface OrderPlacing {
  status: 'confirmed' | 'pending';
  leaseUntil?: Date;
  /** The visitor's address as the server saw it (request.ip), kept for the retention period. */
  client?: string | null;
}

/**
 * The order's acceptance record (docs/rules/documents-and-consent.md), from the catalogue served
 * for this order and the body's ticks: the words are the server's own, never the browser's.
 */
export function acceptanceOf(
  served: CatalogueSnapshot,
  priced: PricedInstall,
  facts: Pick<InstallBodyFacts, 'marketing'>,
  now: Date,
  directDebit = false,
): AcceptanceRecord {
  const { plan, greenfield } = priced.catalogue;
  const { terms, privacy, cis } = served.documents;
  const ddr = directDebit ? served.documents.directDebit : undefined;
  return buildAcceptance({
    at: now,
    catalogueVersion: served.version,
    legal: { ...served.legal, ...(terms ? { terms } : {}), ...(privacy ? { privacy } : {}) },
    cis: { planName: plan.name, ...(cis.get(plan.id) ?? { url: plan.cisUrl }) },
    // What each month's charge is with the card's fee: the amount the visitor agreed to.
    monthly: (priced.monthlyCents + priced.cardFeeCents) / 100,
    newDevelopmentCharge: greenfield ? served.domain.newDevelopmentCharge : null,
    marketing: facts.marketing,
    ...(ddr ? { directDebit: ddr } : {}),
  });
}

/**
 * Whether the order pays by direct debit, as the server finds it from the token, never from the
 * browser's word (docs/rules/documents-and-consent.md#direct-debit): a bank account's token needs
 * the catalogue's Direct Debit Request and its box ticked, else 422.
 */
async function paysByDirectDebit(
  trx: Transaction<Schema>,
  served: CatalogueSnapshot,
  facts: Pick<InstallBodyFacts, 'cardToken' | 'directDebitAgreed' | 'bankAccount'>,
): Promise<boolean> {
  // The bank account itself (Chargebee's direct debit), or the test vault's token for one.
  if (!facts.bankAccount && !(await findBankAccountToken(trx, facts.cardToken))) return false;
  if (!served.documents.directDebit) {
    throw new Refusal(
      'unprocessable',
      'direct_debit_not_offered',
      directDebitMessages.directDebitNotOffered,
      {
        'charge_bee.tmp_token': directDebitMessages.directDebitNotOffered,
      },
    );
  }
  if (!facts.directDebitAgreed) {
    throw new Refusal(
      'unprocessable',
      'direct_debit_not_agreed',
      directDebitMessages.directDebitRequired,
      {
        'charge_bee.direct_debit_agreed': directDebitMessages.directDebitRequired,
      },
    );
  }
  return true;
}

/**
 * The card's scheme as the server finds it (docs/decisions/009-install-facts.md): none for direct
 * debit; the test-mode vault's token records its card's brand. A token the vault does not hold is
 * Chargebee's: its card is known only when billing reports it, so the order is priced with the
 * scheme the body states (none: no fee) and billing checks the card against it (checkCard).
 */
async function cardSchemeFor(
  trx: Transaction<Schema>,
  facts: Pick<InstallBodyFacts, 'cardToken' | 'statedCardScheme' | 'bankAccount'>,
  directDebit: boolean,
): Promise<{ scheme: CardScheme | null; known: boolean }> {
  if (directDebit || facts.bankAccount) return { scheme: null, known: true };
  const card = facts.cardToken ? await findToken(trx, facts.cardToken) : undefined;
  if (card) return { scheme: isCardScheme(card.brand) ? card.brand : 'other', known: true };
  return { scheme: facts.statedCardScheme, known: false };
}

const schemeMismatch = (scheme: CardScheme | null) => {
  const message =
    scheme === null
      ? 'This payment is not made by card, so it carries no card scheme.'
      : `This card is ${CARD_SCHEME_NAMES[scheme]}. Please review your order before you submit it.`;
  return new Refusal('unprocessable', 'card_scheme_mismatch', message, {
    'charge_bee.card_scheme': message,
  });
};

const feeChanged = (fee: number) => {
  const message =
    fee === 0
      ? 'This card carries no card fee. Please review your order before you submit it.'
      : `This card carries a card surcharge of $${fee.toFixed(2)} on the first payment. Please review your order before you submit it.`;
  return new Refusal('unprocessable', 'card_fee_changed', message, {
    'charge_bee.card_fee': message,
  });
};

/**
 * The order with its card fees: the scheme's percent of the first payment and of each monthly
 * charge (domain cardFeeOn). A scheme or fee the body states must be the server's, else 422 naming
 * the field; a body that states neither is priced as the server finds (009).
 */
export function withCardFees(
  priced: PricedInstall,
  found: { scheme: CardScheme | null; known: boolean },
  facts: Pick<InstallBodyFacts, 'statedCardScheme' | 'statedCardFee'>,
  rules: Pick<DomainConfig, 'cardFees'>,
): PricedInstall {
  const { scheme } = found;
  if (found.known && facts.statedCardScheme !== null && facts.statedCardScheme !== scheme)
    throw schemeMismatch(scheme);
  const firstFee = cardFeeOn(priced.activationCents / 100, scheme, rules);
  if (facts.statedCardFee !== null && !sameCharge(facts.statedCardFee, firstFee))
    throw feeChanged(firstFee);
  return {
    ...priced,
    cardScheme: scheme,
    cardFeeCents: Math.round(cardFeeOn(priced.monthlyCents / 100, scheme, rules) * 100),
    firstPaymentFeeCents: Math.round(firstFee * 100),
  };
}

/**
 * Billing's check of the card it reports (Chargebee's `card.card_type`) against the priced order,
 * before anything is billed: a scheme the body stated must be the card's, and a card whose fees
 * are not the order's is refused (422): billing undoes what it made and nothing is charged
 * (docs/decisions/009-install-facts.md).
 */
export function cardCheck(
  priced: PricedInstall,
  facts: Pick<InstallBodyFacts, 'statedCardScheme'>,
  rules: Pick<DomainConfig, 'cardFees'>,
): (reported: CardScheme | null) => void {
  return (reported) => {
    if (reported === priced.cardScheme) return;
    if (facts.statedCardScheme !== null && reported !== null) throw schemeMismatch(reported);
    const fee = (cents: number) => Math.round(cardFeeOn(cents / 100, reported, rules) * 100);
    const firstFee = fee(priced.activationCents);
    if (
      firstFee !== priced.firstPaymentFeeCents ||
      fee(priced.monthlyCents) !== priced.cardFeeCents
    )
      throw feeChanged(firstFee / 100);
  };
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

/**
 * What billing is asked for. With `rules`, billing that learns the card only as it bills
 * (Chargebee) checks it against the priced order first (cardCheck).
 */
export function subscriptionRequest(
  order: WrittenOrder,
  facts: InstallBodyFacts,
  rules?: Pick<DomainConfig, 'cardFees'>,
): SubscriptionRequest {
  const { priced } = order;
  return {
    ...(rules ? { checkCard: cardCheck(priced, facts, rules) } : {}),
    orderId: order.orderId,
    firstName: order.firstName,
    lastName: order.lastName,
    email: facts.contact.email,
    phone: normaliseMobile(facts.contact.phone),
    cardToken: facts.cardToken,
    ...(facts.bankAccount ? { bankAccount: facts.bankAccount } : {}),
    planId: priced.planId,
    routerId: priced.routerId,
    routerCents: priced.routerCents,
    addOns: priced.addOns,
    couponId: priced.couponId,
    monthlyCents: priced.monthlyCents,
    startDate: order.facts.startDate,
    address: order.facts.address,
  };
}

export function taskRequest(order: WrittenOrder, facts: InstallBodyFacts): TaskRequest {
  return {
    orderId: order.orderId,
    reservationId: facts.reservationId,
    eventId: order.held.event_id,
    state: order.held.state,
    startsAt: order.held.starts_at,
    endsAt: order.held.ends_at,
    booking: order.facts.booking,
  };
}
