import Chargebee from 'chargebee';
import { messages } from '@fibre/domain/shared';
import { ServiceRefusal } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { paymentDeclined, type ExternalBilling, type SubscriptionRequest } from './billing.ts';

type ChargebeeSettings = NonNullable<Services['chargebeeBilling']>;

/**
 * Billing with the Chargebee API through the official SDK (chargebee v3): a customer whose payment
 * source is the Chargebee.js token, then a subscription for the plan, the router, the add-ons and
 * the coupon (Product Catalog 2.0 item prices named after the catalogue's ids: see README).
 *
 * Every call carries a `chargebee-idempotency-key` made from the order id, and the customer and
 * subscription take the order id as their own id, so a retry of the same order (a visitor's
 * retry, or one resuming an order whose server died) replays the first call instead of billing
 * twice.
 */
export function chargebeeBilling(settings: ChargebeeSettings): ExternalBilling {
  const chargebee = chargebeeClient(settings);
  const key = (orderId: string, step: string) => ({
    'chargebee-idempotency-key': `${orderId}-${step}`,
  });

  return {
    kind: 'external',
    async subscribe(request, options = {}) {
      const id = request.orderId;
      try {
        await ignoreDuplicate(
          chargebee.customer.create(
            {
              id,
              first_name: request.firstName,
              last_name: request.lastName,
              email: request.email,
              phone: request.phone,
              auto_collection: 'on',
              token_id: request.cardToken,
              billing_address: billingAddress(request),
            },
            key(id, 'customer'),
          ),
        );
      } catch (error) {
        throw billingError(error);
      }
      try {
        await ignoreDuplicate(
          chargebee.subscription.createWithItems(
            id,
            {
              id,
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
        if (!options.keepCustomer && refused(error))
          await chargebee.customer
            .delete(id, { delete_payment_method: true }, key(id, 'customer-undo'))
            .catch(() => undefined);
        throw billingError(error);
      }
      return { customerId: id, subscriptionId: id };
    },

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
