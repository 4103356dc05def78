import type { FastifyInstance } from 'fastify';
import { FINISH_LATER_MAX_BYTES } from '@fibre/domain/api';
import { finishLaterMessages } from '@fibre/domain/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { findMail } from '../mail/repository.ts';
import { unsubscribeTokenOf } from '../mail/signup-links.ts';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { freeSlots } from '../test-support/order.ts';

/*
 * docs/rules/mail.md, "Finish later": saved sign-ups that cannot fill the disk or be forged. The
 * snapshot is the wizard's state and no more, a few KB at most; one live saved sign-up per
 * address; the per-address bound holds however many requests arrive at once; the hold is kept
 * only for the session that holds it; the unsubscribe link's token opens nothing; the 202s are
 * never cached.
 */

const PUBLIC_URL = 'https://signup.example.com';
const SESSION = 'a1b2c3d4-0000-4000-8000-000000000001';
const OTHER_SESSION = 'ffffffff-0000-4000-8000-000000000002';

function snapshot(email = 'jane@example.com') {
  return {
    version: 3,
    state: {
      step: 'payment',
      address: { input: '1 George St, Sydney NSW 2000', value: null, dialogOpen: false },
      plans: { filter: 'all', selectedId: 'boost-100' },
      signup: {
        addOns: ['static-ip'] as unknown[],
        contact: { firstName: 'Jane', lastName: 'Citizen', email, confirmEmail: email },
        connectionConfirmed: true,
      } as Record<string, unknown>,
      reservations: { reservation: null as unknown, slot: null, lost: false, booked: false },
    } as { signup: Record<string, unknown>; [area: string]: unknown },
  };
}

