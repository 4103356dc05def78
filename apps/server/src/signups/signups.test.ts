import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { finishLaterMessages } from '@fibre/domain/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { hashOrderToken } from '../mail/order-link.ts';
import { unsubscribeTokenOf } from '../mail/signup-links.ts';
import { findMail } from '../mail/repository.ts';
import {
  eventually,
  engines,
  startAppOn,
  startTestApp,
  type TestApp,
} from '../test-support/app.ts';
import { freeSlots, prepareOrder } from '../test-support/order.ts';
import {
  smtpEnv,
  startSmtpReceiver,
  type SmtpReceiver,
} from '../test-support/stand-ins/smtp-receiver.ts';

/*
 * docs/rules/mail.md, "Finish later" and "The reminder to finish": the sign-up saved with a link
 * mailed through the outbox; the link, stored hashed, opens it once until it expires, without card
 * data, with the hold only while it holds; one reminder after the delay for those who asked, never
 * after they order or unsubscribe, once however many instances sweep.
 */

const PUBLIC_URL = 'https://signup.example.com';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const REMINDER_ON = { PUBLIC_URL, ABANDONED_REMINDER: 'on' };

/** The wizard's serialised state on the payment step, as persistence.ts writes it. */
function snapshot(email = 'jane@example.com', extra: Record<string, unknown> = {}) {
  return {
    version: 3,
    state: {
      step: 'payment' as string | number,
      address: { input: '1 George St, Sydney NSW 2000', value: null, dialogOpen: false },
      plans: { filter: 'all', selectedId: 'boost-100' },
      routers: { selectedId: 'wifi-6' },
      signup: {
        addOns: ['static-ip'],
        contact: { firstName: 'Jane', lastName: 'Citizen', email, confirmEmail: email },
        connectionConfirmed: true,
        cardToken: 'tok_secret',
        acceptances: { monthlyCharge: true, terms: true, marketing: true },
        idempotencyKey: 'key-1',
        placed: null,
        paymentMethod: 'card',
      },
      reservations: {
        reservation: { reservation_id: 'r-unknown', event_id: 'e', expires_at: '2030-01-01' },
        slot: null,
        lost: false,
        booked: false,
      },
      ...extra,
    },
  };
}

const save = (app: FastifyInstance, body: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/demo/signups/finish-later', payload: body, headers });

const resume = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: `/api/v1/public/signups/resume/${token}` });

