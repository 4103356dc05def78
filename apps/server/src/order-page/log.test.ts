import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOrderToken, newOrderToken } from '../mail/order-link.ts';
import { findMail } from '../mail/repository.ts';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';
import { fakeBuild } from '../test-support/web-build.ts';

// docs/decisions/008-server-input.md: the order page's token is a bearer secret, stored only
// as its hash; the log names the route (`/order/[token]`), never the token, whatever the answer:
// the page, the API, a token that opens nothing, a refusal over the limit, a path no route
// matched. Before, every line carried the path as sent.

describe.each(engines())('the log of the order page on %s', (engine) => {
  let t: TestApp;
  const lines: string[] = [];
  let token: string;
  const wrong = newOrderToken();
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await startTestApp(
      engine,
      { LOG_LEVEL: 'info', ORDER_PAGE_PER_MINUTE: '12', ORDER_PAGE_MISSES_PER_MINUTE: '2' },
      { webDist: fakeBuild({ order: true }), logger: { stream } },
    );
    const { body } = await prepareOrder(t.app);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [mail] = await findMail(t.database.db, placed.json<{ order_id: string }>().order_id);
    token = mail!.link_token!;
  });
  afterAll(() => t.close());

  const status = async (method: 'GET' | 'HEAD' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode;

  it('names the route of every order page request, never its token or the token’s hash', async () => {
    // The page, its API, a change refused and one made.
    expect(await status('GET', `/order/${token}`)).toBe(200);
    expect(await status('HEAD', `/order/${token}?from=mail`)).toBe(200);
    expect(await status('GET', `/api/v1/public/orders/${token}`)).toBe(200);
    expect(await status('POST', `/api/v1/public/orders/${token}/reschedule`, {})).toBe(400);
    expect(await status('POST', `/api/v1/public/orders/${token}/cancel`)).toBe(200);
    // A token that opens nothing, until its budget is spent (429 before the handler).
    const misses = [];
    for (let i = 0; i < 4; i++) misses.push(await status('GET', `/api/v1/public/orders/${wrong}`));
    expect(misses).toEqual([404, 404, 429, 429]);
    // Paths no route matches, holding the token: the API's JSON 404 and the wizard's page.
    expect(await status('GET', `/api/v1/public/orders/${token}/receipt`)).toBe(404);
    expect(await status('GET', `/order/${token}/`)).toBe(200);
    // The working token over the page's own budget: refused before its route's handler.
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await status('GET', `/api/v1/public/orders/${token}`));
    expect(answers).toContain(429);

    const log = lines.join('');
    for (const secret of [token, hashOrderToken(token), wrong, hashOrderToken(wrong)])
      expect(log).not.toContain(secret);
    const urls = new Set(lines.map((line) => JSON.parse(line).req?.url).filter(Boolean));
    expect([...urls].sort()).toEqual(
      expect.arrayContaining([
        '/order/[token]',
        '/api/v1/public/orders/[token]',
        '/api/v1/public/orders/[token]/reschedule',
        '/api/v1/public/orders/[token]/cancel',
        // Unmatched: the app's own words kept, every other segment hidden.
        '/api/v1/public/orders/[...]/[...]',
        '/order/[...]/',
      ]),
    );
  });

  it('hides codes and emails in the path, and keeps the values a route declares safe', async () => {
    const code = 'JANE-CITIZEN-FRIEND';
    const email = 'jane.operator@example.com';
    await status('GET', `/api/v1/demo/coupon/${code}`);
    await status('GET', `/api/v1/demo/referral/${code}`);
    await status('POST', `/admin/api/operators/${encodeURIComponent(email)}/unlock`);
    await status('GET', '/api/v1/demo/bookings/NT?from=2026-01-01T00:00:00%2B09:30');
    const log = lines.join('');
    for (const secret of [code, email, encodeURIComponent(email), 'jane']) {
      expect(log.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(log).toContain('"url":"/api/v1/demo/coupon/[code]"');
    expect(log).toContain('"url":"/api/v1/demo/referral/[code]"');
    expect(log).toContain('"url":"/admin/api/operators/[email]/unlock"');
    // The provider's code and a state name no one: kept, as the routes declare.
    expect(log).toContain('"url":"/api/v1/demo/bookings/NT"');
  });
});