type Kind = 'finish-later' | 'remind-me';
const post = (
  app: FastifyInstance,
  kind: Kind,
  snap: object,
  options: { from?: string; headers?: Record<string, string> } = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/demo/signups/${kind}`,
    payload: { snapshot: snap },
    headers: options.headers ?? {},
    remoteAddress: options.from ?? '127.0.0.1',
  });

const rows = (t: TestApp) =>
  t.database.db.selectFrom('saved_signups').selectAll().orderBy('created_at').execute();

describe.each(engines())('saved sign-ups, bounded, on %s', (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it.each<Kind>(['finish-later', 'remind-me'])(
    '%s keeps the wizard’s state only: unknown keys dropped, strings bounded, a few KB at most',
    async (kind) => {
      t = await startTestApp(engine, { PUBLIC_URL, LEADS_PER_MINUTE: '50' });
      const unknown = snapshot();
      unknown.state.padding = 'x'.repeat(20_000);
      unknown.state.signup.notes = 'y'.repeat(20_000);
      const res = await post(t.app, kind, unknown);
      expect(res.statusCode, res.body).toBe(202);
      const [row] = await rows(t);
      const state = row!.snapshot.state as Record<string, Record<string, unknown>>;
      expect(state).not.toHaveProperty('padding');
      expect(state.signup).not.toHaveProperty('notes');
      expect(JSON.stringify(row!.snapshot).length).toBeLessThan(2_000);

      const long = snapshot('john@example.com');
      long.state.address = { input: 'x'.repeat(301) };
      const tooLong = await post(t.app, kind, long);
      expect(tooLong.statusCode).toBe(400);
      expect(Object.keys(tooLong.json().fields)).toEqual(['snapshot.state.address.input']);

      // Each string within its bound, the whole past FINISH_LATER_MAX_BYTES: refused, and said.
      const large = snapshot('john@example.com');
      large.state.signup.addOns = Array.from({ length: 20 }, () => 'z'.repeat(500));
      expect(JSON.stringify(large).length).toBeGreaterThan(FINISH_LATER_MAX_BYTES);
      const tooLarge = await post(t.app, kind, large);
      expect(tooLarge.statusCode).toBe(400);
      expect(tooLarge.json()).toMatchObject({ error: 'invalid_input' });
      expect(JSON.stringify(tooLarge.json())).toContain('too large to save');
      expect(await rows(t)).toHaveLength(1);
    },
  );

  it('keeps one live saved sign-up per address: a new one replaces the old, whose link opens nothing', async () => {
    t = await startTestApp(engine, { PUBLIC_URL, LEADS_PER_MINUTE: '50' });
    const live = async () => (await rows(t)).filter((r) => r.replaced_at === null);
    expect((await post(t.app, 'finish-later', snapshot())).statusCode).toBe(202);
    const [first] = (await findMail(t.database.db)).filter((m) => m.kind === 'signup.link');
    // A box ticked mails nothing and may be unticked: it leaves the sign-up whose link still opens.
    expect((await post(t.app, 'remind-me', snapshot())).statusCode).toBe(202);
    expect((await post(t.app, 'remind-me', snapshot('JANE@example.com'))).statusCode).toBe(202);
    expect((await live()).map((r) => r.consent.marketing).sort()).toEqual([false, true]);
    // A new link asked for replaces every older one of the address.
    expect((await post(t.app, 'finish-later', snapshot('Jane@example.com'))).statusCode).toBe(202);
    const all = await rows(t);
    expect(all).toHaveLength(4);
    expect((await live()).map((r) => r.email)).toEqual(['Jane@example.com']);
    // The replaced keep their consent (the evidence) and their address, not the sign-up.
    for (const old of all.filter((r) => r.replaced_at !== null)) {
      expect(old.snapshot).toEqual({});
      expect(old.reservation_id).toBeNull();
      expect(old.consent.at).toBeTruthy();
    }
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/signups/resume/${first!.link_token}`,
    });
    expect(opened.statusCode).toBe(409);
    expect(opened.json()).toMatchObject({ error: 'link_expired' });
    // Another address keeps its own.
    expect((await post(t.app, 'remind-me', snapshot('john@example.com'))).statusCode).toBe(202);
    expect(await live()).toHaveLength(2);
  });

  it.each<Kind>(['finish-later', 'remind-me'])(
    '%s: 20 requests at once from 4 client addresses save and mail at most FINISH_LATER_LINKS_PER_HOUR',
    async (kind) => {
      t = await startTestApp(engine, { PUBLIC_URL, LEADS_PER_MINUTE: '50' });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(t.app, kind, snapshot(i % 2 ? 'jane@example.com' : 'Jane@Example.com'), {
            from: `203.0.113.${(i % 4) + 1}`,
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 202)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(17);
      for (const refused of answers.filter((a) => a.statusCode === 429))
        expect(refused.json()).toMatchObject({
          error: 'too_many_links',
          message: finishLaterMessages.tooMany,
        });
      expect(await rows(t)).toHaveLength(3);
      const links = (await findMail(t.database.db)).filter((m) => m.kind === 'signup.link');
      expect(links).toHaveLength(kind === 'finish-later' ? 3 : 0);
    },
  );

  it('keeps the hold only for the session that holds it, never a reservation id it cannot prove', async () => {
    t = await startTestApp(engine, { PUBLIC_URL, LEADS_PER_MINUTE: '50' }, { clock: true });
    const [slot] = await freeSlots(t.app, 'NSW', t.clock.now);
    const held = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/reservations',
      headers: { 'x-hold-session': SESSION },
      payload: { booking_id: slot!.booking_id, start: slot!.start, end: slot!.end },
    });
    expect(held.statusCode, held.body).toBe(201);
    const reservation = held.json<{ reservation_id: string }>();
    const withHold = (email: string) => {
      const s = snapshot(email);
      s.state.reservations = { reservation, slot: null, lost: false, booked: false };
      return s;
    };
    const cases: [string, Kind, Record<string, string>, string | null][] = [
      ['a@example.com', 'finish-later', {}, null],
      ['b@example.com', 'finish-later', { 'x-hold-session': OTHER_SESSION }, null],
      ['c@example.com', 'remind-me', { 'x-hold-session': OTHER_SESSION }, null],
      ['d@example.com', 'finish-later', { 'x-hold-session': 'short' }, null],
      ['e@example.com', 'finish-later', { 'x-hold-session': SESSION }, reservation.reservation_id],
      ['f@example.com', 'remind-me', { 'x-hold-session': SESSION }, reservation.reservation_id],
    ];
    for (const [email, kind, headers, kept] of cases) {
      const res = await post(t.app, kind, withHold(email), { headers });
      expect(res.statusCode, res.body).toBe(202);
      const row = (await rows(t)).find((r) => r.email === email);
      expect(row!.reservation_id, email).toBe(kept);
    }
    // The foreign save's link opens without the hold or its session.
    const foreign = (await findMail(t.database.db)).find((m) => m.recipient === 'b@example.com');
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/signups/resume/${foreign!.link_token}`,
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ hold_session: null });
    expect(opened.body).not.toContain(SESSION);
  });

  it('gives the unsubscribe link a token of its own, which never opens the sign-up', async () => {
    t = await startTestApp(engine, { PUBLIC_URL });
    expect((await post(t.app, 'finish-later', snapshot())).statusCode).toBe(202);
    const [mail] = await findMail(t.database.db);
    const token = mail!.link_token!;
    const unsubscribe = unsubscribeTokenOf(token);
    expect(unsubscribe).not.toBe(token);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/signups/resume/${unsubscribe}`,
    });
    expect(opened.statusCode).toBe(404);
    const another = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/signups/new-link/${unsubscribe}`,
    });
    expect(another.statusCode).toBe(404);
    // The resume link's token unsubscribes nothing; the unsubscribe link's does.
    const byResume = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/unsubscribe/${token}`,
    });
    expect(byResume.statusCode).toBe(404);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/unsubscribe/${unsubscribe}`,
    });
    expect(done.statusCode).toBe(200);
    const [row] = await rows(t);
    expect(row!.unsubscribed_at).not.toBeNull();
    // The resume link still opens, once.
    const resumed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/signups/resume/${token}`,
    });
    expect(resumed.statusCode).toBe(200);
  });

  it.each<Kind>(['finish-later', 'remind-me'])(
    '%s answers 202 with Cache-Control: no-store',
    async (kind) => {
      t = await startTestApp(engine, { PUBLIC_URL });
      const res = await post(t.app, kind, snapshot());
      expect(res.statusCode).toBe(202);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );
});
