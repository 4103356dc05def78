import type { Attachment, ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/database.ts';
import { prepare } from '../app/open-database.ts';
import { productionGaps } from '../app/production.ts';
import { findMail } from './repository.ts';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';
import {
  engines,
  eventually,
  importTestCatalogue,
  startAppOn,
  startTestApp,
  testConfig,
  type TestApp,
} from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';
import {
  smtpEnv,
  startSmtpReceiver,
  type SmtpReceiver,
} from '../test-support/stand-ins/smtp-receiver.ts';
import type { FastifyInstance } from 'fastify';
import { renderConfirmation } from './confirmation.ts';
import { escapeHtml, formatCents, formatWindow } from './layout.ts';
import { firstPaymentDate } from '@fibre/domain/pricing';
import { formatDay } from '@fibre/domain/scheduling';
import { hashOrderToken } from './order-link.ts';

/**
 * docs/rules/mail.md: an install's confirmation is written to the outbox with the order and sent
 * over SMTP to a local server (smtp-server) once, with text, HTML, the .ics invite of the booked
 * window and the order page's link; nothing is lost or sent twice across a crash, with two
 * workers, or when SMTP fails for a while.
 */

const PUBLIC_URL = 'https://signup.example.com';

async function placeOrder(app: FastifyInstance, now = new Date(), slotIndex = 0, card?: string) {
  const { body, slot } = await prepareOrder(
    app,
    { slotIndex, staticIp: true, ...(card ? { card } : {}) },
    now,
  );
  const res = await app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body });
  expect(res.statusCode).toBe(201);
  return { orderId: res.json<{ order_id: string }>().order_id, slot };
}