/** 'Email me a new link' on a used or expired link's page: the token, and no address. */
const newLink = (app: FastifyInstance, token: string, payload: object = {}, from = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/public/signups/new-link/${token}`,
    payload,
    remoteAddress: from,
  });

async function signupMail(t: TestApp, kind = 'signup.link') {
  return (await findMail(t.database.db)).filter((m) => m.kind === kind);
}

/** Saves a sign-up and answers the token its mail carries. */
async function saved(
  t: TestApp,
  email = 'jane@example.com',
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const before = new Set((await signupMail(t)).map((m) => m.id));
  const res = await save(t.app, { snapshot: snapshot(email, extra) }, headers);
  expect(res.statusCode, res.body).toBe(202);
  const added = (await signupMail(t)).filter((m) => !before.has(m.id));
  expect(added).toHaveLength(1);
  return added[0]!.link_token!;
}

describe.each(engines())('finish later on %s', (engine) => {
  let t: TestApp;
  let smtp: SmtpReceiver | undefined;
  afterEach(async () => {
    await t.close();
    await smtp?.close();
    smtp = undefined;
  });

  it('saves the sign-up without card data or the hold, and mails a link stored only hashed', async () => {
    t = await startTestApp(engine, { PUBLIC_URL }, { clock: true });
    const res = await save(t.app, { snapshot: snapshot(), marketing: true });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      email: 'jane@example.com',
      expires_at: new Date(t.clock.now.getTime() + 7 * DAY).toISOString(),
    });
    const [row] = await t.database.db.selectFrom('saved_signups').selectAll().execute();
    const state = row!.snapshot.state as Record<string, Record<string, unknown>>;
    expect(state.signup).toMatchObject({
      cardToken: null,
      acceptances: null,
      idempotencyKey: null,
      addOns: ['static-ip'],
    });
    // A field the wizard does not keep is dropped.
    expect(state.signup).not.toHaveProperty('paymentMethod');
    expect(state.reservations!.reservation).toBeNull();
    // A hold no session of this request holds is not kept.
    expect(row!.reservation_id).toBeNull();
    expect(row!.consent).toEqual({
      words: `${finishLaterMessages.button}. ${finishLaterMessages.notice}`,
      marketing: true,
      at: t.clock.now.toISOString(),
    });
    expect(JSON.stringify(row)).not.toContain('tok_secret');

    const [mail] = await signupMail(t);
    const token = mail!.link_token!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const links = await t.database.db.selectFrom('signup_links').selectAll().execute();
    expect(links.map((l) => l.token_hash)).toEqual([hashOrderToken(token)]);
    expect(mail!.recipient).toBe('jane@example.com');
    expect(mail!.text_body).toContain('%ORDER_LINK%');
    expect(mail!.text_body).toContain('%UNSUBSCRIBE_LINK%');
    // Anyone may type this address: the mail says plainly how it came (docs/rules/mail.md).
    const entered = new Intl.DateTimeFormat('en-AU', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Australia/Sydney',
    }).format(t.clock.now);
    expect(mail!.text_body).toContain(
      `Why you got this email: on ${entered} this email address was entered in Demo Fibre’s online sign-up, and a link to finish it later was asked for. If that wasn’t you, ignore this email: nothing happens unless the link is opened, and we will send at most one reminder, which the unsubscribe link below stops.`,
    );
    expect(mail!.html_body).toContain('Why you got this email:');
  });

  it('sends the link with the provider’s identity and a one-click unsubscribe', async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(engine, { PUBLIC_URL, ...smtpEnv(smtp) });
    const token = await saved(t);
    await t.app.mail.runOnce();
    await eventually(() => smtp!.messages.length > 0);
    const [message] = smtp.messages;
    expect(message!.subject).toBe('Finish your Demo Fibre sign-up');
    // The unsubscribe link has its own token, which opens nothing.
    const unsubscribeToken = unsubscribeTokenOf(token);
    expect(unsubscribeToken).not.toBe(token);
    expect(unsubscribeToken).toMatch(/^[\w-]{43}$/);
    const unsubscribe = `${PUBLIC_URL}/api/v1/public/unsubscribe/${unsubscribeToken}`;
    expect(message!.text).not.toContain(`/unsubscribe/${token}`);
    expect(message!.text).toContain(`${PUBLIC_URL}/resume/${token}`);
    expect(message!.text).toContain(unsubscribe);
    expect(message!.text).toMatch(/Questions\? Call .+ or email .+@/);
    expect(message!.html).toContain(`href="${unsubscribe}"`);
    // The raw line, unfolded (RFC 5322: a long header may go on over lines).
    const header = (key: string) =>
      message!.headerLines.find((h) => h.key === key)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${unsubscribe}>`);
    expect(header('list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    // Sent: the token leaves the outbox.
    const [mail] = await signupMail(t);
    expect(mail!.link_token).toBeNull();
  });

  it('mails one address at most FINISH_LATER_LINKS_PER_HOUR links an hour, from any client address', async () => {
    t = await startTestApp(engine, { PUBLIC_URL, LEADS_PER_MINUTE: '20' }, { clock: true });
    const from = (address: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/signups/finish-later',
        payload: { snapshot: snapshot(email) },
        remoteAddress: address,
      });
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      expect((await from(address, 'jane@example.com')).statusCode).toBe(202);
      t.clock.advance(MINUTE);
    }
    const fourth = await from('203.0.113.4', 'JANE@example.com');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({
      error: 'too_many_links',
      message: finishLaterMessages.tooMany,
    });
    expect(await signupMail(t)).toHaveLength(3);
    expect(await t.database.db.selectFrom('saved_signups').select('id').execute()).toHaveLength(3);
    // Another address is not held back; nor is this one once its first link is an hour old.
    expect((await from('203.0.113.4', 'john@example.com')).statusCode).toBe(202);
    t.clock.advance(HOUR - 3 * MINUTE);
    expect((await from('203.0.113.4', 'jane@example.com')).statusCode).toBe(202);
    expect((await from('203.0.113.5', 'jane@example.com')).statusCode).toBe(429);
  });

  it('refuses a sign-up before the contact step, without an email, with a first name that is not one, too large, or for another provider', async () => {
    t = await startTestApp(engine, { PUBLIC_URL });
    const early = snapshot();
    early.state.step = 'plans';
    expect((await save(t.app, { snapshot: early })).statusCode).toBe(400);
    const noEmail = snapshot('');
    expect((await save(t.app, { snapshot: noEmail })).statusCode).toBe(400);
    const big = snapshot();
    big.state.address.input = 'x'.repeat(40_000);
    expect((await save(t.app, { snapshot: big })).statusCode).toBe(400);
    // The first name goes into the mail: only a name by the contact step's rule, never a message.
    for (const firstName of ['Jane\n\nYour account is locked: https://evil.example', 'J4ne', '']) {
      const hostile = snapshot();
      hostile.state.signup.contact.firstName = firstName;
      const res = await save(t.app, { snapshot: hostile });
      expect(res.statusCode, firstName).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['snapshot.state.signup.contact.firstName']);
      const ticked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/signups/remind-me',
        payload: { snapshot: hostile },
      });
      expect(ticked.statusCode, firstName).toBe(400);
    }
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/other/signups/finish-later',
      payload: { snapshot: snapshot() },
    });
    expect(other.statusCode).toBe(404);
    expect(await signupMail(t)).toEqual([]);
  });

  it('opens once: the state without card data, then a clear refusal; unknown tokens 404', async () => {
    t = await startTestApp(engine, { PUBLIC_URL }, { clock: true });
    const token = await saved(t);
    const first = await resume(t.app, token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json<{
      snapshot: { state: Record<string, Record<string, unknown>> };
      hold_session: unknown;
    }>();
    expect(body.snapshot.state.signup!.cardToken).toBeNull();
    expect(body.snapshot.state.plans!.selectedId).toBe('boost-100');
    // The hold named nothing live: not given back.
    expect(body.snapshot.state.reservations!.reservation).toBeNull();
    expect(body.hold_session).toBeNull();

    const again = await resume(t.app, token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'link_used', message: finishLaterMessages.used });
    const unknown = await resume(t.app, 'nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
  });

  // docs/rules/wizard-flow.md, "Saved steps": version 2 saved the step by its number.
  it('saves a version 2 state (a wizard opened before steps had ids) as version 3, and still refuses one before the contact step', async () => {
    t = await startTestApp(engine, { PUBLIC_URL });
    const old = { ...snapshot(), version: 2 };
    old.state.step = 6;
    expect((await save(t.app, { snapshot: old })).statusCode).toBe(202);
    const [row] = await t.database.db.selectFrom('saved_signups').selectAll().execute();
    expect(row!.snapshot).toMatchObject({ version: 3, state: { step: 'payment' } });
    const early = { ...snapshot('early@example.com'), version: 2 };
    early.state.step = 2;
    expect((await save(t.app, { snapshot: early })).statusCode).toBe(400);
  });

  it('refuses a state whose step does not match its version, or a version it does not know', async () => {
    t = await startTestApp(engine, { PUBLIC_URL });
    const numbered = snapshot('numbered@example.com');
    numbered.state.step = 6;
    const named = { ...snapshot('named@example.com'), version: 2 };
    const unknown = { ...snapshot('unknown@example.com'), version: 4 };
    for (const state of [numbered, named, unknown]) {
      const res = await save(t.app, { snapshot: state });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_input' });
      expect(Object.keys(res.json().fields ?? {})).toEqual([
        state === unknown ? 'snapshot.version' : 'snapshot.state.step',
      ]);
    }
    expect(await t.database.db.selectFrom('saved_signups').selectAll().execute()).toEqual([]);
  });

  it.each([
    [3, 'contact'],
    [4, 'connection'],
    [5, 'installation'],
    [6, 'payment'],
    [7, 'confirmation'],
  ])('a link saved as version 2 on step %i resumes on %s', async (n, id) => {
    t = await startTestApp(engine, { PUBLIC_URL });
    const token = await saved(t);
    // A row written before steps had ids: version 2, the step's number.
    const [row] = await t.database.db.selectFrom('saved_signups').selectAll().execute();
    const state = { ...(row!.snapshot.state as Record<string, unknown>), step: n };
    await t.database.db
      .updateTable('saved_signups')
      .set({ snapshot: JSON.stringify({ version: 2, state }) })
      .execute();
    const res = await resume(t.app, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ snapshot: { version: 3, state: { step: id } } });
  });

  it('expires after FINISH_LATER_DAYS', async () => {
    t = await startTestApp(engine, { PUBLIC_URL, FINISH_LATER_DAYS: '2' }, { clock: true });
    const token = await saved(t);
    t.clock.advance(2 * DAY);
    const res = await resume(t.app, token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'link_expired',
      message: finishLaterMessages.expired,
    });
  });

  it("a used or expired link mails a new one to the sign-up's own address, which the answer never names; only the newest link may ask", async () => {
    t = await startTestApp(engine, { PUBLIC_URL, FINISH_LATER_DAYS: '2' }, { clock: true });
    const token = await saved(t);
    expect((await resume(t.app, token)).statusCode).toBe(200);
    t.clock.advance(HOUR);
    // Whatever the body says, the link goes where the sign-up was saved for.
    const res = await newLink(t.app, token, { email: 'mallory@example.com' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      expires_at: new Date(t.clock.now.getTime() + 2 * DAY).toISOString(),
    });
    expect(res.body).not.toContain('jane');
    const mails = await signupMail(t);
    expect(mails.map((m) => m.recipient)).toEqual(['jane@example.com', 'jane@example.com']);
    const fresh = mails.find((m) => m.link_token !== token)!.link_token!;
    expect(fresh).not.toBe(token);
    // The new link opens the same sign-up, once.
    const opened = await resume(t.app, fresh);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(
      opened.json<{ snapshot: { state: Record<string, Record<string, unknown>> } }>().snapshot.state
        .plans!.selectedId,
    ).toBe('boost-100');
    expect(await t.database.db.selectFrom('saved_signups').select('id').execute()).toHaveLength(1);

    // The old link asks again: a newer one was mailed since, so nothing more is sent.
    const again = await newLink(t.app, token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'link_superseded',
      message: finishLaterMessages.newerLinkSent,
    });
    expect(await signupMail(t)).toHaveLength(2);

    // The newest link, expired, may: its sign-up is kept as long as the link it gets.
    t.clock.advance(3 * DAY);
    expect((await resume(t.app, fresh)).json()).toMatchObject({ error: 'link_expired' });
    const late = await newLink(t.app, fresh);
    expect(late.statusCode, late.body).toBe(202);
    const [row] = await t.database.db.selectFrom('saved_signups').select('expires_at').execute();
    expect(row!.expires_at.toISOString()).toBe(late.json<{ expires_at: string }>().expires_at);
  });

  it("a new link counts against the address's FINISH_LATER_LINKS_PER_HOUR and the client's LEADS_PER_MINUTE; hostile tokens answer 4xx", async () => {
    t = await startTestApp(engine, { PUBLIC_URL, LEADS_PER_MINUTE: '6' }, { clock: true });
    const tokens = [await saved(t), await saved(t), await saved(t)];
    const full = await newLink(t.app, tokens[2]!);
    expect(full.statusCode).toBe(429);
    expect(full.json()).toMatchObject({
      error: 'too_many_links',
      message: finishLaterMessages.tooMany,
    });
    expect(await signupMail(t)).toHaveLength(3);
    // An hour after the first, one more may go.
    t.clock.advance(HOUR + MINUTE);
    expect((await newLink(t.app, tokens[2]!, {}, '203.0.113.9')).statusCode).toBe(202);

    for (const hostile of ['nope', 'A'.repeat(43), '..%2F..%2Fadmin', "x' OR '1'='1"]) {
      const res = await newLink(t.app, hostile, {}, '203.0.113.7');
      expect(res.statusCode, hostile).toBe(404);
      expect(res.json()).toMatchObject({
        error: 'not_found',
        message: finishLaterMessages.notFound,
      });
    }
    // Too long for a path parameter, or not a path at all: refused before any look-up.
    for (const hostile of ['x'.repeat(201), '%00']) {
      const res = await newLink(t.app, hostile, {}, '203.0.113.8');
      expect(res.statusCode, hostile).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, hostile).toBeLessThan(500);
    }
    // One client address's budget, counted with its saves: LEADS_PER_MINUTE calls, then its own
    // words.
    for (let call = 0; call < 6; call++) {
      expect((await newLink(t.app, 'nope', {}, '203.0.113.6')).statusCode).toBe(404);
    }
    const seventh = await newLink(t.app, 'nope', {}, '203.0.113.6');
    expect(seventh.statusCode).toBe(429);
    expect(seventh.json()).toMatchObject({
      error: 'rate_limited',
      message: 'Too many links asked for from this address: please wait a minute and try again',
    });
    expect(await signupMail(t)).toHaveLength(4);
  });

  it('gives the hold back while it holds, with its session; not once it lapsed', async () => {
    t = await startTestApp(engine, { PUBLIC_URL }, { clock: true });
    const [slot] = await freeSlots(t.app, 'NSW', t.clock.now);
    const hold = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/demo/reservations',
        headers: { 'x-hold-session': 'a1b2c3d4-0000-4000-8000-000000000001' },
        payload: { booking_id: slot!.booking_id, start: slot!.start, end: slot!.end },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ reservation_id: string; event_id: string; expires_at: string }>();
    };
    const held = await hold();
    const withHold = (r: object) => ({
      reservations: { reservation: r, slot: null, lost: false, booked: false },
    });
    const session = { 'x-hold-session': 'a1b2c3d4-0000-4000-8000-000000000001' };
    const token = await saved(t, 'jane@example.com', withHold(held), session);
    const res = await resume(t.app, token);
    const body = res.json<{
      snapshot: { state: Record<string, Record<string, unknown>> };
      hold_session: unknown;
    }>();
    expect(body.snapshot.state.reservations!.reservation).toEqual(held);
    expect(body.hold_session).toBe('a1b2c3d4-0000-4000-8000-000000000001');

    const lapsing = await saved(t, 'jane@example.com', withHold(held), session);
    t.clock.now = new Date(new Date(held.expires_at).getTime() + 1000);
    const lateRes = await resume(t.app, lapsing);
    expect(lateRes.statusCode, lateRes.body).toBe(200);
    const late = lateRes.json<{
      snapshot: { state: Record<string, Record<string, unknown>> };
    }>();
    expect(late.snapshot.state.reservations!.reservation).toBeNull();
  });

  it('unsubscribes in one click: a GET only asks, a form POST without cookies does it', async () => {
    t = await startTestApp(engine, { PUBLIC_URL });
    const token = await saved(t);
    const url = `/api/v1/public/unsubscribe/${unsubscribeTokenOf(token)}`;
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post">');
    const unsubscribed = async () =>
      (await t.database.db.selectFrom('saved_signups').select('unsubscribed_at').execute()).map(
        (r) => r.unsubscribed_at !== null,
      );
    expect(await unsubscribed()).toEqual([false]);
    const post = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.body).toContain(finishLaterMessages.unsubscribedHeading);
    expect(await unsubscribed()).toEqual([true]);
    // Again is harmless; an unknown token 404s; a form elsewhere is still refused.
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(200);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/public/unsubscribe/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: finishLaterMessages.notFound });
    const unknownPage = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public/unsubscribe/nope',
      headers: { accept: 'text/html' },
    });
    expect(unknownPage.statusCode).toBe(404);
    expect(unknownPage.body).toContain(finishLaterMessages.notFoundHeading);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(form.statusCode).toBe(415);
  });
});

