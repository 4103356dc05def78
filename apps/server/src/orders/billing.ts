import type { Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { ServiceRefusal } from '../http/errors.ts';
import {
  cancelLedgerSubscription,
  insertLedgerSubscription,
  updateLedgerCustomer,
} from './repository/billing.ts';
import { findBankAccountToken, findToken } from '../vault/index.ts';
import { directDebitMessages, messages } from '@fibre/domain/shared';
import type { BankAccountBody } from '@fibre/domain/install';
import type { CardScheme } from '@fibre/domain/pricing';
import { DISHONOURED_BSB } from '../vault/index.ts';

/**
 * What billing needs to start a customer's subscription (docs/rules/orders.md: charge_bee, priced).
 */
export interface SubscriptionRequest {
  orderId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** +61 4xx xxx xxx. */
  phone: string;
  cardToken: string;
  /**
   * The bank account for direct debit through Chargebee, sent at install instead of a token
   * (docs/rules/contact-and-connection.md#direct-debit): held for this call only, never stored.
   */
  bankAccount?: BankAccountBody;
  planId: string;
  routerId: string;
  /** The router's monthly charge; 0 for bring-your-own, which is not billed. */
  routerCents: number;
  addOns: string[];
  couponId: string | null;
  monthlyCents: number;
  /**
   * Billing that learns the card's scheme only as it bills (Chargebee's `card.card_type`) calls
   * this with it before it bills anything; it throws the refusal when the card is not the one the
   * order was priced for (docs/decisions/009-install-facts.md), and billing then undoes what it
   * made.
   */
  checkCard?: (reported: CardScheme | null) => void;
  /** Billing starts at the end of the installation day. */
  startDate: Date;
  address: {
    unit: string;
    street: string;
    suburb: string;
    state: string;
    postcode: string;
  };
}

/**
 * A customer's contact as corrected by an operator (docs/rules/personal-data-requests.md): the
 * whole of it, the fields not corrected as they were.
 */
export interface ContactDetails {
  firstName: string;
  lastName: string;
  email: string;
  /** +61 4xx xxx xxx, as stored; null when the record has none. */
  phone: string | null;
}

export interface Subscription {
  customerId: string;
  subscriptionId: string;
  /** The card's scheme as billing reports it; absent when billing does not say (the ledger). */
  cardScheme?: CardScheme | null;
}

/**
 * Billing behind one small interface with two shapes (docs/decisions/004-external-adapters.md).
 * A local adapter writes inside the order's own transaction, so a failure rolls everything back.
 * An external one is called after the order is written as pending: it must be idempotent per
 * order (a retry of the same order must not bill twice) and able to undo what it did.
 * Either way a declined card is a Refusal (errors.ts) the install answers with.
 */
export type BillingAdapter = LocalBilling | ExternalBilling;

declare module '../context.ts' {
  interface AppContext {
    /** Billing as configuration picks it, made once by the composition (app/adapters.ts). */
    billing: BillingAdapter;
  }
}

export interface LocalBilling {
  kind: 'local';
  subscribe(
    trx: Transaction<Schema>,
    request: SubscriptionRequest,
    now: Date,
  ): Promise<Subscription>;
  /**
   * Cancels the order's subscription in the caller's transaction (an operator cancels the order,
   * docs/rules/operators.md#acting-on-orders); cancelling twice, or an order never billed, is
   * harmless.
   */
  cancel(trx: Transaction<Schema>, orderId: string, now: Date): Promise<void>;
  /**
   * Records the order's corrected contact on its ledger customer, in the caller's transaction
   * (docs/rules/personal-data-requests.md); an order never billed is harmless.
   */
  updateContact(trx: Transaction<Schema>, orderId: string, contact: ContactDetails): Promise<void>;
}

export interface ExternalBilling {
  kind: 'external';
  /**
   * With `keepCustomer`, a failed subscription leaves the customer (and its card) in place instead
   * of removing it: an operator's retry of a kept order (docs/rules/operators.md#acting-on-orders)
   * needs it for the next try, as the card token cannot be used twice.
   */
  subscribe(
    request: SubscriptionRequest,
    options?: { keepCustomer?: boolean },
  ): Promise<Subscription>;
  /**
   * Undoes whatever subscribe did for the order, finished or not (its outcome may be unknown
   * after a timeout); resolves when nothing billable is left, throws when that is not certain.
   */
  cancel(orderId: string): Promise<void>;
  /**
   * Gives the order's billing customer its corrected contact (docs/rules/personal-data-requests.md);
   * absent when the service cannot be told, which the correction's answer then says.
   */
  updateContact?(orderId: string, contact: ContactDetails): Promise<void>;
}

export const paymentDeclined = (
  message = 'Your card was declined: insufficient funds. Please use another card.',
) => new ServiceRefusal('declined', 'payment_declined', message);

/** The local ledger: a customer and a subscription row in the order's own transaction. */
export function localLedger(newId: () => string): LocalBilling {
  return {
    kind: 'local',
    async subscribe(trx, request, now) {
      // A bank account sent with the order (the Chargebee path's body): the test BSB that is
      // dishonoured is declined as the vault's is; the ledger keeps only the BSB, never the number.
      if (request.bankAccount) {
        if (request.bankAccount.bsb === DISHONOURED_BSB)
          throw paymentDeclined(directDebitMessages.bankDeclined);
        return insertSubscription(trx, request, `direct_debit:${request.bankAccount.bsb}`, now);
      }
      const card = await findToken(trx, request.cardToken);
      // A bank account for direct debit (docs/rules/contact-and-connection.md#direct-debit): a
      // dishonoured debit is declined as a card is, in the bank's words.
      const account = card ? undefined : await findBankAccountToken(trx, request.cardToken);
      if (!card && !account)
        throw new ServiceRefusal('unprocessable', 'card_invalid', messages.cardInvalid);
      if (card?.outcome === 'insufficient_funds') throw paymentDeclined();
      if (account?.outcome === 'dishonour') throw paymentDeclined(directDebitMessages.bankDeclined);
      return insertSubscription(trx, request, request.cardToken, now);
    },
    async cancel(trx, orderId, now) {
      await cancelLedgerSubscription(trx, orderId, now);
    },
    async updateContact(trx, orderId, contact) {
      await updateLedgerCustomer(trx, orderId, contact);
    },
  };

  async function insertSubscription(
    trx: Transaction<Schema>,
    request: SubscriptionRequest,
    cardToken: string,
    now: Date,
  ): Promise<Subscription> {
    const customerId = `cus_${newId()}`;
    const subscriptionId = `sub_${newId()}`;
    await insertLedgerSubscription(
      trx,
      {
        id: customerId,
        orderId: request.orderId,
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        cardToken,
        createdAt: now,
      },
      {
        id: subscriptionId,
        customerId,
        orderId: request.orderId,
        planId: request.planId,
        routerId: request.routerId,
        addOns: request.addOns,
        couponId: request.couponId,
        monthlyCents: request.monthlyCents,
        startDate: request.startDate,
        createdAt: now,
      },
    );
    return { customerId, subscriptionId };
  }
}
