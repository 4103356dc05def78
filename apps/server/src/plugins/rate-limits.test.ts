import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';

// docs/decisions/010-limits.md: per-route limits on top of RATE_LIMIT_PER_MINUTE, each counted
// per client address, which is the socket's unless TRUST_PROXY names the proxies.

type Call = { method: 'GET' | 'POST'; url: string; payload?: object };

const codeChecks: Call[] = [
  { method: 'POST', url: '/api/v1/demo/coupon', payload: { coupon_id: 'GUESS1', plan_ids: [] } },
  { method: 'GET', url: '/api/v1/demo/coupon/GUESS2?plan_id=boost-100' },
  { method: 'GET', url: '/api/v1/demo/referral/GUESS3' },
];

const groups: [string, string, Call, string][] = [
  [
    'coupon POST',
    'CODE_CHECKS_PER_MINUTE',
    codeChecks[0]!,
    'Too many code checks from this address: please wait a minute and try again',
  ],
  [
    'coupon GET',
    'CODE_CHECKS_PER_MINUTE',
    codeChecks[1]!,
    'Too many code checks from this address: please wait a minute and try again',
  ],
  [
    'referral GET',
    'CODE_CHECKS_PER_MINUTE',
    codeChecks[2]!,
    'Too many code checks from this address: please wait a minute and try again',
  ],
  [
    'holds',
    'HOLDS_PER_MINUTE',
    { method: 'POST', url: '/api/v1/demo/reservations', payload: { booking_id: 'nope' } },
    'Too many installation times held from this address: please wait a minute and try again',
  ],
  [
    'hold extensions',
    'HOLDS_PER_MINUTE',
    { method: 'POST', url: '/api/v1/demo/reservations/nope/extend' },
    'Too many installation times held from this address: please wait a minute and try again',
  ],
  [
    'leads',
    'LEADS_PER_MINUTE',
    { method: 'POST', url: '/api/v1/public/leads', payload: {} },
    'Too many enquiries from this address: please wait a minute and try again',
  ],
  [
    'funnel reports',
    'FUNNEL_REPORTS_PER_MINUTE',
    { method: 'POST', url: '/api/v1/public/funnel', payload: {} },
    'Too many funnel reports from this address: please wait a minute and try again',
  ],
  [
    'vault tokens',
    'CARD_TOKENS_PER_MINUTE',
    { method: 'POST', url: '/api/v1/test-vault/tokens', payload: {} },
    'Too many card checks from this address: please wait a minute and try again',
  ],
  [
    'vault bank accounts',
    'CARD_TOKENS_PER_MINUTE',
    { method: 'POST', url: '/api/v1/test-vault/bank-accounts', payload: {} },
    'Too many bank account checks from this address: please wait a minute and try again',
  ],
  [
    'installs',
    'INSTALLS_PER_MINUTE',
    { method: 'POST', url: '/api/v1/demo/install', payload: {} },
    'Too many orders from this address: please wait a minute and try again',
  ],
  [
    // Finish later (docs/rules/mail.md#finish-later): each call mails someone, as a lead does.
    'finish later',
    'LEADS_PER_MINUTE',
    { method: 'POST', url: '/api/v1/demo/signups/finish-later', payload: {} },
    'Too many links asked for from this address: please wait a minute and try again',
  ],
  [
    'finish later links',
    'ORDER_PAGE_PER_MINUTE',
    { method: 'POST', url: '/api/v1/public/signups/resume/nope' },
    'Too many link requests from this address: please wait a minute and try again',
  ],
  [
    'unsubscribe',
    'ORDER_PAGE_PER_MINUTE',
    { method: 'POST', url: '/api/v1/public/unsubscribe/nope' },
    'Too many link requests from this address: please wait a minute and try again',
  ],
];

/** Every request of a case comes from its own address, so the cases share one app per engine. */
let nextAddress = 1;
const newAddress = () => `192.0.2.${nextAddress++}`;

describe.each(engines())('limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {
      RATE_LIMIT_PER_MINUTE: '4',
      ...Object.fromEntries(groups.map(([, name]) => [name, '2'])),
    });
  });
  afterAll(() => t.close());

  it.each(groups)(
    '%s: %s = 2 refuses the third request with 429',
    async (_, _name, call, message) => {
      const address = newAddress();
      const send = (remoteAddress = address) => t.app.inject({ ...call, remoteAddress });
      const first = [(await send()).statusCode, (await send()).statusCode];
      expect(first).not.toContain(429);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: 'rate_limited', message });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address has its own budget, and the address's other routes are not touched.
      expect((await send(newAddress())).statusCode).not.toBe(429);
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/v1/public/routers',
        remoteAddress: address,
      });
      expect(other.statusCode).toBe(200);
    },
  );

  it('counts the coupon and referral checks together: one guess on each, then refused', async () => {
    const remoteAddress = newAddress();
    const codes = [];
    for (const call of codeChecks) {
      codes.push((await t.app.inject({ ...call, remoteAddress })).statusCode);
    }
    expect(codes[0]).not.toBe(429);
    expect(codes[1]).not.toBe(429);
    expect(codes[2]).toBe(429);
  });

  it('counts HEAD as the GET it runs', async () => {
    const remoteAddress = newAddress();
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const url = `/api/v1/demo/referral/GUESS${i}`;
      codes.push((await t.app.inject({ method: 'HEAD', url, remoteAddress })).statusCode);
    }
    expect(codes[2]).toBe(429);
  });

  it('takes the socket as the client by default: rotating X-Forwarded-For does not escape', async () => {
    expect(await rotate(t, newAddress())).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('never limits /healthz and /readyz', async () => {
    const remoteAddress = newAddress();
    const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress });
    for (let i = 0; i < 4; i++) await get('/api/v1/public/routers');
    expect((await get('/api/v1/public/routers')).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) {
      expect((await get('/healthz')).statusCode).toBe(200);
      expect((await get('/readyz')).statusCode).toBe(200);
    }
  });
});

/** Six requests from one peer, each naming another client in X-Forwarded-For. */
async function rotate(t: TestApp, remoteAddress: string): Promise<number[]> {
  const codes = [];
  for (let i = 0; i < 6; i++) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public/routers',
      remoteAddress,
      headers: { 'x-forwarded-for': `203.0.113.${nextAddress++ % 250}` },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

describe.each(engines())('TRUST_PROXY on %s', (engine) => {
  it.each([
    ['addresses', '10.9.9.9, 127.0.0.0/8'],
    ['a hop count', '1'],
  ])("with %s, X-Forwarded-For's client is the client", async (_, trust) => {
    const t = await startTestApp(engine, { RATE_LIMIT_PER_MINUTE: '4', TRUST_PROXY: trust });
    try {
      expect(await rotate(t, '127.0.0.1')).toEqual([200, 200, 200, 200, 200, 200]);
      // One client behind the proxy is still one budget.
      const same = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/v1/public/routers',
          headers: { 'x-forwarded-for': '198.51.100.7' },
        });
        same.push(res.statusCode);
      }
      expect(same).toEqual([200, 200, 200, 200, 429]);
      // A peer that is not a named proxy is its own client, whatever it says.
      if (trust !== '1') expect(await rotate(t, '192.0.2.250')).toContain(429);
    } finally {
      await t.close();
    }
  });
});
