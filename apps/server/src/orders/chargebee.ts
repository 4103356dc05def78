import Chargebee from 'chargebee';
import { directDebitMessages, messages } from '@fibre/domain/shared';
import { cardSchemeOfChargebeeType } from '@fibre/domain/pricing';
import { ServiceRefusal } from '../http/errors.ts';
import type { Services } from '../services.ts';
import {
  paymentDeclined,
  type ExternalBilling,
  type Subscription,
  type SubscriptionRequest,
} from './billing.ts';

type ChargebeeSettings = NonNullable<Services['chargebeeBilling']>;

/**
 * Billing with the Chargebee API through the official SDK (chargebee v3): a customer whose payment
 * source is the Chargebee.js token, or, for direct debit, the bank account sent with the order
 * (createBankAccount below), then a subscription for the plan, the router, the add-ons and
 * the coupon (Product Catalog 2.0 item prices named after the catalogue's ids: see README).
 *
 * Every call carries a `chargebee-idempotency-key` made from the order id, and the customer and
 * subscription take the order id as their own id, so a retry of the same order (a visitor's
 * retry, or one resuming an order whose server died) replays the first call instead of billing
 * twice.
 */
export function chargebeeBilling(settings: ChargebeeSettings): ExternalBilling {
  const chargebee = chargebeeClient(settings);
  return {
    kind: 'external',
    subscribe: (request, options = {}) => subscribe(chargebee, request, options),

    async cancel(orderId) {
      // The subscription and the customer carry the order's id; "not found" means nothing to undo.
      await notFoundIsDone(
        chargebee.subscription.cancelForItems(
          orderId,
          { cancel_option: 'immediately' },
          key(orderId, 'cancel'),
        ),
      );
      await notFoundIsDone(
        chargebee.customer.delete(orderId, { delete_payment_method: true }, key(orderId, 'delete')),
      );
    },

    async updateContact(orderId, contact) {
      // The customer carries the order's id (docs/rules/personal-data-requests.md).
      try {
        await chargebee.customer.update(orderId, {
          first_name: contact.firstName,
          last_name: contact.lastName,
          email: contact.email,
          ...(contact.phone ? { phone: contact.phone } : {}),
        });
      } catch (error) {
        throw billingError(error);
      }
    },
  };
}

/** The idempotency key of one step of an order's billing. */
const key = (orderId: string, step: string) => ({
  'chargebee-idempotency-key': `${orderId}-${step}`,
});

/** The order's customer and its payment source removed (best effort: an undo). */
const removeCustomer = (chargebee: Chargebee, id: string) =>
  chargebee.customer
    .delete(id, { delete_payment_method: true }, key(id, 'customer-undo'))
    .catch(() => undefined);

/**
 * The customer, then for direct debit its bank account, then the subscription; a definite refusal
 * of a later step removes the customer, unless an operator's retry keeps it (`keepCustomer`).
 */
async function subscribe(
  chargebee: Chargebee,
  request: SubscriptionRequest,
  options: { keepCustomer?: boolean },
): Promise<Subscription> {
  const id = request.orderId;
  // A direct debit order has no token: the bank account comes with the install, or, on an
  // operator's retry, is already the customer's at Chargebee (it is never kept here).
  const directDebit = Boolean(request.bankAccount) || request.cardToken === '';
  // The customer and its payment source must not stay behind when what follows is refused,
  // unless an operator's retry keeps them for the next try (see the subscription's catch).
  const undo = async (error: unknown) => {
    if (!options.keepCustomer && refused(error)) await removeCustomer(chargebee, id);
  };
  const cardType = await createCustomer(chargebee, request, directDebit);
  const cardScheme = directDebit ? null : cardSchemeOfChargebeeType(cardType);
  if (!directDebit && request.checkCard) {
    try {
      // Before anything is billed: a card that is not the one the order was priced for
      // (docs/decisions/009-install-facts.md) leaves no customer behind.
      request.checkCard(cardScheme);
    } catch (refusal) {
      if (!options.keepCustomer) await removeCustomer(chargebee, id);
      throw refusal;
    }
  }
  if (directDebit && !request.bankAccount) await expectPaymentSource(chargebee, id);
  let paymentSourceId: string | undefined;
  if (request.bankAccount) {
    try {
      paymentSourceId = await createBankAccount(chargebee, id, request.bankAccount, key);
    } catch (error) {
      await undo(error);
      throw bankAccountError(error);
    }
  }
  try {
    await ignoreDuplicate(
      chargebee.subscription.createWithItems(
        id,
        {
          id,
          ...(paymentSourceId ? { payment_source_id: paymentSourceId } : {}),
          subscription_items: subscriptionItems(request),
          ...(request.couponId ? { coupon_ids: [request.couponId] } : {}),
          start_date: Math.floor(request.startDate.getTime() / 1000),
        },
        key(id, 'subscription'),
      ),
    );
  } catch (error) {
    // The customer holds the card; without a subscription it must not stay behind, unless an
    // operator's retry keeps it for the next try. Only a definite refusal removes it here: when
    // the outcome is unknown (5xx, a timeout) the order may be kept for a retry, which needs
    // the customer, and the install's undo (`cancel`) removes it when the order is not kept.
    await undo(error);
    throw billingError(error);
  }
  return { customerId: id, subscriptionId: id, ...(directDebit ? {} : { cardScheme }) };
}