/** The invite's DTSTART/DTEND as instants (the library writes them in UTC, 'Z'). */
function inviteWindow(ics: string): { start: Date; end: Date; uid: string; location: string } {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  const field = (name: string) => new RegExp(`^${name}[^:]*:(.*)$`, 'm').exec(unfolded)?.[1] ?? '';
  const instant = (v: string) =>
    new Date(v.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  return {
    start: instant(field('DTSTART').trim()),
    end: instant(field('DTEND').trim()),
    uid: field('UID').trim(),
    location: field('LOCATION').trim().replaceAll('\\,', ','),
  };
}

const invite = (mail: ParsedMail): Attachment =>
  mail.attachments.find((a) => a.contentType === 'text/calendar')!;

describe.each(engines())('the confirmation email on %s', (engine) => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends one mail with what was ordered, the window, the .ics and the order link', async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(engine, { ...smtpEnv(smtp), PUBLIC_URL });
    // American Express, the demo's scheme with a card fee (docs/rules/plans-and-pricing.md).
    const { orderId, slot } = await placeOrder(t.app, new Date(), 0, '3782 822463 10005');
    expect(await t.app.mail.runOnce()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toMatchObject({ value: [{ address: 'jane@example.com' }] });
    expect(mail.from).toMatchObject({ value: [{ address: 'orders@demo-fibre.example' }] });
    expect(mail.subject).toMatch(/order is confirmed/);
    // The order's reference, in the subject and the body (docs/rules/mail.md).
    const { reference } = await t.database.db
      .selectFrom('orders')
      .select('reference')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(reference).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(mail.subject).toBe(`Your Demo Fibre order is confirmed (order ${reference})`);
    expect(mail.text).toContain(`Order reference: ${reference}`);
    expect(mail.html).toContain(`Order reference: <strong>${reference}</strong>`);

    // The order page's link: a 256-bit token, stored only as its SHA-256.
    const link = /https:\/\/signup\.example\.com\/order\/([A-Za-z0-9_-]{43})\b/.exec(mail.text!);
    expect(link).not.toBeNull();
    const token = link![1]!;
    expect(mail.html).toContain(`href="${PUBLIC_URL}/order/${token}"`);
    const links = await t.database.db.selectFrom('order_links').selectAll().execute();
    // The mail's link, and the one the install's answer gave the placing browser (decision 025).
    expect(links).toHaveLength(2);
    expect(links).toContainEqual({
      order_id: orderId,
      token_hash: hashOrderToken(token),
      created_at: expect.any(Date),
    });
    const [row] = await findMail(t.database.db, orderId);
    expect(row).toMatchObject({ attempts: 1, link_token: null, last_error: null });
    expect(row!.delivered_at).not.toBeNull();
    // The stored mail keeps a placeholder, never the token.
    expect(JSON.stringify(row)).not.toContain(token);

    // What was ordered, with the stored prices, and the window in the state's zone.
    const order = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain('Boost 100 plan');
    expect(mail.text).toContain('Wi-Fi 6 Router');
    expect(mail.text).toContain('Static IP');
    // The unit the order was placed for, before the building's address.
    expect(mail.text).toContain('  Unit 12, 100 Harris Street, Pyrmont NSW 2009');
    // The money words the wizard and the order page use (docs/rules/plans-and-pricing.md).
    // Each payment with the card's fee: what is charged (docs/rules/plans-and-pricing.md#card-fees).
    expect(order).toMatchObject({
      card_scheme: 'amex',
      card_fee_cents: 147,
      first_payment_fee_cents: 147,
    });
    expect(mail.text).toContain('Monthly charge: $99.47 per month');
    expect(mail.text).toContain(
      `First payment (${formatDay(firstPaymentDate(slot.start, 'Australia/Sydney'), 'Australia/Sydney')}, 15 days after activation): $99.47`,
    );
    expect(mail.text).not.toMatch(/One-off charges|Monthly total|Due at activation/);
    const start = new Date(slot.start);
    const end = new Date(slot.end);
    expect(mail.text).toContain(formatWindow(start, end, 'NSW'));
    expect(mail.html).toContain(escapeHtml(formatWindow(start, end, 'NSW')));

    // The terms and the plan's CIS the order accepted, linked, and the other charges it was shown
    // (docs/rules/documents-and-consent.md); the card fee (1.5%) is a line of its own.
    expect(mail.text).toContain(
      'Standard Form of Agreement (version 2026-07): https://demofibre.example/legal/standard-form-of-agreement',
    );
    expect(mail.html).toContain(
      'href="https://demofibre.example/cis/boost-100.pdf" style="color:#0b6bcb">Critical Information Summary: Boost 100</a> (version 2026-07)',
    );
    expect(mail.text).not.toContain('Privacy policy');
    expect(mail.text).toContain(
      'Missed appointment fee $99.00 — if nobody is home for the booked installation window',
    );
    expect(mail.text).toContain(
      'Included above: American Express card surcharge (1.5% of the amount charged): $1.47 of the first payment, $1.47 of each monthly charge',
    );

    // The invite: its start and end are the booked window, at the building's address.
    const ics = invite(mail);
    expect(ics.filename).toBe('installation.ics');
    const event = inviteWindow(ics.content.toString('utf8'));
    expect(event.start.toISOString()).toBe(start.toISOString());
    expect(event.end.toISOString()).toBe(end.toISOString());
    expect(event.uid).toBe(`order-${orderId}@fibre-signup`);
    expect(event.location).toMatch(/NSW/);

    // Nothing is sent twice.
    expect(await t.app.mail.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    expect(await t.app.metrics.text()).toMatch(/fibre_mail_total\{outcome="delivered"\} 1/);
  });

  it('says nothing of a card fee when the catalogue surcharges 0%', async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(engine, { ...smtpEnv(smtp), PUBLIC_URL });
    const free = demoCatalogue();
    free.fees.card = { amex: { percent: 0 } };
    await importTestCatalogue(t.database, free);
    const { orderId } = await placeOrder(t.app);
    expect(await t.app.mail.runOnce()).toBe(1);
    const mail = smtp.messages[0]!;
    expect(mail.text).toContain('Monthly charge: $98.00 per month');
    expect(mail.text).not.toMatch(/card fee|surcharge/i);
    expect(mail.html).not.toMatch(/card fee|surcharge/i);
    const order = await t.database.db
      .selectFrom('orders')
      .select('card_fee_cents')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.card_fee_cents).toBe(0);
  });

  it('keeps the mail unsent in the outbox when no SMTP is configured', async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(engine);
    const { orderId } = await placeOrder(t.app);
    expect(await t.app.mail.runOnce()).toBe(0);
    const [row] = await findMail(t.database.db, orderId);
    expect(row).toMatchObject({
      kind: 'order.confirmation',
      recipient: 'jane@example.com',
      attempts: 0,
      delivered_at: null,
    });
    expect(row!.link_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(smtp.messages).toEqual([]);
  });
});

