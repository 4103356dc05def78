import { Writable } from 'node:stream';
import type { InstallBody } from '@fibre/domain/install';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, importTestCatalogue, startTestApp, type TestApp } from '../test-support/app.ts';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';
import { orderCount, prepareOrder } from '../test-support/order.ts';
import { findBankAccountToken } from '../vault/index.ts';
import { startChargebee, type ChargebeeStandIn } from '../test-support/stand-ins/chargebee.ts';
import { chargebeeEnv } from '../test-support/stand-ins/env.ts';

// docs/rules/contact-and-connection.md#direct-debit and docs/rules/documents-and-consent.md#direct-debit:
// the test-mode vault's bank accounts, and an order paid by direct debit: no card surcharge, the
// Direct Debit Request's box required and recorded with the document's version, the test BSB
// that is dishonoured declined at billing.

const BANK_ERROR = 'Bank account details are invalid, please check them and try again.';
const DDR = {
  kind: 'direct_debit',
  title: 'Direct Debit Request and service agreement',
  url: 'https://demofibre.example/legal/direct-debit-request',
  version: '2026-11',
  sha256: null,
};
const DDR_WORDS =
  'I have read the Direct Debit Request and service agreement and authorise the debits it describes from my account';

describe.each(engines())('direct debit on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
  });
  afterAll(() => t.close());

  const account = (over: Record<string, unknown> = {}) => ({
    account_name: 'Jane Citizen',
    bsb: '000-000',
    account_number: '000123456',
    ...over,
  });
  const tokenise = (body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/test-vault/bank-accounts',
      payload: body as object,
    });
  const bankToken = async (bsb = '000-000') => {
    const res = await tokenise(account({ bsb }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().token as string;
  };
  const install = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body as object });
  const agreed = (body: InstallBody): InstallBody => ({
    ...body,
    charge_bee: { ...body.charge_bee, direct_debit_agreed: true },
  });
  const order = (id: string) =>
    t.database.db
      .selectFrom('orders')
      .select(['card_fee_cents', 'acceptance', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const ordersCount = () => orderCount(t.database);

  describe('the test-mode vault', () => {
    it.each([
      ['000-000', '000000', 'approve'],
      ['000 000', '000000', 'approve'],
      ['062000', '062000', 'approve'],
      ['000-001', '000001', 'dishonour'],
    ])(
      'tokenises BSB %s and keeps only the BSB, the last digits and the outcome',
      async (bsb, digits, outcome) => {
        const res = await tokenise(account({ bsb, account_number: '12 345 678' }));
        expect(res.statusCode, res.body).toBe(201);
        const { token } = res.json();
        expect(token).toMatch(/^tok_test_ba_[0-9a-f]{32}$/);
        const row = await findBankAccountToken(t.database.db, token);
        expect(row).toMatchObject({ bsb: digits, last_digits: '678', outcome });
        expect(JSON.stringify(row)).not.toContain('12345678');
        expect(JSON.stringify(row)).not.toContain('Jane');
      },
    );

    it.each([
      [
        'a five-digit BSB',
        account({ bsb: '062-00' }),
        { bsb: 'BSB must be 6 digits, like 062-000' },
      ],
      [
        'letters in the BSB',
        account({ bsb: '06A-000' }),
        { bsb: 'BSB must be 6 digits, like 062-000' },
      ],
      [
        'a four-digit account number',
        account({ account_number: '1234' }),
        { account_number: 'Account number must be 5 to 9 digits' },
      ],
      [
        'a ten-digit account number',
        account({ account_number: '1234567890' }),
        { account_number: 'Account number must be 5 to 9 digits' },
      ],
      [
        'no account name',
        account({ account_name: ' ' }),
        { account_name: 'Account name is required' },
      ],
      [
        'no body',
        undefined,
        {
          account_name: 'Account name is required',
          bsb: 'BSB is required',
          account_number: 'Account number is required',
        },
      ],
    ])(
      'refuses %s with the bank account error, naming the wrong fields',
      async (_c, body, fields) => {
        const res = await tokenise(body);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ error: 'bank_account_invalid', message: BANK_ERROR, fields });
      },
    );

    it("offers the catalogue's Direct Debit Request", async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/test-vault/direct-debit' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        document: { title: DDR.title, url: DDR.url, version: DDR.version },
      });
    });

    it('does not exist when Chargebee is configured, but the offer does (Chargebee takes the account at install)', async () => {
      const other = await startTestApp(engine, { CHARGEBEE_SITE: 'demo-test' });
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/v1/test-vault/bank-accounts',
        payload: account(),
      });
      expect(res.statusCode).toBe(404);
      const offer = await other.app.inject({
        method: 'GET',
        url: '/api/v1/test-vault/direct-debit',
      });
      expect(offer.statusCode).toBe(200);
      expect(offer.json()).toEqual({
        document: { title: DDR.title, url: DDR.url, version: DDR.version },
      });
      await other.close();
    });
  });

  describe('the install', () => {
    it('places an order paid from a bank account with no card surcharge, recording the DDR and its version', async () => {
      const cardToken = await bankToken();
      const { body } = await prepareOrder(t.app, { cardToken, slotIndex: 0 }, t.clock.now);
      const res = await install(agreed(body));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().prices.card_fee_cents).toBe(0);
      const row = await order(res.json().order_id);
      expect(row.status).toBe('confirmed');
      expect(row.card_fee_cents).toBe(0);
      const acceptance = row.acceptance as {
        documents: unknown[];
        agreements: Array<{ box: string; words: string }>;
      };
      expect(acceptance.documents).toContainEqual(DDR);
      expect(acceptance.agreements).toContainEqual({ box: 'direct_debit', words: DDR_WORDS });
      // The confirmation mail carries the agreement: its title, version and link.
      const mail = await t.database.db
        .selectFrom('mail_outbox')
        .select(['text_body', 'html_body'])
        .where('order_id', '=', res.json().order_id)
        .executeTakeFirstOrThrow();
      expect(mail.text_body).toContain(DDR.title);
      expect(mail.text_body).toContain(DDR.url);
      expect(mail.text_body).toContain(DDR.version);
      expect(mail.html_body).toContain(DDR.url);
      // No card fee in the mail either (docs/rules/plans-and-pricing.md).
      expect(mail.text_body).not.toMatch(/card (processing )?fee|surcharge/i);
    });

    it('takes a bank account once, in the bank words', async () => {
      const cardToken = await bankToken();
      const first = await prepareOrder(t.app, { cardToken, slotIndex: 5 }, t.clock.now);
      expect((await install(agreed(first.body))).statusCode).toBe(201);
      const again = await prepareOrder(t.app, { cardToken, slotIndex: 6 }, t.clock.now);
      const res = await install(agreed(again.body));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        error: 'card_token_used',
        message:
          'These bank account details were already used for an order. Please enter them again.',
      });
    });

    it('keeps the card surcharge for a card, and no DDR even when the body says it was ticked', async () => {
      // American Express: the scheme that carries the demo's fee.
      const { body } = await prepareOrder(
        t.app,
        { slotIndex: 1, card: '3782 822463 10005' },
        t.clock.now,
      );
      const res = await install(agreed(body));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().prices.card_fee_cents).toBeGreaterThan(0);
      const row = await order(res.json().order_id);
      expect(JSON.stringify(row.acceptance)).not.toContain('direct_debit');
    });

    it('refuses a bank account whose DDR box is not ticked, and writes nothing', async () => {
      const cardToken = await bankToken();
      const { body } = await prepareOrder(t.app, { cardToken, slotIndex: 2 }, t.clock.now);
      const before = await ordersCount();
      const res = await install(body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        error: 'direct_debit_not_agreed',
        message: 'Please read and agree to the Direct Debit Request and service agreement',
        fields: {
          'charge_bee.direct_debit_agreed':
            'Please read and agree to the Direct Debit Request and service agreement',
        },
      });
      expect(await ordersCount()).toBe(before);
    });

    it('declines the failing BSB at billing with the bank message, and writes nothing', async () => {
      const cardToken = await bankToken('000-001');
      const { body } = await prepareOrder(t.app, { cardToken, slotIndex: 3 }, t.clock.now);
      const before = await ordersCount();
      const res = await install(agreed(body));
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({
        error: 'payment_declined',
        message:
          'Your bank declined the direct debit from this account. Please check the account or use another account or a card.',
      });
      expect(await ordersCount()).toBe(before);
    });

    it('refuses a bank account when the catalogue names no Direct Debit Request', async () => {
      const cardToken = await bankToken();
      const changed = demoCatalogue();
      delete changed.documents!.direct_debit;
      await importTestCatalogue(t.database, changed);
      const offer = await t.app.inject({ method: 'GET', url: '/api/v1/test-vault/direct-debit' });
      expect(offer.json()).toEqual({ document: null });
      const { body } = await prepareOrder(t.app, { cardToken, slotIndex: 4 }, t.clock.now);
      const res = await install(agreed(body));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'direct_debit_not_offered' });
    });
  });
});

