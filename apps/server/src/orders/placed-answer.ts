import { orderPlacedAnswer, type OrderPlacedAnswer } from '@fibre/domain/api';
import { dayKeyOf, stateTimeZone } from '@fibre/domain/scheduling';
import { firstPaymentDate, isCardScheme, type CardScheme } from '@fibre/domain/pricing';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { placedOrderFacts } from './repository/orders.ts';
import type { WrittenOrder } from './write-order.ts';

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
