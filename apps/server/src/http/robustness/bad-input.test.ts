import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../../test-support/app.ts';

// Bad input is a 4xx JSON answer naming the field, never a 5xx (docs/rules/api.md,
// docs/decisions/008-server-input.md). PostgreSQL cannot store NUL: before the input guard, each of
// these answered 500.
const nul = 'A\u0000B';
const lead = {
  firstName: 'Jane',
  lastName: 'Citizen',
  email: 'jane@example.com',
  formatted_address: '12 Cavenagh Street, Darwin City NT 0800',
};

type Case = [
  name: string,
  method: 'GET' | 'POST',
  url: string,
  body: object | undefined,
  field: string,
];

const nulCases: Case[] = [
  ['leads', 'POST', '/api/v1/public/leads', { ...lead, message: nul }, 'message'],
  ['coupon POST', 'POST', '/api/v1/demo/coupon', { coupon_id: nul, plan_ids: [] }, 'coupon_id'],
  ['coupon GET', 'GET', '/api/v1/demo/coupon/A%00B', undefined, 'code'],
  ['coupon GET plan', 'GET', '/api/v1/demo/coupon/SUMMER20?plan_id=A%00B', undefined, 'plan_id'],
  ['referral', 'GET', '/api/v1/demo/referral/A%00B', undefined, 'code'],
  ['campaign', 'GET', '/api/v1/public/building/A%00B/campaign', undefined, 'code'],
  [
    'address-lookup',
    'POST',
    '/api/v1/public/address-lookup',
    { formatted_address: '100 Harris Street', suburb: nul },
    'suburb',
  ],
  ['buildings/search', 'POST', '/portal/api/v1/buildings/search', { address: nul }, 'address'],
  ['autocomplete', 'GET', '/api/v1/public/addresses?q=A%00B', undefined, 'q'],
  ['bookings', 'GET', '/api/v1/demo/bookings/N%00SW?from=x&to=y', undefined, 'state'],
  ['install', 'POST', '/api/v1/demo/install', { reservation_id: nul }, 'reservation_id'],
];

const tooLong: Case[] = [
  [
    'lead message',
    'POST',
    '/api/v1/public/leads',
    { ...lead, message: 'x'.repeat(1001) },
    'message',
  ],
  [
    'lead address',
    'POST',
    '/api/v1/public/leads',
    { ...lead, formatted_address: 'x'.repeat(301) },
    'formatted_address',
  ],
  [
    'lead phone',
    'POST',
    '/api/v1/public/leads',
    { ...lead, phone: `04${' '.repeat(30)}12345678` },
    'phone',
  ],
  [
    'lookup part',
    'POST',
    '/api/v1/public/address-lookup',
    { formatted_address: '1 A St', street: 'x'.repeat(101) },
    'street',
  ],
  [
    'search address',
    'POST',
    '/portal/api/v1/buildings/search',
    { address: 'x'.repeat(201) },
    'address',
  ],
  [
    'bookings state',
    'GET',
    `/api/v1/demo/bookings/${'N'.repeat(41)}?from=x&to=y`,
    undefined,
    'state',
  ],
];

const notText: Case[] = [
  // Whitespace only, or only invisible characters, is no address.
  ['search spaces', 'POST', '/portal/api/v1/buildings/search', { address: ' \t ' }, 'address'],
  [
    'search zero-width',
    'POST',
    '/portal/api/v1/buildings/search',
    { address: '\u200b\u2060' },
    'address',
  ],
  [
    'lookup zero-width',
    'POST',
    '/api/v1/public/address-lookup',
    { formatted_address: '\u200b' },
    'formatted_address',
  ],
  [
    'lead line break in phone',
    'POST',
    '/api/v1/public/leads',
    { ...lead, phone: '0412\n345678' },
    'phone',
  ],
  [
    'lead address spaces',
    'POST',
    '/api/v1/public/leads',
    { ...lead, formatted_address: '   ' },
    'formatted_address',
  ],
];

describe.each(engines())('bad input on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST', url: string, body?: object) =>
    t.app.inject({
      method,
      url,
      headers: { 'idempotency-key': 'bad-input-key-0001' },
      ...(body ? { payload: body } : {}),
    });

  it.each(nulCases)(
    'NUL in %s answers 400 naming the field',
    async (_, method, url, body, field) => {
      const res = await send(method, url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_input',
        fields: { [field]: 'must not contain control characters' },
      });
    },
  );

  it.each(tooLong)(
    'an over-long %s answers 400 naming the field',
    async (_, method, url, body, field) => {
      const res = await send(method, url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    },
  );

  it.each(notText)('%s answers 400 naming the field', async (_, method, url, body, field) => {
    const res = await send(method, url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it('keeps the lead form’s own messages', async () => {
    const res = await send('POST', '/api/v1/public/leads', { ...lead, message: 'x'.repeat(1001) });
    expect(res.json().fields).toEqual({ message: 'Please keep the message under 1000 characters' });
    const ok = await send('POST', '/api/v1/public/leads', {
      ...lead,
      message: 'Line one\r\n\tline two',
    });
    expect(ok.statusCode).toBe(201);
  });

  it('stays healthy', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
