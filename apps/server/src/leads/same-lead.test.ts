import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';

// docs/decisions/010-limits.md: the same lead sent again within a day is stored once, and answers
// as the first did (201 with its id). "The same": every field equal but for case, extra white
// space and the mobile's form.

const lead = {
  firstName: 'Jane',
  lastName: 'Citizen',
  email: 'jane@example.com',
  phone: '0412345678',
  formatted_address: '10 Smith Street, Darwin City NT 0800',
  message: 'Please let me know when you get here',
};

describe.each(engines())('the same lead on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
  });
  afterAll(() => t.close());

  const send = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/public/leads', payload: body });
  const stored = (email: string) =>
    t.database.db.selectFrom('leads').select('id').where('email', 'ilike', email).execute();

  it('sent 50 times, 10 at once, is stored once and each answer names it', async () => {
    const body = { ...lead, email: 'fifty@example.com' };
    const answers = [];
    for (let round = 0; round < 5; round++) {
      answers.push(...(await Promise.all(Array.from({ length: 10 }, () => send(body)))));
    }
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const rows = await stored('fifty@example.com');
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((r) => r.json().id))).toEqual(new Set([rows[0]!.id]));
  });

  it.each([
    [
      'names and email in other case',
      { firstName: 'JANE', lastName: 'citizen', email: 'SAME1@Example.com' },
    ],
    [
      'extra white space',
      {
        firstName: ' Jane ',
        formatted_address: '10  Smith Street,  Darwin City NT 0800',
        email: 'same1@example.com',
      },
    ],
    ['the mobile as +61', { phone: '+61412345678', email: 'same1@example.com' }],
    [
      'the message in other case',
      { message: 'please let me know when you get HERE', email: 'same1@example.com' },
    ],
  ])('with %s is the same lead', async (_, change) => {
    const first = await send({ ...lead, email: 'same1@example.com' });
    const again = await send({ ...lead, ...change });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await stored('same1@example.com')).toHaveLength(1);
  });

  it.each([
    ['another address', { formatted_address: '12 Smith Street, Darwin City NT 0800' }],
    ['another message', { message: 'Also interested in a static IP' }],
    ['no message', { message: undefined }],
    ['another mobile', { phone: '0412345679' }],
    ['another last name', { lastName: 'Citizens' }],
  ])('with %s is a new lead', async (_, change) => {
    const email = `new-${Math.random().toString(36).slice(2)}@example.com`;
    const first = await send({ ...lead, email });
    const other = await send({ ...lead, email, ...change });
    expect(other.statusCode).toBe(201);
    expect(other.json().id).not.toBe(first.json().id);
    expect(await stored(email)).toHaveLength(2);
  });

  it('sent again a day later is stored again', async () => {
    const body = { ...lead, email: 'tomorrow@example.com' };
    const first = await send(body);
    t.clock.advance(23 * 60 * 60 * 1000);
    expect((await send(body)).json().id).toBe(first.json().id);
    t.clock.advance(60 * 60 * 1000);
    const later = await send(body);
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
    expect(await stored('tomorrow@example.com')).toHaveLength(2);
    // And the day counts again from the one stored last.
    expect((await send(body)).json().id).toBe(later.json().id);
  });
});