// docs/rules/contact-and-connection.md#direct-debit, with Chargebee: the bank account travels in
// the install body, Chargebee (its stand-in) makes it the customer's payment source, and our
// database never holds it.
describe.each(engines())('direct debit through Chargebee on %s', (engine) => {
  let t: TestApp;
  let cb: ChargebeeStandIn;
  let slot = 0;
  // Everything the server logs, at its most talkative: the bank account must never be in it.
  const log: string[] = [];
  beforeAll(async () => {
    cb = await startChargebee();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(chunk.toString());
        done();
      },
    });
    t = await startTestApp(
      engine,
      { ...chargebeeEnv(cb), LOG_LEVEL: 'debug' },
      { clock: true, logger: { stream } },
    );
  });
  afterAll(async () => {
    await t.close();
    await cb.close();
  });

  const ACCOUNT = { account_name: 'Jane Citizen', bsb: '062-000', account_number: '98 765 432' };
  const install = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body as object });
  /** An install body paying from `account` instead of a card token, the DDR box as given. */
  const bankBody = async (account: object = ACCOUNT, agreed = true): Promise<object> => {
    // The token is dropped: a bank account is sent instead.
    const { body } = await prepareOrder(
      t.app,
      { slotIndex: slot++, cardToken: 'cb_tok_dropped' },
      t.clock.now,
    );
    const { tmp_token: _token, ...rest } = body.charge_bee;
    return {
      ...body,
      charge_bee: {
        ...rest,
        bank_account: account,
        ...(agreed ? { direct_debit_agreed: true } : {}),
      },
    };
  };
  const orderRow = (id: string) =>
    t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('places the order with no card surcharge, the DDR recorded, and the bank account only at Chargebee', async () => {
    const res = await install(await bankBody());
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order_id as string;
    expect(res.json().prices.card_fee_cents).toBe(0);
    const bank = cb.requests.find(
      (r) =>
        r.path === '/api/v2/payment_sources/create_bank_account' &&
        r.form.get('customer_id') === orderId,
    );
    expect(Object.fromEntries(bank!.form)).toMatchObject({
      'bank_account[bank_code]': '062000',
      'bank_account[account_number]': '98765432',
    });
    expect(cb.subscriptions.get(orderId)).toMatchObject({ payment_source_id: expect.any(String) });
    const row = await orderRow(orderId);
    expect(row.status).toBe('confirmed');
    expect(row.card_fee_cents).toBe(0);
    const acceptance = row.acceptance as {
      documents: unknown[];
      agreements: Array<{ box: string }>;
    };
    expect(acceptance.documents).toContainEqual(DDR);
    expect(acceptance.agreements).toContainEqual({ box: 'direct_debit', words: DDR_WORDS });
    // Never stored: not in the order (its kept install facts included), nor anywhere in the rows.
    expect(JSON.stringify(row)).not.toContain('98765432');
    expect(JSON.stringify(row)).not.toContain('062000');
    expect(JSON.stringify(row.install_facts)).not.toContain('bankAccount');
  });

  it('declines the failing BSB with the bank message (402), and writes no order', async () => {
    const before = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await install(await bankBody({ ...ACCOUNT, bsb: '000-001' }));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      error: 'payment_declined',
      message:
        'Your bank declined the direct debit from this account. Please check the account or use another account or a card.',
    });
    const after = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a bank account the domain rules refuse, naming the field, and calls Chargebee not', async () => {
    cb.requests.length = 0;
    const res = await install(await bankBody({ ...ACCOUNT, bsb: '062-00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_input',
      message: 'BSB must be 6 digits, like 062-000',
      fields: { 'charge_bee.bank_account.bsb': 'BSB must be 6 digits, like 062-000' },
    });
    expect(cb.requests).toHaveLength(0);
  });

  it('refuses a bank account without the DDR box ticked, and a body with both a token and an account', async () => {
    const unticked = await install(await bankBody(ACCOUNT, false));
    expect(unticked.statusCode).toBe(422);
    expect(unticked.json()).toMatchObject({ error: 'direct_debit_not_agreed' });
    const both = (await bankBody()) as { charge_bee: object };
    const res = await install({
      ...both,
      charge_bee: { ...both.charge_bee, tmp_token: 'cb_tok_x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'charge_bee.tmp_token': 'send either a card token or a bank account',
    });
  });

  it('logged none of the bank accounts sent (the tests above)', () => {
    expect(log.length).toBeGreaterThan(0);
    const text = log.join('');
    for (const data of ['98765432', '98 765 432', '062-000', '062000', '062-00'])
      expect(text).not.toContain(data);
  });

  it('keeps the card path: a Chargebee.js token still pays by card with the surcharge', async () => {
    const { body } = await prepareOrder(
      t.app,
      { slotIndex: slot++, cardToken: 'cb_tok_amex_card_dd' },
      t.clock.now,
    );
    // The American Express fee the wizard shows (docs/decisions/009-install-facts.md).
    body.charge_bee.card_scheme = 'amex';
    body.charge_bee.card_fee = 1.34;
    const res = await install(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().prices.card_fee_cents).toBeGreaterThan(0);
  });
});
