import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/app.ts';
import { findToken } from './repository.ts';

const CARD_ERROR = 'Credit card is invalid, please check details and try again.';

describe('test-mode card vault', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { clock: true });
    t.clock.now = new Date('2026-11-22T00:00:00Z');
  });
  afterAll(() => t.close());
  const card = (over: Record<string, unknown> = {}) => ({
    number: '4111 1111 1111 1111',
    expiry_month: 12,
    expiry_year: 2028,
    cvv: '123',
    name: 'Jane Citizen',
    ...over,
  });
  const tokenise = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/test-vault/tokens', payload: body as object });

  it.each([
    ['4111 1111 1111 1111', 'approve', 'visa'],
    ['5555 5555 5555 4444', 'approve', 'mastercard'],
    ['4005 5192 0000 0004', 'insufficient_funds', 'visa'],
  ])(
    'tokenises %s and stores only token, brand, last four and outcome',
    async (number, outcome, brand) => {
      const res = await tokenise(card({ number }));
      expect(res.statusCode).toBe(201);
      const { token } = res.json();
      expect(token).toMatch(/^tok_test_[0-9a-f]{32}$/);
      const row = await findToken(t.database.db, token);
      expect(row).toMatchObject({ outcome, brand, last4: number.slice(-4) });
      expect(JSON.stringify(row)).not.toContain(number.replaceAll(' ', ''));
    },
  );

  it.each([
    [
      'not Luhn-valid',
      card({ number: '4111 1111 1111 1112' }),
      { number: 'Card number is not valid' },
    ],
    [
      'expiry in the past',
      card({ expiry_month: 10, expiry_year: 2026 }),
      { expiry_month: 'This card has expired' },
    ],
    [
      'expiry in a past year',
      card({ expiry_month: 12, expiry_year: 25 }),
      { expiry_year: 'This card has expired' },
    ],
    ['two-digit CVV', card({ cvv: '12' }), { cvv: 'CVV must be 3 or 4 digits' }],
    ['five-digit CVV', card({ cvv: '12345' }), { cvv: 'CVV must be 3 or 4 digits' }],
    [
      'letters in the number',
      card({ number: '4111 abcd 1111 1111' }),
      { number: 'Card number is not valid' },
    ],
    ['no name', card({ name: '' }), { name: 'Cardholder name is required' }],
    [
      'no body',
      undefined,
      {
        number: 'Card number is required',
        expiry_month: 'Expiry is required',
        cvv: 'CVV is required',
        name: 'Cardholder name is required',
      },
    ],
  ])(
    'refuses a card with %s with the card error, naming the wrong fields',
    async (_case, body, fields) => {
      const res = await tokenise(body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: 'card_invalid', message: CARD_ERROR, fields });
    },
  );

  it('accepts a card expiring this month and two-digit years', async () => {
    expect((await tokenise(card({ expiry_month: 11, expiry_year: 26 }))).statusCode).toBe(201);
  });

  it('does not exist when Chargebee is configured', async () => {
    const other = await startTestApp('pglite', { CHARGEBEE_SITE: 'demo-test' });
    const res = await other.app.inject({
      method: 'POST',
      url: '/api/v1/test-vault/tokens',
      payload: card(),
    });
    expect(res.statusCode).toBe(404);
    await other.close();
  });
});
