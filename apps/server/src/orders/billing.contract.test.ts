import { randomUUID } from 'node:crypto';
import { directDebitMessages, messages } from '@fibre/domain/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ServiceRefusal } from '../http/errors.ts';
import { configuredServices } from '../services.ts';
import { startTestApp, type TestApp } from '../test-support/app.ts';
import {
  API_KEY,
  DECLINED_BSB,
  DECLINED_TOKEN,
  startChargebee,
  type ChargebeeStandIn,
} from '../test-support/stand-ins/chargebee.ts';
import { chargebeeEnv } from '../test-support/stand-ins/env.ts';
import { localLedger, type BillingAdapter, type SubscriptionRequest } from './billing.ts';
import { chargebeeBilling } from './chargebee.ts';

/**
 * The billing contract, written once and run against both implementations: the local ledger
 * (embedded) and Chargebee (against its local stand-in). Then what only Chargebee has: the exact
 * requests on the wire, idempotency per order, and the undo.
 */

let t: TestApp;
let cb: ChargebeeStandIn;
beforeAll(async () => {
  [t, cb] = await Promise.all([startTestApp('pglite'), startChargebee()]);
});
afterAll(async () => {
  await Promise.all([t.close(), cb.close()]);
});

const vaultToken = async (number: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/test-vault/tokens',
    payload: { number, expiry_month: 12, expiry_year: 2030, cvv: '123', name: 'Jane Citizen' },
  });
  return (res.json() as { token: string }).token;
};

interface Twin {
  name: string;
  adapter: () => BillingAdapter;
  goodToken: () => Promise<string>;
  declinedToken: () => Promise<string>;
  unknownToken: string;
}

const twins: Twin[] = [
  {
    name: 'local ledger',
    adapter: () => localLedger(randomUUID),
    goodToken: () => vaultToken('4111 1111 1111 1111'),
    declinedToken: () => vaultToken('4005 5192 0000 0004'),
    unknownToken: 'tok_test_unknown',
  },
  {
    name: 'Chargebee',
    adapter: () => chargebeeBilling(chargebeeSettings()),
    goodToken: async () => `cb_tok_${randomUUID()}`,
    declinedToken: async () => DECLINED_TOKEN,
    unknownToken: 'tok_not_from_chargebee',
  },
];

function chargebeeSettings() {
  return configuredServices(loadConfig(chargebeeEnv(cb))).chargebeeBilling!;
}

/** An order row for the request to belong to (the local ledger's rows refer to it). */
async function request(cardToken: string, change: Partial<SubscriptionRequest> = {}) {
  const orderId = randomUUID();
  await t.database.db
    .insertInto('orders')
    .values({
      id: orderId,
      reservation_id: randomUUID(),
      building_code: 'G1A2B3',
      plan_id: 'boost-100',
      router_id: 'wifi6',
      add_ons: ['static-ip'],
      coupon_id: null,
      monthly_cents: 9800,
      activation_cents: 9800,
      card_fee_cents: 147,
      email: 'jane@example.com',
      contact: JSON.stringify({ firstName: 'Jane' }),
      status: 'pending',
      created_at: new Date(),
    })
    .execute();
  const value: SubscriptionRequest = {
    orderId,
    firstName: 'Jane',
    lastName: 'Citizen',
    email: 'jane@example.com',
    phone: '+61412345678',
    cardToken,
    planId: 'boost-100',
    routerId: 'wifi6',
    routerCents: 1000,
    addOns: ['static-ip'],
    couponId: 'PNBF24',
    monthlyCents: 9800,
    startDate: new Date('2031-03-03T12:59:59.999Z'),
    address: {
      unit: '12',
      street: '100 Harris Street',
      suburb: 'Pyrmont',
      state: 'NSW',
      postcode: '2009',
    },
    ...change,
  };
  return value;
}

/** A bank account as the install body carries it, checked and normalised. */
const BANK_ACCOUNT = {
  account_name: 'Jane Mary Citizen',
  bsb: '062000',
  account_number: '12345678',
};

const subscribe = (adapter: BillingAdapter, req: SubscriptionRequest) =>
  adapter.kind === 'local'
    ? t.database.db.transaction().execute((trx) => adapter.subscribe(trx, req, new Date()))
    : adapter.subscribe(req);

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceRefusal);
  const e = error as ServiceRefusal;
  return { status: e.status, code: e.code, message: e.message };
};

