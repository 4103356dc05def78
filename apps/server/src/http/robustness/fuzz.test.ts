import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../../test-support/app.ts';
import { freeSlots, prepareOrder } from '../../test-support/order.ts';
import {
  hostileValue,
  hostileValues,
  nestedJson,
  operations,
  setAt,
  toUrlPart,
  type Operation,
} from './test-fuzz-input.ts';

/*
 * Every field of every endpoint the OpenAPI document describes (GET /api/docs, so a new endpoint
 * is covered as soon as it is documented), one field at a time, gets generated hostile values:
 * control characters, lone surrogates, overlong and whitespace-only text, wrong types, deep
 * nesting, dates out of range. Each answer must be JSON with an `error` when it is not a 2xx
 * (a value may happen to be valid), never a 5xx; the server must be healthy after
 * (docs/rules/api.md, docs/decisions/008-server-input.md). A fixed seed makes every run the same.
 */
const SEED = 20261123;
/** Generated values per field, on top of the fixed list. */
const VALUES_PER_FIELD = 6;

interface Answer {
  request: string;
  status: number;
  body: string;
}

describe.each(engines())('generated hostile input on %s', (engine) => {
  let t: TestApp;
  let ops: Operation[];
  /** Valid values to start from, so each request differs from a good one in one field. */
  const examples: Record<string, unknown> = {};

  beforeAll(async () => {
    t = await startTestApp(engine);
    ops = operations((await t.app.inject({ method: 'GET', url: '/api/docs' })).json());
    const [slot] = await freeSlots(t.app, 'NSW');
    const { body } = await prepareOrder(t.app, { slotIndex: 1 });
    Object.assign(examples, {
      '/api/v1/{provider}/reservations': {
        booking_id: slot!.booking_id,
        start: slot!.start,
        end: slot!.end,
      },
      '/api/v1/{provider}/install': body,
      '/api/v1/public/leads': {
        firstName: 'Jane',
        lastName: 'Citizen',
        email: 'jane@example.com',
        formatted_address: '12 Cavenagh Street, Darwin City NT 0800',
      },
      '/api/v1/test-vault/tokens': {
        number: '4111 1111 1111 1111',
        expiry_month: 12,
        expiry_year: 2030,
        cvv: '123',
        name: 'Jane Citizen',
      },
      '/api/v1/test-vault/bank-accounts': {
        account_name: 'Jane Citizen',
        bsb: '000-000',
        account_number: '000123456',
      },
      '/api/v1/{provider}/coupon': { coupon_id: 'SUMMER20', plan_ids: [] },
      '/api/v1/public/address-lookup': {
        formatted_address: '100 Harris Street, Pyrmont NSW 2009',
      },
      '/portal/api/v1/buildings/search': { address: '100 Harris Street, Pyrmont NSW 2009' },
    });
  }, 60_000);
  afterAll(() => t.close());

  it('covers the documented endpoints', () => {
    expect(ops.length).toBeGreaterThanOrEqual(17);
  });

  it('answers every hostile field with a 4xx JSON error, and stays healthy', async () => {
    const now = new Date();
    const from = new Date(now.getTime() + 86_400_000).toISOString();
    const to = new Date(now.getTime() + 30 * 86_400_000).toISOString();
    const pathExamples: Record<string, string> = {
      provider: 'demo',
      state: 'NSW',
      code: 'SUMMER20',
      id: 'G1A2B3',
      reservation_id: 'no-such-reservation',
    };
    const queryExamples: Record<string, string> = {
      from,
      to,
      q: 'harris',
      'building-code': 'G1A2B3',
    };
    const bad: Answer[] = [];
    let sent = 0;
    let key = 0;

    const send = async (
      op: Operation,
      params: Record<string, string>,
      query: Record<string, string>,
      body: unknown,
      raw?: string,
    ) => {
      const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? 'x');
      const search = Object.entries(query)
        .map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
        .join('&');
      const url = search ? `${path}?${search}` : path;
      const payload = raw ?? (op.method === 'get' || op.method === 'delete' ? undefined : body);
      const res = await t.app.inject({
        method: op.method.toUpperCase() as 'GET',
        url,
        headers: {
          'idempotency-key': `fuzz-${engine}-${(key += 1)}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined
          ? {}
          : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      });
      sent += 1;
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      let shaped = false;
      try {
        const json = res.json();
        shaped = typeof json.error === 'string' && typeof json.message === 'string';
      } catch {
        shaped = false;
      }
      if (!ok && (res.statusCode < 400 || res.statusCode >= 500 || !shaped)) {
        bad.push({
          request: `${op.method.toUpperCase()} ${url.slice(0, 120)} ${String(raw ?? JSON.stringify(body) ?? '').slice(0, 200)}`,
          status: res.statusCode,
          body: res.body.slice(0, 200),
        });
      }
    };

    let run = 0;
    for (const op of ops) {
      const params = Object.fromEntries(op.pathParams.map((p) => [p, pathExamples[p] ?? 'x']));
      const query = Object.fromEntries(
        op.queryParams.map((q) => [q, encodeURIComponent(queryExamples[q] ?? 'x')]),
      );
      const example = examples[op.path] ?? {};
      const values = () => [
        ...hostileValues,
        ...fc.sample(hostileValue, { numRuns: VALUES_PER_FIELD, seed: SEED + (run += 1) }),
      ];

      // A query parameter nobody documented: it still passes the input guard.
      for (const value of values())
        await send(op, params, { ...query, unknown: toUrlPart(value) }, example);
      for (const name of op.pathParams)
        for (const value of values())
          await send(op, { ...params, [name]: toUrlPart(value) }, query, example);
      for (const name of op.queryParams)
        for (const value of values())
          await send(op, params, { ...query, [name]: toUrlPart(value) }, example);
      for (const field of op.bodyFields)
        for (const value of values()) await send(op, params, query, setAt(example, field, value));
      if (op.bodyFields.length > 0) {
        // The whole body: not an object, nested far too deep, nested beyond any stack.
        for (const body of ['[]', '"text"', '42', 'null', nestedJson(40), nestedJson(8000)])
          await send(op, params, query, undefined, body);
      }
    }

    expect(sent).toBeGreaterThan(300);
    expect(bad).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  }, 120_000);
});