describe('sending across a crash, with two workers, and when SMTP fails', () => {
  let smtp: SmtpReceiver;
  afterEach(async () => smtp.close());

  it('sends what an app left in the outbox once, after a new app starts on the database', async () => {
    smtp = await startSmtpReceiver();
    const config = testConfig({ ...smtpEnv(smtp), PUBLIC_URL });
    const database = await openPglite(undefined);
    try {
      await prepare(database, config);
      // The first app commits the order and stops before its sender's first round.
      const first = await startAppOn(config, database, { mailPollMs: 60_000 });
      const { orderId } = await placeOrder(first);
      await first.close();
      expect(smtp.messages).toEqual([]);

      const second = await startAppOn(config, database, { mailPollMs: 20 });
      try {
        await eventually(() => smtp.messages.length > 0);
        expect(smtp.messages).toHaveLength(1);
        expect(smtp.messages[0]!.text).toContain(`${PUBLIC_URL}/order/`);
        // Later rounds send nothing more.
        await new Promise((r) => setTimeout(r, 200));
        expect(await second.mail.runOnce()).toBe(0);
        expect(smtp.messages).toHaveLength(1);
        const [row] = await findMail(database.db, orderId);
        expect(row!.delivered_at).not.toBeNull();
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  });

  it('retries a refused mail with backoff and sends it once after', async () => {
    smtp = await startSmtpReceiver({ refusals: 2 });
    const t = await startTestApp('pglite', { ...smtpEnv(smtp), PUBLIC_URL }, { clock: true });
    try {
      const { orderId } = await placeOrder(t.app, t.clock.now);
      expect(await t.app.mail.runOnce()).toBe(0);
      let [row] = await findMail(t.database.db, orderId);
      expect(row).toMatchObject({ attempts: 1, delivered_at: null });
      expect(row!.last_error).toMatch(/451/);
      expect(row!.link_token).not.toBeNull();
      const wait = row!.next_attempt_at!.getTime() - t.clock.now.getTime();
      expect(wait).toBeGreaterThanOrEqual(8_000);
      expect(wait).toBeLessThanOrEqual(12_000);
      // Not due yet: nothing is tried.
      expect(await t.app.mail.runOnce()).toBe(0);
      expect(smtp.refused).toBe(1);
      t.clock.advance(12_000);
      expect(await t.app.mail.runOnce()).toBe(0);
      expect(smtp.refused).toBe(2);
      t.clock.advance(36_000);
      expect(await t.app.mail.runOnce()).toBe(1);
      expect(smtp.messages).toHaveLength(1);
      [row] = await findMail(t.database.db, orderId);
      expect(row).toMatchObject({ attempts: 3, next_attempt_at: null, link_token: null });
      // The same Message-ID on every attempt lets a receiver tell a repeat.
      expect(smtp.messages[0]!.messageId).toBe(`<${row!.id}@demo-fibre.example>`);
      expect(await t.app.metrics.text()).toMatch(/fibre_mail_total\{outcome="failed"\} 2/);
    } finally {
      await t.close();
    }
  });

  it('keeps the mail when the SMTP server dies between the order and the send, and sends it once when it is back', async () => {
    const first = await startSmtpReceiver();
    const { port } = first;
    const t = await startTestApp('pglite', { ...smtpEnv(first), PUBLIC_URL }, { clock: true });
    try {
      // The order commits with its mail; the SMTP server dies before the sender's round.
      const { orderId } = await placeOrder(t.app, t.clock.now);
      await first.close();
      expect(await t.app.mail.runOnce()).toBe(0);
      let [row] = await findMail(t.database.db, orderId);
      expect(row).toMatchObject({ attempts: 1, delivered_at: null });
      expect(row!.last_error).not.toBeNull();
      expect(first.messages).toEqual([]);

      // Back on the same address: after the backoff the mail goes, once.
      smtp = await startSmtpReceiver({ port });
      t.clock.advance(12_000);
      expect(await t.app.mail.runOnce()).toBe(1);
      t.clock.advance(600_000);
      expect(await t.app.mail.runOnce()).toBe(0);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.attachments.some((a) => a.filename?.endsWith('.ics'))).toBe(true);
      [row] = await findMail(t.database.db, orderId);
      expect(row).toMatchObject({ attempts: 2 });
      expect(row!.delivered_at).not.toBeNull();
    } finally {
      await t.close();
    }
  });

  it('sends a backlog over one pooled connection, and closes it when the app closes', async () => {
    smtp = await startSmtpReceiver();
    const t = await startTestApp('pglite', { ...smtpEnv(smtp), PUBLIC_URL }, { clock: true });
    let closed = false;
    try {
      for (let i = 0; i < 3; i++) await placeOrder(t.app, t.clock.now, i);
      expect(await t.app.mail.runOnce()).toBe(3);
      expect(smtp.messages).toHaveLength(3);
      // One connection for the three (SMTP_POOL, docs/rules/mail.md), still open for the next.
      expect(smtp.connections).toBe(1);
      expect(smtp.open).toBe(1);
      await t.close();
      closed = true;
      await eventually(() => smtp.open === 0);
      expect(smtp.open).toBe(0);
    } finally {
      if (!closed) await t.close();
    }
  });

  it.runIf(engines().includes('postgres'))(
    'two workers on postgres send each mail once',
    async () => {
      smtp = await startSmtpReceiver();
      const t = await startTestApp('postgres', { ...smtpEnv(smtp), PUBLIC_URL });
      const other = await startAppOn(t.config, t.database, { mailPollMs: 60_000 });
      try {
        const ids: string[] = [];
        for (let i = 0; i < 6; i++) ids.push((await placeOrder(t.app, new Date(), i)).orderId);
        await Promise.all(
          Array.from({ length: 3 }, () =>
            Promise.all([t.app.mail.runOnce(), other.mail.runOnce()]),
          ),
        );
        while ((await t.app.mail.runOnce()) + (await other.mail.runOnce()) > 0);
        const sent = smtp.messages.map((m) => m.messageId);
        expect(sent).toHaveLength(6);
        expect(new Set(sent).size).toBe(6);
        const rows = await findMail(t.database.db);
        expect(rows.map((r) => r.order_id).sort()).toEqual(ids.sort());
        expect(rows.every((r) => r.attempts === 1 && r.delivered_at !== null)).toBe(true);
      } finally {
        await other.close();
        await t.close();
      }
    },
  );
});

describe('the confirmation content', () => {
  const facts = {
    orderId: 'o-1',
    reference: 'K7QD-9XWM',
    firstName: '<script>alert(1)</script>',
    provider: {
      name: 'Acme & Sons',
      colour: '#112233',
      support_phone: '1300 000 000',
      support_email: 'help@acme.example',
    },
    lines: [{ label: 'Boost 100 plan', price: '$89.00 a month' }],
    totals: [{ label: 'Monthly total', price: '$89.00' }],
    window: {
      state: 'NSW',
      startsAt: new Date('2026-12-02T21:00:00Z'),
      endsAt: new Date('2026-12-02T23:00:00Z'),
    },
    address: '1 "Quoted" St, Sydney NSW 2000',
    now: new Date('2026-11-24T00:00:00Z'),
  };

  it('writes the window in the state zone, en-AU, and prices as dollars', () => {
    expect(formatWindow(facts.window.startsAt, facts.window.endsAt, 'NSW')).toBe(
      'Thursday 3 December 2026, 8:00 am – 10:00 am AEDT',
    );
    expect(formatWindow(facts.window.startsAt, facts.window.endsAt, 'WA')).toBe(
      'Thursday 3 December 2026, 5:00 am – 7:00 am AWST',
    );
    expect(formatCents(8900)).toBe('$89.00');
    expect(formatCents(123456)).toBe('$1,234.56');
  });

  it('escapes customer and catalogue text in the HTML', () => {
    const { html, text } = renderConfirmation(facts);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Acme &amp; Sons');
    expect(html).toContain('1 &quot;Quoted&quot; St');
    expect(text).toContain('Hi <script>alert(1)</script>,');
  });
});

describe('the mail settings', () => {
  it('takes SMTP_URL and MAIL_FROM together, and PUBLIC_URL in production', () => {
    const smtp = 'smtp://user:pass@mail.example.com:587';
    expect(() => loadConfig({ SMTP_URL: smtp })).toThrow(/SMTP_URL and MAIL_FROM: set both/);
    expect(() => loadConfig({ MAIL_FROM: 'a@example.com' })).toThrow(/set both/);
    expect(() => loadConfig({ SMTP_URL: 'http://x', MAIL_FROM: 'a@example.com' })).toThrow(
      /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ SMTP_URL: smtp, MAIL_FROM: 'Acme <nope>' })).toThrow(
      /MAIL_FROM must be an email address/,
    );
    expect(
      loadConfig({ SMTP_URL: smtp, MAIL_FROM: 'Acme Fibre <orders@acme.example>' }).keys,
    ).toMatchObject({ SMTP_URL: smtp, MAIL_FROM: 'Acme Fibre <orders@acme.example>' });
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PUBLIC_URL: 'https://signup.example.com/' }).publicUrl).toBe(
      'https://signup.example.com',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL must be an http/);
    const production = (env: Record<string, string>) =>
      productionGaps(
        loadConfig({
          NODE_ENV: 'production',
          DATABASE_URL: 'postgres://db/x',
          CHARGEBEE_SITE: 'acme',
          CHARGEBEE_PUBLISHABLE_KEY: 'pk',
          CHARGEBEE_API_KEY: 'sk',
          WEBHOOK_SECRET_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
          ...env,
        }),
      );
    expect(production({})).toEqual([
      'PUBLIC_URL is not set: links in mail would point at http://localhost:3000',
    ]);
    expect(production({ PUBLIC_URL })).toEqual([]);
  });
});