/**
 * The order's customer, its id the order's; with a card, the Chargebee.js token its payment
 * source. Answers the card's type as Chargebee stored it (none for direct debit).
 */
async function createCustomer(
  chargebee: Chargebee,
  request: SubscriptionRequest,
  directDebit: boolean,
): Promise<string | undefined> {
  const id = request.orderId;
  try {
    const created = await ignoreDuplicate(
      chargebee.customer.create(
        {
          id,
          first_name: request.firstName,
          last_name: request.lastName,
          email: request.email,
          phone: request.phone,
          auto_collection: 'on',
          // Direct debit: the bank account becomes the payment source below, not a token.
          ...(directDebit ? {} : { token_id: request.cardToken }),
          billing_address: billingAddress(request),
        },
        key(id, 'customer'),
      ),
    );
    // The card as Chargebee stored it: `card.card_type` of the answer (a replay that found the
    // customer already made reads it back from the customer).
    if (directDebit) return undefined;
    return created
      ? created.card?.card_type
      : (await chargebee.customer.retrieve(id)).card?.card_type;
  } catch (error) {
    throw billingError(error);
  }
}

/**
 * Australian direct debit (BECS) through Chargebee: Chargebee.js has no BECS field, so the bank
 * account reaches Chargebee by its API, which hands it to GoCardless
 * (docs/rules/contact-and-connection.md#direct-debit). What this relies on, from "Create a bank
 * account payment source", https://apidocs.chargebee.com/docs/api/payment_sources/create-a-bank-account-payment-source
 * (and https://www.chargebee.com/docs/payments/2.0/kb/billing/creating-bacs-and-becs-bank-account-payment-sources-via-chargebee-api):
 * `POST /api/v2/payment_sources/create_bank_account`, form-encoded, idempotency supported, with
 * `customer_id` (required), `issuing_country`, and `bank_account[...]`: `account_number`,
 * `bank_code` (the local bank/branch code GoCardless takes instead of an IBAN: the BSB's six
 * digits), `first_name`/`last_name` (the account holder as the bank knows them). The answer is
 * `{customer, payment_source}`, the source with `id`, `type: direct_debit`, `status` and
 * `bank_account: {last4, name_on_account, ...}`; a refusal is the usual error
 * `{message, type, api_error_code, param, http_status_code}`.
 */
async function createBankAccount(
  chargebee: Chargebee,
  customerId: string,
  account: NonNullable<SubscriptionRequest['bankAccount']>,
  key: (orderId: string, step: string) => Record<string, string>,
): Promise<string> {
  const { first, last } = holderName(account.account_name);
  const { payment_source } = await chargebee.paymentSource.createBankAccount(
    {
      customer_id: customerId,
      issuing_country: 'AU',
      bank_account: {
        ...(first ? { first_name: first } : {}),
        last_name: last,
        bank_code: account.bsb,
        account_number: account.account_number,
      },
    },
    key(customerId, 'bank-account'),
  );
  return payment_source.id;
}

/**
 * An operator's retry of a direct debit order (docs/rules/operators.md#acting-on-orders): the bank
 * account was never kept here, so the customer at Chargebee must already have it as its payment
 * source; otherwise the retry cannot bill and says so.
 */
async function expectPaymentSource(chargebee: Chargebee, customerId: string): Promise<void> {
  let source: string | undefined;
  try {
    source = (await chargebee.customer.retrieve(customerId)).customer.primary_payment_source_id;
  } catch (error) {
    throw billingError(error);
  }
  if (!source)
    throw new ServiceRefusal(
      'upstream_failed',
      'billing_failed',
      "The customer's bank account did not reach Chargebee and is never kept here: the customer must give it again.",
    );
}