describe.each(twins)('billing contract: $name', (twin) => {
  it("records a customer's corrected contact (docs/rules/personal-data-requests.md)", async () => {
    const adapter = twin.adapter();
    const req = await request(await twin.goodToken());
    await subscribe(adapter, req);
    const contact = {
      firstName: 'Janet',
      lastName: 'Citizen',
      email: 'janet@example.com',
      phone: '+61411111111',
    };
    if (adapter.kind === 'local') {
      await t.database.db
        .transaction()
        .execute((trx) => adapter.updateContact(trx, req.orderId, contact));
      const row = await t.database.db
        .selectFrom('billing_customers')
        .selectAll()
        .where('order_id', '=', req.orderId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ first_name: 'Janet', email: 'janet@example.com' });
    } else {
      await adapter.updateContact!(req.orderId, contact);
      expect(cb.customers.get(req.orderId)).toMatchObject({
        first_name: 'Janet',
        email: 'janet@example.com',
        phone: '+61411111111',
      });
    }
  });

  it('starts a subscription for a good card', async () => {
    const result = await subscribe(twin.adapter(), await request(await twin.goodToken()));
    expect(result.customerId).toEqual(expect.any(String));
    expect(result.subscriptionId).toEqual(expect.any(String));
  });

  it('starts a subscription paid by direct debit from a bank account sent with the order', async () => {
    const result = await subscribe(
      twin.adapter(),
      await request('', { bankAccount: { ...BANK_ACCOUNT } }),
    );
    expect(result.subscriptionId).toEqual(expect.any(String));
  });

  it("declines the failing BSB with the bank's message (docs/rules/contact-and-connection.md#direct-debit)", async () => {
    const answer = await failure(
      subscribe(
        twin.adapter(),
        await request('', { bankAccount: { ...BANK_ACCOUNT, bsb: DECLINED_BSB } }),
      ),
    );
    expect(answer).toEqual({
      status: 402,
      code: 'payment_declined',
      message: directDebitMessages.bankDeclined,
    });
  });

  it('declines the insufficient-funds card with 402 payment_declined and a readable message', async () => {
    const answer = await failure(
      subscribe(twin.adapter(), await request(await twin.declinedToken())),
    );
    expect(answer).toMatchObject({ status: 402, code: 'payment_declined' });
    expect(answer.message).toMatch(/insufficient funds/i);
  });

  it('refuses a token it does not know with the card error of docs/rules/contact-and-connection.md', async () => {
    const answer = await failure(subscribe(twin.adapter(), await request(twin.unknownToken)));
    expect(answer).toEqual({ status: 422, code: 'card_invalid', message: messages.cardInvalid });
  });
});

