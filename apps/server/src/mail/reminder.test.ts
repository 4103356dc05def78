import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueueReminder, findMail } from './repository.ts';
import { inTransaction } from '../db/transactions.ts';
import { engines, startAppOn, startTestApp, type TestApp } from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';
import {
  smtpEnv,
  startSmtpReceiver,
  type SmtpReceiver,
} from '../test-support/stand-ins/smtp-receiver.ts';
import { escapeHtml, formatWindow } from './layout.ts';
import { hashOrderToken } from './order-link.ts';
import { reminderDueAt } from './reminder.ts';

/**
 * docs/rules/mail.md: the reminder the day before the installation is queued from 09:00 on the
 * day before the window's day in its state's zone, once per order and window however many
 * sweeps run, only for confirmed orders, and sent through the outbox like any mail.
 */

const PUBLIC_URL = 'https://signup.example.com';
const MINUTE = 60_000;

async function placeOrder(app: FastifyInstance, now: Date, slotIndex = 0) {
  const { body, slot } = await prepareOrder(app, { slotIndex }, now);
  const res = await app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body });
  expect(res.statusCode).toBe(201);
  return {
    orderId: res.json<{ order_id: string }>().order_id,
    start: new Date(slot.start),
    end: new Date(slot.end),
  };
}

const reminders = async (t: TestApp, orderId?: string) =>
  (await findMail(t.database.db, orderId)).filter((m) => m.kind === 'order.reminder');

describe('when a reminder is due', () => {
  it('is 09:00 local on the calendar day before the window, DST and month ends included', () => {
    // 8:00 am AEDT on 1 December 2026 → 9:00 am AEDT on 30 November (22:00 UTC the day before).
    expect(reminderDueAt(new Date('2026-11-30T21:00:00Z'), 'NSW').toISOString()).toBe(
      '2026-11-29T22:00:00.000Z',
    );
    // Queensland keeps no summer time: noon AEST on 1 December → 9:00 am AEST (23:00 UTC) on 30 November.
    expect(reminderDueAt(new Date('2026-12-01T02:00:00Z'), 'QLD').toISOString()).toBe(
      '2026-11-29T23:00:00.000Z',
    );
    // Sydney's summer time ends at 3:00 am on 5 April 2026: 9:00 am that day is AEST (23:00 UTC).
    expect(reminderDueAt(new Date('2026-04-05T22:00:00Z'), 'NSW').toISOString()).toBe(
      '2026-04-04T23:00:00.000Z',
    );
    // A window early in the morning local is still 'tomorrow' by the local calendar.
    expect(reminderDueAt(new Date('2026-12-01T13:30:00Z'), 'NSW').toISOString()).toBe(
      '2026-11-30T22:00:00.000Z',
    );
  });
});