/** The account name as the bank account's holder: the last word the last name, the rest first. */
function holderName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/);
  const last = words.pop() ?? '';
  return { first: words.join(' '), last };
}

/**
 * Chargebee refused the bank account (a payment failure, or a 4xx naming a `bank_account[...]`
 * parameter it or GoCardless would not take): the bank's refusal, as the test vault's failing BSB gives it
 * (402 payment_declined). Anything else is billing's usual answer.
 */
function bankAccountError(error: unknown): ServiceRefusal {
  if (error instanceof ServiceRefusal) return error;
  const failure = asFailure(error);
  const aboutTheAccount =
    failure.type === 'payment' ||
    failure.http_status_code === 402 ||
    (refused(error) && (failure.param ?? '').startsWith('bank_account'));
  return aboutTheAccount ? paymentDeclined(directDebitMessages.bankDeclined) : billingError(error);
}

/**
 * The SDK builds `{protocol}://{site}{hostSuffix}:{port}/api/v2/...`. CHARGEBEE_API_BASE (a local
 * stand-in, a proxy) replaces that origin: its host becomes the "site" with an empty suffix.
 */
function chargebeeClient(settings: ChargebeeSettings): Chargebee {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const https = base?.protocol !== 'http:';
  return new Chargebee({
    apiKey: settings.apiKey,
    site: base ? base.hostname : settings.site,
    timeout: 30_000,
    sdkTelemetryEnabled: false,
    ...(base
      ? {
          protocol: https ? 'https' : 'http',
          hostSuffix: '',
          port: Number(base.port) || (https ? 443 : 80),
        }
      : {}),
  });
}

function billingAddress(request: SubscriptionRequest) {
  const { unit, street, suburb, state, postcode } = request.address;
  return {
    first_name: request.firstName,
    last_name: request.lastName,
    line1: unit ? `${unit}/${street}` : street,
    city: suburb,
    state_code: state,
    zip: postcode,
    country: 'AU',
  };
}

/** The plan, the router unless the customer brings their own, and each add-on, once. */
function subscriptionItems(request: SubscriptionRequest) {
  return [
    request.planId,
    ...(request.routerCents > 0 ? [request.routerId] : []),
    ...request.addOns,
  ].map((item_price_id) => ({ item_price_id, quantity: 1 }));
}

/** Chargebee's error answer, as the SDK rejects with it. */
interface ChargebeeFailure {
  message?: string;
  type?: string;
  api_error_code?: string;
  param?: string;
  http_status_code?: number;
}

const asFailure = (error: unknown): ChargebeeFailure =>
  error && typeof error === 'object' ? (error as ChargebeeFailure) : {};

async function notFoundIsDone(call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch (error) {
    if (asFailure(error).api_error_code !== 'resource_not_found') throw error;
  }
}

/** Chargebee answered and said no (a 4xx other than 429): nothing was made. */
function refused(error: unknown): boolean {
  const status = asFailure(error).http_status_code;
  return status !== undefined && status < 500 && status !== 429;
}

/** A replayed create after its idempotency key has lapsed finds its own record: that is success. */
async function ignoreDuplicate<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    const failure = asFailure(error);
    if (failure.api_error_code === 'duplicate_entry' && failure.param === 'id') return undefined;
    throw error;
  }
}

/**
 * Chargebee's answer as the install's: a payment failure is a 402 with Chargebee's own message (it
 * speaks to the card holder); a token Chargebee does not know is the card error
 * (docs/rules/contact-and-connection.md); anything else is ours or Chargebee's to fix, so the
 * visitor gets a readable 502 or 503 and the details stay in the log.
 */
export function billingError(error: unknown): ServiceRefusal {
  if (error instanceof ServiceRefusal) return error;
  const failure = asFailure(error);
  const status = failure.http_status_code;
  if (failure.type === 'payment' || status === 402) {
    return paymentDeclined(failure.message || 'Your card was declined. Please use another card.');
  }
  if (failure.param === 'token_id') {
    return new ServiceRefusal('unprocessable', 'card_invalid', messages.cardInvalid);
  }
  const answer =
    status === undefined || status >= 500 || status === 429
      ? new ServiceRefusal(
          'unavailable',
          'billing_unavailable',
          'Billing is unavailable right now, so your order was not placed. Please try again in a few minutes.',
        )
      : new ServiceRefusal(
          'upstream_failed',
          'billing_failed',
          'We could not set up billing for your order, so it was not placed. Please call us to finish your order.',
        );
  // For the log and the error report only: a 5xx body never carries it.
  answer.cause = failure.message ?? error;
  return answer;
}
