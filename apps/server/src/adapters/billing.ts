import type { Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { findToken } from '../repositories/vault.ts';
import { messages } from '@fibre/domain';

/** What billing needs to start a customer's subscription (SPEC.md's charge_bee part, priced). */
export interface SubscriptionRequest {
  orderId: string;
  firstName: string;
  lastName: string;
  email: string;
  cardToken: string;
  planId: string;
  routerId: string;
  addOns: string[];
  couponId: string | null;
  monthlyCents: number;
  /** Billing starts at the end of the installation day. */
  startDate: Date;
}

export interface Subscription {
  customerId: string;
  subscriptionId: string;
}

/**
 * Billing behind one small interface: the local ledger (embedded default) and Chargebee implement
 * it. A declined card is an HttpError the install answers with; nothing is kept.
 */
export interface BillingAdapter {
  subscribe(
    trx: Transaction<Schema>,
    request: SubscriptionRequest,
    now: Date,
  ): Promise<Subscription>;
}

export const paymentDeclined = () =>
  new HttpError(
    402,
    'payment_declined',
    'Your card was declined: insufficient funds. Please use another card.',
  );

/** The local ledger: a customer and a subscription row in the order's own transaction. */
export function localLedger(newId: () => string): BillingAdapter {
  return {
    async subscribe(trx, request, now) {
      const card = await findToken(trx, request.cardToken);
      if (!card) throw new HttpError(422, 'card_invalid', messages.cardInvalid);
      if (card.outcome === 'insufficient_funds') throw paymentDeclined();
      const customerId = `cus_${newId()}`;
      const subscriptionId = `sub_${newId()}`;
      await trx
        .insertInto('billing_customers')
        .values({
          id: customerId,
          order_id: request.orderId,
          first_name: request.firstName,
          last_name: request.lastName,
          email: request.email,
          card_token: request.cardToken,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('billing_subscriptions')
        .values({
          id: subscriptionId,
          customer_id: customerId,
          order_id: request.orderId,
          plan_id: request.planId,
          router_id: request.routerId,
          add_ons: request.addOns,
          coupon_id: request.couponId,
          monthly_cents: request.monthlyCents,
          start_date: request.startDate,
          created_at: now,
        })
        .execute();
      return { customerId, subscriptionId };
    },
  };
}