describe('Chargebee billing on the wire', () => {
  beforeEach(() => {
    cb.requests.length = 0;
    cb.faults.clear();
  });
  const basic = `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`;

  it('creates the customer with the token, then the subscription for plan, router, add-ons and coupon', async () => {
    const req = await request('cb_tok_good_1');
    await chargebeeBilling(chargebeeSettings()).subscribe(req);
    expect(cb.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v2/customers',
      `POST /api/v2/customers/${req.orderId}/subscription_for_items`,
    ]);
    const [customer, subscription] = cb.requests;
    for (const r of [customer!, subscription!]) {
      expect(r.headers.authorization).toBe(basic);
      expect(r.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    }
    expect(customer!.headers['chargebee-idempotency-key']).toBe(`${req.orderId}-customer`);
    expect(Object.fromEntries(customer!.form)).toEqual({
      id: req.orderId,
      first_name: 'Jane',
      last_name: 'Citizen',
      email: 'jane@example.com',
      phone: '+61412345678',
      auto_collection: 'on',
      token_id: 'cb_tok_good_1',
      'billing_address[first_name]': 'Jane',
      'billing_address[last_name]': 'Citizen',
      'billing_address[line1]': '12/100 Harris Street',
      'billing_address[city]': 'Pyrmont',
      'billing_address[state_code]': 'NSW',
      'billing_address[zip]': '2009',
      'billing_address[country]': 'AU',
    });
    expect(subscription!.headers['chargebee-idempotency-key']).toBe(`${req.orderId}-subscription`);
    expect(Object.fromEntries(subscription!.form)).toEqual({
      id: req.orderId,
      'subscription_items[item_price_id][0]': 'boost-100',
      'subscription_items[quantity][0]': '1',
      'subscription_items[item_price_id][1]': 'wifi6',
      'subscription_items[quantity][1]': '1',
      'subscription_items[item_price_id][2]': 'static-ip',
      'subscription_items[quantity][2]': '1',
      'coupon_ids[0]': 'PNBF24',
      start_date: String(Math.floor(Date.parse('2031-03-03T12:59:59.999Z') / 1000)),
    });
    expect(cb.subscriptions.get(req.orderId)).toMatchObject({ status: 'future' });
  });

  it('pays by direct debit: the customer without a token, its bank account (create_bank_account), then the subscription with that payment source', async () => {
    const req = await request('', { bankAccount: { ...BANK_ACCOUNT } });
    await chargebeeBilling(chargebeeSettings()).subscribe(req);
    expect(cb.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v2/customers',
      'POST /api/v2/payment_sources/create_bank_account',
      `POST /api/v2/customers/${req.orderId}/subscription_for_items`,
    ]);
    const [customer, bank, subscription] = cb.requests;
    expect(customer!.form.has('token_id')).toBe(false);
    expect(bank!.headers.authorization).toBe(basic);
    expect(bank!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(bank!.headers['chargebee-idempotency-key']).toBe(`${req.orderId}-bank-account`);
    expect(Object.fromEntries(bank!.form)).toEqual({
      customer_id: req.orderId,
      issuing_country: 'AU',
      'bank_account[first_name]': 'Jane Mary',
      'bank_account[last_name]': 'Citizen',
      'bank_account[bank_code]': '062000',
      'bank_account[account_number]': '12345678',
    });
    const [source] = [...cb.paymentSources.values()].filter((p) => p.customer_id === req.orderId);
    expect(source).toMatchObject({
      type: 'direct_debit',
      status: 'valid',
      bank_account: { last4: '5678', name_on_account: 'Jane Mary Citizen' },
    });
    expect(Object.fromEntries(subscription!.form)).toMatchObject({
      id: req.orderId,
      payment_source_id: source!.id,
    });
    expect(cb.subscriptions.get(req.orderId)).toMatchObject({ payment_source_id: source!.id });
  });

  it('removes the customer when Chargebee refuses the bank account, and makes no subscription', async () => {
    const req = await request('', { bankAccount: { ...BANK_ACCOUNT, bsb: DECLINED_BSB } });
    const answer = await failure(chargebeeBilling(chargebeeSettings()).subscribe(req));
    expect(answer).toMatchObject({ status: 402, message: directDebitMessages.bankDeclined });
    expect(cb.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v2/customers',
      'POST /api/v2/payment_sources/create_bank_account',
      `POST /api/v2/customers/${req.orderId}/delete`,
    ]);
    expect(cb.customers.get(req.orderId)).toMatchObject({ deleted: true });
    expect(cb.subscriptions.has(req.orderId)).toBe(false);
  });

  it('gives the bank message for a bank account parameter Chargebee refuses, and is unavailable on its 5xx', async () => {
    cb.faults.fail('POST', /create_bank_account$/, {
      status: 400,
      body: {
        message: 'bank_account[account_number] : invalid value',
        type: 'invalid_request',
        api_error_code: 'param_wrong_value',
        param: 'bank_account[account_number]',
        http_status_code: 400,
      },
    });
    const billing = chargebeeBilling(chargebeeSettings());
    const refused = await failure(
      billing.subscribe(await request('', { bankAccount: { ...BANK_ACCOUNT } })),
    );
    expect(refused).toMatchObject({ status: 402, message: directDebitMessages.bankDeclined });
    cb.faults.clear();
    cb.faults.fail('POST', /create_bank_account$/, { status: 500, body: { message: 'down' } });
    const down = await failure(
      billing.subscribe(await request('', { bankAccount: { ...BANK_ACCOUNT } })),
    );
    expect(down).toMatchObject({ status: 503, code: 'billing_unavailable' });
  });

  it("retries a direct debit order (operators.md) with the customer's bank account at Chargebee, and refuses when it never got there", async () => {
    const billing = chargebeeBilling(chargebeeSettings());
    // The account was made, the subscription's outcome unknown (a 500): the customer is kept.
    const made = await request('', { bankAccount: { ...BANK_ACCOUNT } });
    cb.faults.fail(
      'POST',
      /subscription_for_items$/,
      { status: 500, body: { message: 'down' } },
      1,
    );
    await failure(billing.subscribe(made));
    // The retry has no bank account (never kept): it bills with the customer's.
    const retry = { ...made, bankAccount: undefined };
    cb.requests.length = 0;
    await billing.subscribe(retry, { keepCustomer: true });
    expect(cb.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v2/customers',
      `GET /api/v2/customers/${made.orderId}`,
      `POST /api/v2/customers/${made.orderId}/subscription_for_items`,
    ]);
    expect(cb.requests[0]!.form.has('token_id')).toBe(false);
    expect(cb.subscriptions.get(made.orderId)).toMatchObject({ customer_id: made.orderId });

    // Chargebee was down when the account was to be made: the retry cannot bill, and says why.
    const lost = await request('', { bankAccount: { ...BANK_ACCOUNT } });
    cb.faults.fail('POST', /create_bank_account$/, { status: 500, body: { message: 'down' } }, 1);
    await failure(billing.subscribe(lost));
    const answer = await failure(
      billing.subscribe({ ...lost, bankAccount: undefined }, { keepCustomer: true }),
    );
    expect(answer).toMatchObject({ status: 502, code: 'billing_failed' });
    expect(answer.message).toMatch(/bank account/);
    expect(cb.subscriptions.has(lost.orderId)).toBe(false);
  });

  it('bills no router for bring-your-own and sends no coupon when there is none', async () => {
    const req = await request('cb_tok_good_2', {
      routerId: 'byo',
      routerCents: 0,
      addOns: [],
      couponId: null,
    });
    await chargebeeBilling(chargebeeSettings()).subscribe(req);
    const form = Object.fromEntries(cb.requests[1]!.form);
    expect(form).toEqual({
      id: req.orderId,
      'subscription_items[item_price_id][0]': 'boost-100',
      'subscription_items[quantity][0]': '1',
      start_date: expect.any(String),
    });
  });

  it('bills an order once however often it is retried (idempotency keys and ids from the order)', async () => {
    const billing = chargebeeBilling(chargebeeSettings());
    const req = await request('cb_tok_good_3');
    const first = await billing.subscribe(req);
    const again = await billing.subscribe(req);
    expect(again).toEqual(first);
    expect(cb.requests).toHaveLength(4);
    expect(cb.requests.slice(2).map((r) => r.headers['chargebee-idempotency-key'])).toEqual([
      `${req.orderId}-customer`,
      `${req.orderId}-subscription`,
    ]);
    expect([...cb.customers.keys()].filter((id) => id === req.orderId)).toHaveLength(1);
  });

  it('calls nothing more after a decline, and removes the customer when the subscription fails', async () => {
    const billing = chargebeeBilling(chargebeeSettings());
    await expect(billing.subscribe(await request(DECLINED_TOKEN))).rejects.toThrow(ServiceRefusal);
    expect(cb.requests.map((r) => r.path)).toEqual(['/api/v2/customers']);

    cb.requests.length = 0;
    cb.faults.fail('POST', /subscription_for_items$/, {
      status: 402,
      body: {
        message: 'Your card was declined: insufficient funds.',
        type: 'payment',
        api_error_code: 'payment_processing_failed',
        http_status_code: 402,
      },
    });
    const req = await request('cb_tok_good_4');
    const answer = await failure(billing.subscribe(req));
    expect(answer).toMatchObject({
      status: 402,
      message: 'Your card was declined: insufficient funds.',
    });
    expect(cb.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v2/customers',
      `POST /api/v2/customers/${req.orderId}/subscription_for_items`,
      `POST /api/v2/customers/${req.orderId}/delete`,
    ]);
    expect(Object.fromEntries(cb.requests[2]!.form)).toEqual({ delete_payment_method: 'true' });
    expect(cb.customers.get(req.orderId)).toMatchObject({ deleted: true });
  });

  it.each([
    [500, 503, 'billing_unavailable'],
    [400, 502, 'billing_failed'],
  ])(
    'turns a Chargebee %i into a readable %i without its internals',
    async (cbStatus, status, code) => {
      cb.faults.fail('POST', /subscription_for_items$/, {
        status: cbStatus,
        body: {
          message: 'item_price_id[0] : boost-100 is not present',
          type: 'invalid_request',
          api_error_code: 'resource_not_found',
          http_status_code: cbStatus,
        },
      });
      const answer = await failure(
        chargebeeBilling(chargebeeSettings()).subscribe(await request('cb_tok_good_5')),
      );
      expect(answer).toMatchObject({ status, code });
      expect(answer.message).not.toMatch(/item_price|boost-100/);
    },
  );

  it('is unavailable, not declined, when Chargebee cannot be reached', async () => {
    const settings = { ...chargebeeSettings(), apiBase: 'http://127.0.0.1:9' };
    const answer = await failure(chargebeeBilling(settings).subscribe(await request('cb_tok_x')));
    expect(answer).toMatchObject({ status: 503, code: 'billing_unavailable' });
  });

  it('undoes an order: cancels the subscription now and deletes the customer; nothing to undo is done', async () => {
    const billing = chargebeeBilling(chargebeeSettings());
    const req = await request('cb_tok_good_6');
    await billing.subscribe(req);
    cb.requests.length = 0;
    await billing.cancel(req.orderId);
    expect(cb.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /api/v2/subscriptions/${req.orderId}/cancel_for_items`,
      `POST /api/v2/customers/${req.orderId}/delete`,
    ]);
    expect(Object.fromEntries(cb.requests[0]!.form)).toEqual({ cancel_option: 'immediately' });
    expect(cb.requests[0]!.headers['chargebee-idempotency-key']).toBe(`${req.orderId}-cancel`);
    expect(cb.subscriptions.get(req.orderId)).toMatchObject({ status: 'cancelled' });

    await expect(billing.cancel(randomUUID())).resolves.toBeUndefined();
    cb.faults.fail('POST', /cancel_for_items$/, { status: 500, body: { message: 'down' } });
    await expect(billing.cancel(req.orderId)).rejects.toBeDefined();
  });
});
