import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { signedInAs, type TestSession } from '../test-support/operators.ts';

// docs/rules/funnel.md: the wizard's reports of the steps reached, counted once per tab and step
// on the UTC day, per building and campaign, and the console's funnel and its CSV.

const url = '/api/v1/public/funnel';

describe.each(engines())('the funnel on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: true });
    t.clock.now = new Date('2027-03-10T13:59:00Z');
  });
  afterAll(() => t.close());

  // The tests move the clock past sessions' ends: a new session after each move.
  let session: { at: number; signedIn: TestSession } | undefined;
  const viewer = async () => {
    if (session?.at !== t.clock.now.getTime())
      session = { at: t.clock.now.getTime(), signedIn: await signedInAs(t, 'viewer') };
    return session.signedIn;
  };
  const report = (payload: object, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url, payload, ...(remoteAddress ? { remoteAddress } : {}) });
  const funnel = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/api/funnel?${query}`,
      headers: (await viewer()).headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ steps: { step: string; arrivals: number; dropOff: number | null }[] }>();
  };
  const arrivals = async (query: string) =>
    Object.fromEntries(
      (await funnel(query)).steps.filter((s) => s.arrivals > 0).map((s) => [s.step, s.arrivals]),
    );

  it('counts a tab at a step once, however often it reports it, per UTC day, building and campaign', async () => {
    const tabs = [randomUUID(), randomUUID(), randomUUID()];
    for (const tab of tabs)
      expect((await report({ step: 'Check Address', tab })).statusCode).toBe(204);
    // Sent again (a reload, Back and Forward): nothing more; the id's case does not matter.
    expect((await report({ step: 'Check Address', tab: tabs[0]!.toUpperCase() })).statusCode).toBe(
      204,
    );
    for (const tab of tabs.slice(0, 2))
      await report({ step: 'Build your plan', tab, building: 'G1A2B3', campaign: 'MOVEIN' });
    await report({ step: 'Build your plan', tab: tabs[0], building: 'G1A2B3', campaign: 'MOVEIN' });
    // The building's code in any case.
    await report({ step: 'Contact info', tab: tabs[0], building: 'g1a2b3', campaign: 'MOVEIN' });
    // 14:00 UTC is the next day in Sydney, but the same UTC day.
    t.clock.advance(2 * 60_000);
    await report({ step: 'Contact info', tab: tabs[1], building: 'G5E6F7' });
    // The next UTC day.
    t.clock.now = new Date('2027-03-11T00:00:00Z');
    await report({ step: 'Check Address', tab: randomUUID() });

    expect(await arrivals('from=2027-03-10&to=2027-03-10')).toEqual({
      'Check Address': 3,
      'Build your plan': 2,
      'Contact info': 2,
    });
    expect((await funnel('from=2027-03-10&to=2027-03-10')).steps).toEqual([
      { step: 'Check Address', arrivals: 3, dropOff: null },
      { step: 'Build your plan', arrivals: 2, dropOff: 33.3 },
      { step: 'Contact info', arrivals: 2, dropOff: 0 },
      { step: 'Connection details', arrivals: 0, dropOff: 100 },
      { step: 'Installation', arrivals: 0, dropOff: null },
      { step: 'Payment', arrivals: 0, dropOff: null },
      { step: 'Confirm order', arrivals: 0, dropOff: null },
      { step: 'Paid', arrivals: 0, dropOff: null },
    ]);
    expect(await arrivals('from=2027-03-10&to=2027-03-11')).toEqual({
      'Check Address': 4,
      'Build your plan': 2,
      'Contact info': 2,
    });
    expect(await arrivals('from=2027-03-11&to=2027-03-11')).toEqual({ 'Check Address': 1 });
    expect(await arrivals('from=2027-03-10&to=2027-03-11&building=G1A2B3')).toEqual({
      'Build your plan': 2,
      'Contact info': 1,
    });
    expect(await arrivals('from=2027-03-10&to=2027-03-11&campaign=MOVEIN')).toEqual({
      'Build your plan': 2,
      'Contact info': 1,
    });
    expect(await arrivals('from=2027-03-09&to=2027-03-09')).toEqual({});
    // Without an offer from the visitor, the building's running campaign (the server's to know).
    expect(await arrivals('from=2027-03-10&to=2027-03-10&campaign=adelaide-launch')).toEqual({
      'Contact info': 1,
    });
    expect(await arrivals('from=2027-03-10&to=2027-03-10&building=G5E6F7')).toEqual({
      'Contact info': 1,
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/admin/api/funnel.csv?from=2027-03-10&to=2027-03-10',
      headers: (await viewer()).headers(),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="funnel-2027-03-10-2027-03-10.csv"',
    );
    expect(csv.body).toBe(
      [
        'step,arrivals,drop_off_percent',
        'Check Address,3,',
        'Build your plan,2,33.3',
        'Contact info,2,0',
        'Connection details,0,100',
        'Installation,0,',
        'Payment,0,',
        'Confirm order,0,',
        'Paid,0,',
        '',
      ].join('\r\n'),
    );
  });

  it('counts a catalogue campaign and a referral campaign', async () => {
    t.clock.now = new Date('2027-04-01T10:00:00Z');
    // Each tab at the first step first: a step counts only after the one before it.
    const [launch, referred] = [randomUUID(), randomUUID()];
    for (const tab of [launch, referred]) await report({ step: 'Check Address', tab });
    expect(
      (await report({ step: 'Build your plan', tab: launch, campaign: 'adelaide-launch' }))
        .statusCode,
    ).toBe(204);
    const referral = await report({
      step: 'Build your plan',
      tab: referred,
      campaign: 'REFERRAL',
    });
    expect(await arrivals('from=2027-04-01&to=2027-04-01&campaign=adelaide-launch')).toEqual({
      'Build your plan': 1,
    });
    expect(referral.statusCode).toBe(204);
    expect(await arrivals('from=2027-04-01&to=2027-04-01&campaign=REFERRAL')).toEqual({
      'Build your plan': 1,
    });
  });

  it("counts a step only after the same tab's step before it: 'Paid' alone counts nothing", async () => {
    t.clock.now = new Date('2027-04-03T10:00:00Z');
    const day = 'from=2027-04-03&to=2027-04-03';
    // 'Paid' from a tab never seen, and a later step with no step before it: 204, nothing counted.
    expect((await report({ step: 'Paid', tab: randomUUID() })).statusCode).toBe(204);
    expect((await report({ step: 'Payment', tab: randomUUID() })).statusCode).toBe(204);
    expect(await arrivals(day)).toEqual({});
    // Another tab's earlier steps do not count for this one.
    const first = randomUUID();
    const second = randomUUID();
    await report({ step: 'Check Address', tab: first });
    await report({ step: 'Build your plan', tab: second });
    await report({ step: 'Contact info', tab: first });
    expect(await arrivals(day)).toEqual({ 'Check Address': 1 });
    // In the wizard's order, every step counts, 'Paid' last.
    const steps = (await funnel(day)).steps.map((s) => s.step);
    for (const step of steps) expect((await report({ step, tab: second })).statusCode).toBe(204);
    expect(await arrivals(day)).toEqual(
      Object.fromEntries(steps.map((step) => [step, step === 'Check Address' ? 2 : 1])),
    );
  });

  it("bounds a tab's events: one row per step, however many reports it sends", async () => {
    t.clock.now = new Date('2027-04-04T10:00:00Z');
    const day = 'from=2027-04-04&to=2027-04-04';
    const tab = randomUUID();
    const steps = (await funnel(day)).steps.map((s) => s.step);
    // 200 reports in a scrambled order, each step many times, from addresses the limit allows.
    for (let i = 0; i < 200; i++) {
      const step = steps[(i * 5 + Math.floor(i / 8)) % steps.length]!;
      const res = await report({ step, tab }, `198.51.100.${i % 50}`);
      expect(res.statusCode).toBe(204);
    }
    const marks = await t.database.db
      .selectFrom('funnel_tabs')
      .select(['step'])
      .where('tab_id', '=', tab)
      .execute();
    expect(marks.length).toBeLessThanOrEqual(steps.length);
    expect(new Set(marks.map((m) => m.step)).size).toBe(marks.length);
    const counted = await arrivals(day);
    for (const n of Object.values(counted)) expect(n).toBe(1);
    expect(Object.keys(counted).length).toBe(marks.length);
  });

  it('takes an empty building or campaign as none', async () => {
    t.clock.now = new Date('2027-04-02T10:00:00Z');
    const res = await report({
      step: 'Check Address',
      tab: randomUUID(),
      building: '',
      campaign: '',
    });
    expect(res.statusCode).toBe(204);
    expect(await arrivals('from=2027-04-02&to=2027-04-02')).toEqual({ 'Check Address': 1 });
  });

  it.each([
    ['an unknown step', { step: 'checkout' }, 'step', 'must be a step of the funnel'],
    [
      'a tab id that is not random',
      { tab: 'jane@example.com' },
      'tab',
      'must be a random id (a UUID)',
    ],
    ['no tab id', { tab: undefined }, 'tab', undefined],
    ['an email', { email: 'jane@example.com' }, '_', undefined],
    ['an address', { formatted_address: '10 Smith Street, Darwin City NT 0800' }, '_', undefined],
    [
      'a building that is not a code',
      { building: '10 Smith St' },
      'building',
      'must be a building code',
    ],
    [
      'an unknown building',
      { building: 'NOPE1' },
      'building',
      'is not a building of the catalogue',
    ],
    ['an unknown campaign', { campaign: 'NOPE' }, 'campaign', 'is not a campaign of the catalogue'],
  ])('refuses %s with 400 and counts nothing', async (_, change, field, message) => {
    t.clock.now = new Date('2027-05-01T10:00:00Z');
    const res = await report({ step: 'Check Address', tab: randomUUID(), ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; fields?: Record<string, string> }>();
    expect(body.error).toBe('invalid_input');
    if (field !== '_') expect(Object.keys(body.fields ?? {})).toContain(field);
    if (message) expect(body.fields?.[field]).toBe(message);
    expect(await arrivals('from=2027-05-01&to=2027-05-01')).toEqual({});
  });

  it('refuses a body over 1 KB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ step: 'Check Address', tab: randomUUID(), pad: 'x'.repeat(1100) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it.each([
    ['no period', ''],
    ['to before from', 'from=2027-03-10&to=2027-03-09'],
    ['a period over 366 days', 'from=2026-01-01&to=2027-01-02'],
    ['a date that is not one', 'from=2027-02-30&to=2027-03-01'],
  ])('the console refuses %s with 400', async (_, query) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/api/funnel?${query}`,
      headers: (await viewer()).headers(),
    });
    expect(res.statusCode).toBe(400);
  });

  it('is for signed-in operators only', async () => {
    for (const path of ['/admin/api/funnel', '/admin/api/funnel.csv']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${path}?from=2027-03-10&to=2027-03-10`,
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe.each(engines())('the funnel reports limit on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { FUNNEL_REPORTS_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('refuses the fourth report a minute from one address with 429', async () => {
    const tab = randomUUID();
    const send = (step: string, remoteAddress = '192.0.2.40') =>
      t.app.inject({ method: 'POST', url, payload: { step, tab }, remoteAddress });
    for (const step of ['Check Address', 'Build your plan', 'Contact info'])
      expect((await send(step)).statusCode).toBe(204);
    const refused = await send('Connection details');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many funnel reports from this address: please wait a minute and try again',
    });
    expect((await send('Connection details', '192.0.2.41')).statusCode).toBe(204);
  });
});