describe.each(engines())('the reminder to finish on %s', (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('is off by default', async () => {
    t = await startTestApp(engine, { PUBLIC_URL }, { clock: true });
    await saved(t);
    t.clock.advance(2 * DAY);
    expect(await t.app.finishReminders.runOnce()).toBe(0);
    expect(await signupMail(t, 'signup.reminder')).toEqual([]);
  });

  it('is queued once after ABANDONED_REMINDER_HOURS, with a new link, for the newest sign-up', async () => {
    t = await startTestApp(engine, REMINDER_ON, { clock: true });
    await saved(t);
    t.clock.advance(MINUTE);
    await saved(t, 'JANE@example.com');
    // The newer sign-up's delay: 24 hours after it was saved.
    t.clock.advance(24 * HOUR - MINUTE);
    expect(await t.app.finishReminders.runOnce()).toBe(0);
    t.clock.advance(MINUTE);
    expect(await t.app.finishReminders.runOnce()).toBe(1);
    expect(await t.app.finishReminders.runOnce()).toBe(0);
    t.clock.advance(DAY);
    expect(await t.app.finishReminders.runOnce()).toBe(0);
    const [reminder] = await signupMail(t, 'signup.reminder');
    expect(reminder!.recipient).toBe('JANE@example.com');
    expect(reminder!.subject).toBe('Your Demo Fibre sign-up is waiting');
    expect(reminder!.text_body).toContain('%UNSUBSCRIBE_LINK%');
    // Its link opens the sign-up.
    expect((await resume(t.app, reminder!.link_token!)).statusCode).toBe(200);
  });

  it('follows ABANDONED_REMINDER_HOURS', async () => {
    t = await startTestApp(
      engine,
      { ...REMINDER_ON, ABANDONED_REMINDER_HOURS: '2' },
      {
        clock: true,
      },
    );
    await saved(t);
    t.clock.advance(2 * HOUR - MINUTE);
    expect(await t.app.finishReminders.runOnce()).toBe(0);
    t.clock.advance(MINUTE);
    expect(await t.app.finishReminders.runOnce()).toBe(1);
  });

  it('is never sent after the visitor unsubscribed', async () => {
    t = await startTestApp(engine, REMINDER_ON, { clock: true });
    const token = await saved(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/unsubscribe/${unsubscribeTokenOf(token)}`,
    });
    expect(res.statusCode).toBe(200);
    t.clock.advance(2 * DAY);
    expect(await t.app.finishReminders.runOnce()).toBe(0);
  });

  it('is never sent after the visitor ordered', async () => {
    t = await startTestApp(engine, REMINDER_ON, { clock: true });
    const { body } = await prepareOrder(t.app, {}, t.clock.now);
    const email = (body as unknown as { email: string }).email;
    await saved(t, email);
    t.clock.advance(MINUTE);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    t.clock.advance(2 * DAY);
    expect(await t.app.finishReminders.runOnce()).toBe(0);
  });
});

const remindMe = (app: FastifyInstance, email = 'jane@example.com') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/demo/signups/remind-me',
    payload: { snapshot: snapshot(email) },
  });

const withdraw = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: `/api/v1/public/signups/withdraw/${token}` });

// docs/rules/mail.md, "The reminder to finish": the marketing box ticked on the payment step,
// without asking for the link, is consent to the one reminder; unticked, it is withdrawn.
describe.each(engines())('the reminder for the marketing box on %s', (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('saves the sign-up with the box’s words, mails nothing now, and reminds once after the delay', async () => {
    t = await startTestApp(engine, REMINDER_ON, { clock: true });
    const res = await remindMe(t.app);
    expect(res.statusCode, res.body).toBe(202);
    const { withdraw_token } = res.json<{ withdraw_token: string }>();
    expect(withdraw_token).toMatch(/^[\w-]{43}$/);
    expect(await signupMail(t)).toEqual([]);
    const [row] = await t.database.db.selectFrom('saved_signups').selectAll().execute();
    expect(row!.consent).toEqual({
      words: 'Send me news and offers by email',
      marketing: true,
      at: t.clock.now.toISOString(),
    });
    expect(JSON.stringify(row)).not.toContain('tok_secret');
    // The withdrawing token opens nothing.
    expect((await resume(t.app, withdraw_token)).statusCode).toBe(409);

    t.clock.advance(24 * HOUR - MINUTE);
    expect(await t.app.finishReminders.runOnce()).toBe(0);
    t.clock.advance(MINUTE);
    expect(await t.app.finishReminders.runOnce()).toBe(1);
    t.clock.advance(DAY);
    expect(await t.app.finishReminders.runOnce()).toBe(0);
    const reminders = await signupMail(t, 'signup.reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.recipient).toBe('jane@example.com');
    expect(reminders[0]!.text_body).toContain('%UNSUBSCRIBE_LINK%');
    // The first mail this address gets: it says plainly how it came, and when (docs/rules/mail.md).
    const entered = new Intl.DateTimeFormat('en-AU', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Australia/Sydney',
    }).format(row!.created_at);
    expect(reminders[0]!.text_body).toContain(
      `Why you got this email: on ${entered} this email address was entered in Demo Fibre’s online sign-up, asking for a reminder to finish it. If that wasn’t you, ignore this email: it is the only reminder we send for it, and nothing happens unless the link is opened.`,
    );
    // The reminder carries a fresh link that opens the sign-up.
    expect((await resume(t.app, reminders[0]!.link_token!)).statusCode).toBe(200);
  });

  it('reminds nobody who ticked then unticked the box, and again is harmless', async () => {
    t = await startTestApp(engine, REMINDER_ON, { clock: true });
    const { withdraw_token } = (await remindMe(t.app)).json<{ withdraw_token: string }>();
    t.clock.advance(MINUTE);
    expect((await withdraw(t.app, withdraw_token)).statusCode).toBe(204);
    expect((await withdraw(t.app, withdraw_token)).statusCode).toBe(204);
    t.clock.advance(2 * DAY);
    expect(await t.app.finishReminders.runOnce()).toBe(0);
    expect(await signupMail(t, 'signup.reminder')).toEqual([]);
  });

  it('withdrawing the box leaves a link asked for its reminder', async () => {
    t = await startTestApp(engine, REMINDER_ON, { clock: true });
    await saved(t);
    t.clock.advance(MINUTE);
    const { withdraw_token } = (await remindMe(t.app)).json<{ withdraw_token: string }>();
    expect((await withdraw(t.app, withdraw_token)).statusCode).toBe(204);
    t.clock.advance(2 * DAY);
    expect(await t.app.finishReminders.runOnce()).toBe(1);
  });

  it('reminds nobody who neither ticked nor asked', async () => {
    t = await startTestApp(engine, REMINDER_ON, { clock: true });
    const { body } = await prepareOrder(t.app, {}, t.clock.now);
    expect(body).toBeDefined();
    t.clock.advance(2 * DAY);
    expect(await t.app.finishReminders.runOnce()).toBe(0);
    expect(await signupMail(t, 'signup.reminder')).toEqual([]);
  });

  it('refuses a bad state (400) and answers 404 to a token that names nothing', async () => {
    t = await startTestApp(engine, REMINDER_ON, { clock: true });
    const early = snapshot();
    early.state.step = 'plans';
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/signups/remind-me',
      payload: { snapshot: early },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await withdraw(t.app, 'nothing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('the reminder to finish with two instances on postgres', () => {
  it.runIf(engines().includes('postgres'))(
    'two instances sweeping at once queue one per sign-up',
    async () => {
      const t = await startTestApp('postgres', REMINDER_ON, { clock: true });
      const other = await startAppOn(t.config, t.database, { now: () => t.clock.now });
      try {
        for (let i = 0; i < 3; i++) await saved(t, `visitor${i}@example.com`);
        t.clock.advance(DAY);
        const counts = await Promise.all([
          t.app.finishReminders.runOnce(),
          other.finishReminders.runOnce(),
          t.app.finishReminders.runOnce(),
          other.finishReminders.runOnce(),
        ]);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
        const rows = await signupMail(t, 'signup.reminder');
        expect(rows.map((r) => r.recipient).sort()).toEqual([
          'visitor0@example.com',
          'visitor1@example.com',
          'visitor2@example.com',
        ]);
      } finally {
        await other.close();
        await t.close();
      }
    },
  );
});

describe('the log of finish later', () => {
  it('never shows a link’s token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await startTestApp(
      'pglite',
      { PUBLIC_URL, LOG_LEVEL: 'info' },
      { logger: { stream } },
    );
    try {
      const token = await saved(t);
      await resume(t.app, token);
      await resume(t.app, token);
      const unsubscribe = unsubscribeTokenOf(token);
      await t.app.inject({ method: 'GET', url: `/api/v1/public/unsubscribe/${unsubscribe}` });
      await t.app.inject({ method: 'POST', url: `/api/v1/public/unsubscribe/${unsubscribe}` });
      const log = lines.join('');
      expect(log).toContain('/api/v1/public/signups/resume/[token]');
      expect(log).toContain('/api/v1/public/unsubscribe/[token]');
      expect(log).not.toContain(token);
      expect(log).not.toContain(unsubscribe);
      expect(log).not.toContain(hashOrderToken(token));
    } finally {
      await t.close();
    }
  });
});
