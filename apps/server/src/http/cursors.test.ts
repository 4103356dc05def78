import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../operators/api-keys.ts';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';

// docs/decisions/008-server-input.md: a list's cursor comes back from the client, so a crafted one
// (NUL in the id, a time PostgreSQL cannot hold, not base64 JSON) is a 400 naming `cursor`, never
// a 500 (docs/rules/operator-console.md#reading).

const encode = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');

const pageLists = [
  '/admin/api/webhooks/deliveries',
  '/admin/api/orders',
  '/admin/api/leads',
  '/admin/api/mail',
];
const changeLists = ['/admin/api/orders/changes', '/admin/api/leads/changes'];

const pageCursors: Record<string, string> = {
  'a NUL in the id': encode(['2026-01-01T00:00:00.000Z', 'ord\u0000x']),
  'a control character in the id': encode(['2026-01-01T00:00:00.000Z', 'a\u001bb']),
  'a lone surrogate in the id': encode(['2026-01-01T00:00:00.000Z', '\ud800']),
  'a year-200000 date': encode(['+200000-01-01T00:00:00.000Z', 'x']),
  'a date before 1970': encode(['-000001-01-01T00:00:00.000Z', 'x']),
  'a number for a date': encode([1e20, 'x']),
  'an id too long': encode(['2026-01-01T00:00:00.000Z', 'x'.repeat(150)]),
  'garbage base64': '!!!not-base64***',
  'base64 of no JSON': Buffer.from('nope').toString('base64url'),
  'three parts': encode(['2026-01-01T00:00:00.000Z', 'x', 'y']),
};

const changeCursors: Record<string, string> = {
  'a NUL in the id': encode(['123', 'ord\u0000x']),
  'a transaction beyond xid8': encode(['99999999999999999999', 'x']),
  'a year-200000 date for a transaction': encode(['+200000-01-01T00:00:00.000Z', 'x']),
  'garbage base64': '!!!not-base64***',
  'an object': encode({ xid: '1', id: 'x' }),
};

describe.each(engines())('crafted list cursors on %s', (engine) => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const made = await createApiKey(t.database.db, {
      name: 'cursors',
      role: 'manager',
      by: 'test',
      now: new Date(),
    });
    if ('taken' in made) throw new Error('taken');
    key = made.key;
  });
  afterAll(() => t.close());

  const get = (url: string, cursor: string) =>
    t.app.inject({
      method: 'GET',
      url: `${url}?${new URLSearchParams({ cursor }).toString()}`,
      headers: { authorization: `Bearer ${key}` },
    });

  const cases = (lists: string[], cursors: Record<string, string>) =>
    lists.flatMap((list) =>
      Object.entries(cursors).map(([name, cursor]) => ({ list, name, cursor })),
    );

  it.each([...cases(pageLists, pageCursors), ...cases(changeLists, changeCursors)])(
    '$list refuses $name with 400 naming the cursor',
    async ({ list, cursor }) => {
      const res = await get(list, cursor);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_input',
        fields: { cursor: expect.any(String) },
      });
    },
  );

  it('still follows a cursor the list gave, at the edges PostgreSQL holds', async () => {
    for (const list of pageLists) {
      const res = await get(list, encode(['9999-12-31T23:59:59.999Z', 'zzz']));
      expect(res.statusCode, `${list} ${res.body}`).toBe(200);
    }
    for (const list of changeLists) {
      const res = await get(list, encode(['18446744073709551615', 'zzz']));
      expect(res.statusCode, `${list} ${res.body}`).toBe(200);
    }
  });
});
