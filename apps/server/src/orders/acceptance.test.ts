import type { InstallBody } from '@fibre/domain/install';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, importTestCatalogue, startTestApp, type TestApp } from '../test-support/app.ts';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';
import { prepareOrder } from '../test-support/order.ts';
import { hashPassword } from '../operators/passwords.ts';
import { insertOperator } from '../operators/repository/operators.ts';

// docs/rules/documents-and-consent.md: each order keeps what the visitor was shown and agreed to,
// built by the server from the catalogue served and the body's ticks.

const PASSWORD = 'a long enough password';
const TERMS = 'https://demofibre.example/legal/standard-form-of-agreement';
const DEMO_NOTICE_START = 'Demo Fibre collects your name, email address and mobile number';

describe.each(engines())('the acceptance record on %s', (engine) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
    await insertOperator(t.database.db, {
      id: 'viewer',
      email: 'viewer@example.com',
      role: 'viewer',
      password_hash: await hashPassword(PASSWORD),
      created_at: t.clock.now,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: 'viewer@example.com', password: PASSWORD },
    });
    cookie = `fibre_operator=${res.cookies.find((c) => c.name === 'fibre_operator')!.value}`;
  });
  afterAll(() => t.close());

  const install = (body: unknown, remoteAddress = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body as object,
      remoteAddress,
    });
  const stored = (id: string) =>
    t.database.db
      .selectFrom('orders')
      .select(['acceptance', 'client_address'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it("keeps the catalogue's documents and versions, each box's words, the marketing choice, the time and the client address", async () => {
    const { body } = await prepareOrder(t.app, { marketing: true, slotIndex: 0 }, t.clock.now);
    const res = await install(body);
    expect(res.statusCode, res.body).toBe(201);
    const row = await stored(res.json().order_id);
    expect(row.client_address).toBe('203.0.113.7');
    expect(row.acceptance).toEqual({
      schema: 1,
      acceptedAt: t.clock.now.toISOString(),
      catalogueVersion: 1,
      documents: [
        {
          kind: 'terms',
          title: 'Standard Form of Agreement',
          url: TERMS,
          version: '2026-07',
          sha256: '4f1c6f0a5d8e1b2c3a4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3',
        },
        {
          kind: 'privacy',
          title: 'Privacy policy',
          url: 'https://demofibre.example/legal/privacy',
          version: '2026-03',
          sha256: null,
        },
        {
          kind: 'cis',
          title: 'Critical Information Summary: Boost 100',
          url: 'https://demofibre.example/cis/boost-100.pdf',
          version: '2026-07',
          sha256: null,
        },
      ],
      // Boost 100 $79 + Wi-Fi 6 Router $10.
      agreements: [
        { box: 'monthly_charge', words: 'I agree to a monthly charge of $89' },
        { box: 'terms', words: 'I have read and agree to the terms and conditions of my plan' },
      ],
      collectionNotice: expect.stringContaining(DEMO_NOTICE_START),
      marketing: { agreed: true, words: 'Send me news and offers by email' },
      otherCharges: [
        {
          name: 'Missed appointment fee',
          amount: 99,
          when: 'if nobody is home for the booked installation window',
        },
        {
          name: 'Early cancellation fee',
          amount: 150,
          when: 'if the order is cancelled after the installer is on the way',
        },
      ],
    });
  });

  it('records the new development charge box for a greenfield building, and marketing not agreed', async () => {
    const { body } = await prepareOrder(t.app, { code: 'G4D5E6', slotIndex: 1 }, t.clock.now);
    const res = await install(body);
    expect(res.statusCode, res.body).toBe(201);
    const { acceptance } = await stored(res.json().order_id);
    expect(acceptance).toMatchObject({
      agreements: [
        { box: 'monthly_charge' },
        { box: 'new_development_charge', words: 'I agree to the New Development Charge of $300' },
        { box: 'terms' },
      ],
      marketing: { agreed: false, words: 'Send me news and offers by email' },
    });
  });

  it('takes no words, versions or documents from the body', async () => {
    const { body } = await prepareOrder(t.app, { slotIndex: 2 }, t.clock.now);
    // Keys the install does not know are dropped: the record is still the catalogue's.
    const forged = {
      ...body,
      acceptance: { documents: [{ kind: 'terms', version: '1999-01' }] },
      terms_version: '1999-01',
      marketing_words: 'Forged words',
    } as unknown as InstallBody;
    const res = await install(forged);
    expect(res.statusCode, res.body).toBe(201);
    const { acceptance } = await stored(res.json().order_id);
    expect(JSON.stringify(acceptance)).not.toMatch(/1999|Forged/);
    expect(acceptance).toMatchObject({
      documents: [{ kind: 'terms', version: '2026-07' }, { kind: 'privacy' }, { kind: 'cis' }],
    });
    // A named field the install does not know is refused, not recorded.
    const { body: named } = await prepareOrder(t.app, { slotIndex: 7 }, t.clock.now);
    const withField = {
      ...named,
      arrivy_booking: {
        ...named.arrivy_booking,
        template_extra_fields: [
          ...named.arrivy_booking.template_extra_fields,
          { name: 'Terms Version', value: '1999-01' },
        ],
      },
    };
    expect((await install(withField)).statusCode).toBe(400);
    // A forged "NO" to the terms is refused: no order without them.
    const { body: unticked } = await prepareOrder(t.app, { slotIndex: 3 }, t.clock.now);
    const noTerms = {
      ...unticked,
      arrivy_booking: {
        ...unticked.arrivy_booking,
        template_extra_fields: unticked.arrivy_booking.template_extra_fields.map((f) =>
          f.name === 'I Agree to the Terms and Conditions' ? { ...f, value: 'NO' } : f,
        ),
      },
    };
    expect((await install(noTerms)).statusCode).toBe(400);
  });

  it('leaves earlier orders with the terms version they accepted when the catalogue changes', async () => {
    const before = await prepareOrder(t.app, { slotIndex: 4 }, t.clock.now);
    const placed = await install(before.body);
    expect(placed.statusCode, placed.body).toBe(201);

    const changed = demoCatalogue();
    changed.documents!.terms = {
      title: 'Standard Form of Agreement',
      url: `${TERMS}?v=2027-01`,
      version: '2027-01',
    };
    await importTestCatalogue(t.database, changed);

    const after = await prepareOrder(t.app, { slotIndex: 5 }, t.clock.now);
    const placedAfter = await install(after.body);
    expect(placedAfter.statusCode, placedAfter.body).toBe(201);
    const earlier = await stored(placed.json().order_id);
    const later = await stored(placedAfter.json().order_id);
    expect(earlier.acceptance).toMatchObject({
      catalogueVersion: 1,
      documents: [{ kind: 'terms', version: '2026-07', url: TERMS }, {}, {}],
    });
    expect(later.acceptance).toMatchObject({
      catalogueVersion: 2,
      documents: [
        { kind: 'terms', version: '2027-01', url: `${TERMS}?v=2027-01`, sha256: null },
        {},
        {},
      ],
    });
  });

  it("shows the record and the client address on the console's order page", async () => {
    const { body } = await prepareOrder(t.app, { slotIndex: 6 }, t.clock.now);
    const placed = await install(body, '2001:db8::42');
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/api/orders/${placed.json().order_id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      clientAddress: '2001:db8::42',
      acceptance: {
        documents: expect.arrayContaining([expect.objectContaining({ kind: 'terms' })]),
        marketing: { agreed: false },
      },
    });
  });
});
