import { normaliseMobile } from '@fibre/domain/address';
import type { InstallBodyFacts } from '@fibre/domain/install';
import type { DomainConfig } from '@fibre/domain/shared';
import type { SubscriptionRequest } from './billing.ts';
import type { TaskRequest } from '../scheduling/index.ts';
import { cardCheck } from './card-fees.ts';
import type { WrittenOrder } from './write-order.ts';

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
