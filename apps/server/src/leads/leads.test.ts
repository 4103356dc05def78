import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';

describe.each(engines())('leads on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());
  const lead = {
    firstName: 'jane',
    lastName: 'CITIZEN',
    email: 'jane@example.com',
    phone: '0412345678',
    formatted_address: '10 Smith Street, Darwin City NT 0800',
  };

  it('records a lead with capitalised names and a +61 mobile', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/public/leads', payload: lead });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const row = await t.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      first_name: 'Jane',
      last_name: 'Citizen',
      phone: '+61412345678',
      formatted_address: lead.formatted_address,
    });
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ email: 'nope' }, 'email', 'Please enter correct email address e.g. name@example.com'],
    [{ phone: '123' }, 'phone', 'Please enter your mobile number as 04123456789 or +61412345678'],
  ])('answers 400 naming the field for %j', async (change, field, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      payload: { ...lead, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_input', fields: { [field]: message } });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
  });
});