describe.each(engines())('the installation reminder on %s', (engine) => {
  let t: TestApp;
  let smtp: SmtpReceiver | undefined;
  afterEach(async () => {
    await t.close();
    await smtp?.close();
    smtp = undefined;
  });

  it('is queued at 09:00 the day before, not before, and never twice', async () => {
    t = await startTestApp(engine, { PUBLIC_URL }, { clock: true });
    const { orderId, start, end } = await placeOrder(t.app, t.clock.now);
    const due = reminderDueAt(start, 'NSW');
    expect(due.getTime()).toBeGreaterThan(t.clock.now.getTime());

    expect(await t.app.reminders.runOnce()).toBe(0);
    t.clock.now = new Date(due.getTime() - MINUTE);
    expect(await t.app.reminders.runOnce()).toBe(0);
    expect(await reminders(t)).toEqual([]);

    t.clock.now = due;
    expect(await t.app.reminders.runOnce()).toBe(1);
    const [row] = await reminders(t, orderId);
    expect(row).toMatchObject({
      recipient: 'jane@example.com',
      subject: 'Reminder: your Demo Fibre installation is tomorrow',
      window_start: start,
      delivered_at: null,
    });
    expect(row!.text_body).toContain(formatWindow(start, end, 'NSW'));
    expect(row!.html_body).toContain(escapeHtml(formatWindow(start, end, 'NSW')));
    expect(row!.text_body).toContain('What to expect:');
    expect(row!.text_body).toContain('See or change your order: %ORDER_LINK%');
    // A new order page link of its own, stored only as its hash.
    const links = await t.database.db
      .selectFrom('order_links')
      .select('token_hash')
      .where('order_id', '=', orderId)
      .execute();
    expect(links.map((l) => l.token_hash)).toContain(hashOrderToken(row!.link_token!));
    // The confirmation's, the placing browser's (decision 025) and the reminder's.
    expect(links).toHaveLength(3);

    // A later sweep, even an hour on, queues nothing more.
    t.clock.advance(60 * MINUTE);
    expect(await t.app.reminders.runOnce()).toBe(0);
    expect(await reminders(t)).toHaveLength(1);

    // Once the window has started there is nothing to remind of.
    t.clock.now = new Date(start.getTime() + MINUTE);
    await t.database.db.deleteFrom('mail_outbox').where('kind', '=', 'order.reminder').execute();
    expect(await t.app.reminders.runOnce()).toBe(0);
  });

  it('allows one reminder per order and window: a second for it does nothing, a new window may have one', async () => {
    t = await startTestApp(engine, { PUBLIC_URL }, { clock: true });
    const { orderId, start } = await placeOrder(t.app, t.clock.now);
    const write = (id: string, windowStart: Date) =>
      inTransaction(t.database.db, (trx) =>
        enqueueReminder(trx, {
          id,
          kind: 'order.reminder',
          orderId,
          recipient: 'jane@example.com',
          subject: 's',
          text: 't',
          html: 'h',
          attachments: [],
          linkToken: null,
          createdAt: t.clock.now,
          windowStart,
        }),
      );
    expect(await write('r1', start)).toBe(true);
    expect(await write('r2', start)).toBe(false);
    // Rescheduled to another window: that window gets its own.
    expect(await write('r3', new Date(start.getTime() + 24 * 60 * MINUTE))).toBe(true);
    expect((await reminders(t, orderId)).map((r) => r.id).sort()).toEqual(['r1', 'r3']);
  });

  it('queues none for a cancelled or needs_attention order', async () => {
    t = await startTestApp(engine, { PUBLIC_URL }, { clock: true });
    const cancelled = await placeOrder(t.app, t.clock.now, 0);
    const kept = await placeOrder(t.app, t.clock.now, 1);
    await t.database.db
      .updateTable('orders')
      .set({ status: 'cancelled' })
      .where('id', '=', cancelled.orderId)
      .execute();
    await t.database.db
      .updateTable('orders')
      .set({ status: 'needs_attention' })
      .where('id', '=', kept.orderId)
      .execute();
    const latest = Math.max(
      reminderDueAt(cancelled.start, 'NSW').getTime(),
      reminderDueAt(kept.start, 'NSW').getTime(),
    );
    t.clock.now = new Date(
      Math.min(latest, Math.min(cancelled.start.getTime(), kept.start.getTime()) - MINUTE),
    );
    expect(await t.app.reminders.runOnce()).toBe(0);
    expect(await reminders(t)).toEqual([]);

    // Confirmed again (an operator resolved it) before its window: it gets its reminder.
    await t.database.db
      .updateTable('orders')
      .set({ status: 'confirmed' })
      .where('id', '=', kept.orderId)
      .execute();
    t.clock.now = reminderDueAt(kept.start, 'NSW');
    expect(await t.app.reminders.runOnce()).toBe(1);
    expect((await reminders(t)).map((r) => r.order_id)).toEqual([kept.orderId]);
  });

  it('is sent through the outbox over SMTP once, with the order link', async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(engine, { ...smtpEnv(smtp), PUBLIC_URL }, { clock: true });
    const { orderId, start, end } = await placeOrder(t.app, t.clock.now);
    expect(await t.app.mail.runOnce()).toBe(1); // the confirmation
    t.clock.now = reminderDueAt(start, 'NSW');
    expect(await t.app.reminders.runOnce()).toBe(1);
    expect(await t.app.mail.runOnce()).toBe(1);
    expect(await t.app.mail.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(2);
    const mail = smtp.messages[1]!;
    expect(mail.subject).toBe('Reminder: your Demo Fibre installation is tomorrow');
    expect(mail.to).toMatchObject({ value: [{ address: 'jane@example.com' }] });
    expect(mail.text).toContain(formatWindow(start, end, 'NSW'));
    const link = /https:\/\/signup\.example\.com\/order\/([A-Za-z0-9_-]{43})\b/.exec(mail.text!);
    expect(link).not.toBeNull();
    expect(mail.html).toContain(`href="${PUBLIC_URL}/order/${link![1]}"`);
    expect(mail.attachments).toEqual([]);
    const [row] = await reminders(t, orderId);
    expect(row).toMatchObject({ attempts: 1, link_token: null });
    expect(row!.delivered_at).not.toBeNull();
  });
});

describe('the installation reminder with two instances on postgres', () => {
  it.runIf(engines().includes('postgres'))(
    'two instances sweeping at once queue one each',
    async () => {
      const t = await startTestApp('postgres', { PUBLIC_URL }, { clock: true });
      const other = await startAppOn(t.config, t.database, { now: () => t.clock.now });
      try {
        const orders = [];
        for (let i = 0; i < 3; i++) orders.push(await placeOrder(t.app, t.clock.now, i));
        const earliest = Math.min(...orders.map((o) => o.start.getTime()));
        const dues = orders.map((o) => reminderDueAt(o.start, 'NSW').getTime());
        t.clock.now = new Date(Math.min(earliest - MINUTE, Math.max(...dues)));
        const dueNow = orders.filter((_, i) => dues[i]! <= t.clock.now.getTime());
        expect(dueNow.length).toBeGreaterThan(0);
        const counts = await Promise.all([
          t.app.reminders.runOnce(),
          other.reminders.runOnce(),
          t.app.reminders.runOnce(),
          other.reminders.runOnce(),
        ]);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(dueNow.length);
        const rows = await reminders(t);
        expect(rows.map((r) => r.order_id).sort()).toEqual(dueNow.map((o) => o.orderId).sort());
      } finally {
        await other.close();
        await t.close();
      }
    },
  );
});
