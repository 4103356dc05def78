import type { Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/** The embedded ledger's rows (orders/billing.ts), written in the order's own transaction. */

export interface LedgerCustomer {
  id: string;
  orderId: string;
  firstName: string;
  lastName: string;
  email: string;
  cardToken: string;
  createdAt: Date;
}

export interface LedgerSubscription {
  id: string;
  customerId: string;
  orderId: string;
  planId: string;
  routerId: string;
  addOns: string[];
  couponId: string | null;
  monthlyCents: number;
  startDate: Date;
  createdAt: Date;
}

export async function insertLedgerSubscription(
  trx: Transaction<Schema>,
  customer: LedgerCustomer,
  subscription: LedgerSubscription,
): Promise<void> {
  await trx
    .insertInto('billing_customers')
    .values({
      id: customer.id,
      order_id: customer.orderId,
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      card_token: customer.cardToken,
      created_at: customer.createdAt,
    })
    .execute();
  await trx
    .insertInto('billing_subscriptions')
    .values({
      id: subscription.id,
      customer_id: subscription.customerId,
      order_id: subscription.orderId,
      plan_id: subscription.planId,
      router_id: subscription.routerId,
      add_ons: subscription.addOns,
      coupon_id: subscription.couponId,
      monthly_cents: subscription.monthlyCents,
      start_date: subscription.startDate,
      created_at: subscription.createdAt,
    })
    .execute();
}

/** Marks the order's ledger subscription cancelled, once: a second cancel keeps the first time. */
export async function cancelLedgerSubscription(
  trx: Transaction<Schema>,
  orderId: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('billing_subscriptions')
    .set({ cancelled_at: now })
    .where('order_id', '=', orderId)
    .where('cancelled_at', 'is', null)
    .execute();
}

/**
 * The order's ledger customer given its corrected name and email (the ledger keeps no mobile):
 * docs/rules/personal-data-requests.md.
 */
export async function updateLedgerCustomer(
  trx: Transaction<Schema>,
  orderId: string,
  contact: { firstName: string; lastName: string; email: string },
): Promise<void> {
  await trx
    .updateTable('billing_customers')
    .set({ first_name: contact.firstName, last_name: contact.lastName, email: contact.email })
    .where('order_id', '=', orderId)
    .execute();
}
