import { faultList } from './faults.ts';
import { startStandIn, type RecordedRequest, type Reply, type StandIn } from './recorder.ts';

/**
 * Chargebee's API (https://apidocs.chargebee.com/docs/api), the endpoints the billing adapter
 * calls, with the documented behaviour the adapter relies on: HTTP Basic auth with the API key
 * as the user name; form-encoded bodies; `chargebee-idempotency-key` replays the first answer with
 * `chargebee-idempotency-replayed: true`; errors as `{message, type, api_error_code, param?,
 * http_status_code}`.
 *
 *   POST /api/v2/customers                                   create a customer (token_id)
 *   POST /api/v2/customers/{id}/subscription_for_items       create a subscription for items
 *   POST /api/v2/subscriptions/{id}/cancel_for_items         cancel it
 *   POST /api/v2/customers/{id}/delete                       delete a customer
 *   POST /api/v2/customers/{id}                              update a customer's contact
 *   GET  /api/v2/customers/{id}                              retrieve one (primary_payment_source_id)
 *   POST /api/v2/payment_sources/create_bank_account         a direct debit bank account (BECS)
 *
 * Card tokens: any `cb_tok_...` is accepted, except DECLINED_TOKEN, which the gateway refuses
 * (insufficient funds) when it becomes the customer's payment source.
 *
 * Bank accounts (https://apidocs.chargebee.com/docs/api/payment_sources/create-a-bank-account-payment-source):
 * `customer_id` and `bank_account[bank_code]` (the BSB) and `bank_account[account_number]` are
 * required; the answer is `{customer, payment_source}` with `type: direct_debit`, `status: valid`
 * and `bank_account.last4`. DECLINED_BSB is refused as GoCardless refuses an account (a 402
 * `payment` error, `payment_method_verification_failed`).
 */
export const API_KEY = 'test_cb_key_123';
export const DECLINED_TOKEN = 'cb_tok_declined_insufficient_funds';
export const DECLINED_BSB = '000001';
/** A token starting `cb_tok_amex` is an American Express card, `cb_tok_mastercard` a Mastercard;
 * any other `cb_tok_` is a Visa (cardOf below). */

/**
 * The card a token stands for, as the Card resource documents it
 * (https://apidocs.chargebee.com/docs/api/cards: `card_type` visa, mastercard, american_express,
 * diners_club, ...; `iin`, `last4`, `funding_type`, `status`): customer create with `token_id`
 * answers `{customer, card}`, and retrieving the customer answers it again.
 */
function cardOf(token: string, customerId: string): Record<string, unknown> {
  const type = token.startsWith('cb_tok_amex')
    ? 'american_express'
    : token.startsWith('cb_tok_mastercard')
      ? 'mastercard'
      : 'visa';
  const iin = { american_express: '378282', mastercard: '555555', visa: '411111' }[type];
  return {
    object: 'card',
    customer_id: customerId,
    payment_source_id: `pm_${customerId}`,
    status: 'valid',
    gateway: 'chargebee',
    card_type: type,
    funding_type: 'credit',
    iin,
    last4: type === 'american_express' ? '0005' : '1111',
    masked_number: `${iin}******`,
    expiry_month: 12,
    expiry_year: 2030,
  };
}

export interface ChargebeeStandIn extends StandIn {
  customers: Map<string, Record<string, unknown>>;
  paymentSources: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, Record<string, unknown>>;
  faults: ReturnType<typeof faultList>;
}

const error = (
  status: number,
  type: string,
  code: string,
  message: string,
  param?: string,
): Reply => ({
  status,
  body: {
    message,
    type,
    api_error_code: code,
    error_code: code,
    http_status_code: status,
    ...(param ? { param } : {}),
  },
});

export async function startChargebee(): Promise<ChargebeeStandIn> {
  const customers = new Map<string, Record<string, unknown>>();
  const cards = new Map<string, Record<string, unknown>>();
  const paymentSources = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const replays = new Map<string, Reply>();
  const faults = faultList();
  const expectedAuth = `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`;

  function handle(req: RecordedRequest): Reply {
    const f = req.form;
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && req.path === '/api/v2/customers') {
      const id = f.get('id') ?? `cus_${customers.size + 1}`;
      if (customers.has(id))
        return error(
          400,
          'invalid_request',
          'duplicate_entry',
          `The value ${id} is already present.`,
          'id',
        );
      const token = f.get('token_id');
      if (token !== null && !token.startsWith('cb_tok_'))
        return error(
          400,
          'invalid_request',
          'resource_not_found',
          'The CB token referenced in parameter token_id is not present',
          'token_id',
        );
      if (token === DECLINED_TOKEN)
        return error(402, 'payment', 'payment_processing_failed', 'Insufficient funds.');
      const customer = {
        id,
        object: 'customer',
        first_name: f.get('first_name'),
        last_name: f.get('last_name'),
        email: f.get('email'),
        auto_collection: f.get('auto_collection'),
        card_status: token ? 'valid' : 'no_card',
        deleted: false,
      };
      customers.set(id, customer);
      const card = token ? cardOf(token, id) : undefined;
      if (card) cards.set(id, card);
      return { status: 200, body: { customer, ...(card ? { card } : {}) } };
    }
    if (req.method === 'POST' && req.path === '/api/v2/payment_sources/create_bank_account') {
      const customerId = f.get('customer_id') ?? '';
      const customer = customers.get(customerId);
      if (!customer || customer.deleted)
        return error(
          404,
          'invalid_request',
          'resource_not_found',
          `Customer ${customerId} not found.`,
          'customer_id',
        );
      const bankCode = f.get('bank_account[bank_code]') ?? '';
      const number = f.get('bank_account[account_number]') ?? '';
      if (!/^\d{6}$/.test(bankCode))
        return error(
          400,
          'invalid_request',
          'param_wrong_value',
          'bank_account[bank_code] : invalid value',
          'bank_account[bank_code]',
        );
      if (!/^\d{5,9}$/.test(number))
        return error(
          400,
          'invalid_request',
          'param_wrong_value',
          'bank_account[account_number] : invalid value',
          'bank_account[account_number]',
        );
      if (bankCode === DECLINED_BSB)
        return error(
          402,
          'payment',
          'payment_method_verification_failed',
          'The bank account could not be verified.',
        );
      const paymentSource = {
        id: `pm_${paymentSources.size + 1}`,
        object: 'payment_source',
        customer_id: customerId,
        type: 'direct_debit',
        status: 'valid',
        gateway: 'gocardless',
        issuing_country: f.get('issuing_country') ?? undefined,
        bank_account: {
          last4: number.slice(-4),
          name_on_account: [f.get('bank_account[first_name]'), f.get('bank_account[last_name]')]
            .filter(Boolean)
            .join(' '),
          direct_debit_scheme: 'becs',
        },
        deleted: false,
      };
      paymentSources.set(paymentSource.id, paymentSource);
      customer.primary_payment_source_id = paymentSource.id;
      return { status: 200, body: { customer, payment_source: paymentSource } };
    }
    if (
      req.method === 'POST' &&
      (m = /^\/api\/v2\/customers\/([^/]+)\/subscription_for_items$/.exec(req.path))
    ) {
      const customerId = decodeURIComponent(m[1]!);
      const customer = customers.get(customerId);
      if (!customer || customer.deleted)
        return error(
          404,
          'invalid_request',
          'resource_not_found',
          `Customer ${customerId} not found.`,
        );
      const id = f.get('id') ?? `sub_${subscriptions.size + 1}`;
      if (subscriptions.has(id))
        return error(
          400,
          'invalid_request',
          'duplicate_entry',
          `The value ${id} is already present.`,
          'id',
        );
      const items: Array<{ item_price_id: string | null; quantity: number }> = [];
      for (let i = 0; f.has(`subscription_items[item_price_id][${i}]`); i++) {
        items.push({
          item_price_id: f.get(`subscription_items[item_price_id][${i}]`),
          quantity: Number(f.get(`subscription_items[quantity][${i}]`) ?? 1),
        });
      }
      const source = f.get('payment_source_id');
      if (source !== null && paymentSources.get(source)?.customer_id !== customerId)
        return error(
          404,
          'invalid_request',
          'resource_not_found',
          `Payment source ${source} not found.`,
          'payment_source_id',
        );
      const startDate = Number(f.get('start_date'));
      const subscription = {
        id,
        object: 'subscription',
        customer_id: customerId,
        status: startDate * 1000 > Date.now() ? 'future' : 'active',
        start_date: startDate || undefined,
        subscription_items: items,
        coupon: f.get('coupon_ids[0]') ?? undefined,
        payment_source_id: source ?? undefined,
      };
      subscriptions.set(id, subscription);
      return { status: 200, body: { subscription, customer } };
    }
    if (
      req.method === 'POST' &&
      (m = /^\/api\/v2\/subscriptions\/([^/]+)\/cancel_for_items$/.exec(req.path))
    ) {
      const subscription = subscriptions.get(decodeURIComponent(m[1]!));
      if (!subscription)
        return error(404, 'invalid_request', 'resource_not_found', 'Subscription not found.');
      subscription.status = 'cancelled';
      return { status: 200, body: { subscription } };
    }
    if (req.method === 'GET' && (m = /^\/api\/v2\/customers\/([^/]+)$/.exec(req.path))) {
      const customer = customers.get(decodeURIComponent(m[1]!));
      if (!customer || customer.deleted)
        return error(404, 'invalid_request', 'resource_not_found', 'Customer not found.');
      const card = cards.get(String(customer.id));
      return { status: 200, body: { customer, ...(card ? { card } : {}) } };
    }
    if (req.method === 'POST' && (m = /^\/api\/v2\/customers\/([^/]+)$/.exec(req.path))) {
      const customer = customers.get(decodeURIComponent(m[1]!));
      if (!customer || customer.deleted)
        return error(404, 'invalid_request', 'resource_not_found', 'Customer not found.');
      for (const key of ['first_name', 'last_name', 'email', 'phone']) {
        const value = f.get(key);
        if (value !== null) customer[key] = value;
      }
      return { status: 200, body: { customer } };
    }
    if (req.method === 'POST' && (m = /^\/api\/v2\/customers\/([^/]+)\/delete$/.exec(req.path))) {
      const customer = customers.get(decodeURIComponent(m[1]!));
      if (!customer || customer.deleted)
        return error(404, 'invalid_request', 'resource_not_found', 'Customer not found.');
      customer.deleted = true;
      return { status: 200, body: { customer } };
    }
    return error(404, 'invalid_request', 'resource_not_found', `No such endpoint ${req.path}`);
  }

  const standIn = await startStandIn((req) => {
    if (req.headers.authorization !== expectedAuth)
      return error(
        401,
        'invalid_request',
        'api_authentication_failed',
        'Sorry, authentication failed.',
      );
    const fault = faults.take(req);
    if (fault) return fault;
    const key = req.headers['chargebee-idempotency-key'];
    if (typeof key === 'string') {
      const first = replays.get(key);
      if (first)
        return {
          ...first,
          headers: { ...first.headers, 'chargebee-idempotency-replayed': 'true' },
        };
      const reply = handle(req);
      // Only what was done is replayed: the adapter relies on nothing more.
      if (reply.status < 300) replays.set(key, reply);
      return reply;
    }
    return handle(req);
  });
  return { ...standIn, customers, paymentSources, subscriptions, faults };
}
