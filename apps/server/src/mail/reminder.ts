import { TZDate } from '@date-fns/tz';
import { orderAddressLine } from '@fibre/domain/address';
import { dayKeyOf, stateTimeZone } from '@fibre/domain/scheduling';
import type { AppContext } from '../context.ts';
import {
  enqueueReminder,
  insertOrderLink,
  lockConfirmedWindow,
  reminderCandidates,
} from './repository.ts';
import { inTransaction } from '../db/transactions.ts';
import {
  escapeHtml,
  formatWindow,
  helpText,
  mailHtml,
  mailProviderOf,
  type MailProvider,
  type RenderedMail,
} from './layout.ts';
import { ORDER_LINK_PLACEHOLDER, hashOrderToken, newOrderToken } from './order-link.ts';

/**
 * The reminder the day before the installation (docs/rules/mail.md): a sweep in every server
 * instance queues one `order.reminder` per confirmed order and window, from 09:00 on the day
 * before the window's day in its state's zone until the window starts. The unique index of
 * migration 015 makes it one however many instances sweep at once; the mail sender
 * (mail/worker.ts) sends it.
 */

/** The hour (local, in the window's state's zone) of the day before from which it is due. */
export const REMINDER_HOUR = 9;

/** How often each instance sweeps. */
export const REMINDER_EVERY_MS = 5 * 60_000;

/** Windows further ahead than this are never due yet (the day before starts < 48 h earlier). */
const LOOK_AHEAD_MS = 48 * 60 * 60_000;

/** When a window's reminder is due: 09:00 on the calendar day before its start, in the state's zone. */
export function reminderDueAt(startsAt: Date, state: string): Date {
  const zone = stateTimeZone(state);
  const [year, month, day] = dayKeyOf(startsAt, zone).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  // Day 0 of a month is the last day of the one before: TZDate rolls over as Date does.
  return new Date(new TZDate(year, month - 1, day - 1, REMINDER_HOUR, zone).getTime());
}

export interface ReminderFacts {
  firstName: string;
  provider: MailProvider;
  window: { state: string; startsAt: Date; endsAt: Date };
  address: string;
}

/** Subject, plain text and HTML (with %ORDER_LINK% where the link goes); no attachment. */
export function renderReminder(facts: ReminderFacts): RenderedMail {
  const { provider } = facts;
  const when = formatWindow(facts.window.startsAt, facts.window.endsAt, facts.window.state);
  const subject = `Reminder: your ${provider.name} installation is tomorrow`;
  const expect = [
    'Your installer will arrive during this window.',
    'Please make sure someone aged 18 or over is home for the whole window to let them in.',
    'They will need to reach where the fibre enters your home and a power point for the router.',
  ];
  const text = [
    `Hi ${facts.firstName},`,
    '',
    `This is a reminder that your ${provider.name} installation is tomorrow.`,
    '',
    'Installation:',
    `  ${when}`,
    `  ${facts.address}`,
    '',
    'What to expect:',
    ...expect.map((line) => `  ${line}`),
    '',
    `See or change your order: ${ORDER_LINK_PLACEHOLDER}`,
    '',
    `Questions? Call ${provider.support_phone} or email ${provider.support_email}.`,
    '',
    ...helpText(provider),
    provider.name,
  ].join('\n');

  const e = escapeHtml;
  const html = mailHtml({
    provider,
    subject,
    firstName: facts.firstName,
    linkText: 'See or change your order',
    body: `<p>This is a reminder that your ${e(provider.name)} installation is tomorrow.</p>
<h2 style="font-size:16px">Installation</h2>
<p>${e(when)}<br>${e(facts.address)}</p>
<h2 style="font-size:16px">What to expect</h2>
<ul>${expect.map((line) => `<li>${e(line)}</li>`).join('')}</ul>`,
  });
  return { subject, text, html, attachments: [] };
}

/**
 * One sweep: queues the reminder of every confirmed order whose window's reminder is due at
 * `now` and whose window is still ahead. Each in its own transaction, which re-checks the order
 * (locked) and writes the mail with ON CONFLICT DO NOTHING and, only when it wrote it, a new
 * order page link. Answers how many this sweep queued.
 */
export async function queueDueReminders(ctx: AppContext, now: Date): Promise<number> {
  const { db } = ctx.database;
  const candidates = await reminderCandidates(db, now, new Date(now.getTime() + LOOK_AHEAD_MS));
  const provider = mailProviderOf(ctx.catalogue.current());
  let queued = 0;
  for (const order of candidates) {
    if (reminderDueAt(order.starts_at, order.state).getTime() > now.getTime()) continue;
    const firstName = typeof order.contact.firstName === 'string' ? order.contact.firstName : '';
    const rendered = renderReminder({
      firstName,
      provider,
      window: { state: order.state, startsAt: order.starts_at, endsAt: order.ends_at },
      address: orderAddressLine(order),
    });
    const wrote = await inTransaction(db, async (trx) => {
      if (!(await lockConfirmedWindow(trx, order.id, order.starts_at))) return false;
      const token = newOrderToken();
      const inserted = await enqueueReminder(trx, {
        id: ctx.newId(),
        kind: 'order.reminder',
        orderId: order.id,
        recipient: order.email,
        ...rendered,
        linkToken: token,
        createdAt: now,
        windowStart: order.starts_at,
      });
      if (inserted) await insertOrderLink(trx, order.id, hashOrderToken(token), now);
      return inserted;
    });
    if (wrote) queued++;
  }
  return queued;
}

export interface ReminderSweep {
  start(): void;
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
  /** One sweep now (tests); answers how many reminders it queued. */
  runOnce(): Promise<number>;
}

/** The periodic sweep of one instance: every `everyMs` (the first after one period). */
export function createReminderSweep(
  ctx: AppContext,
  log: SweepLog,
  everyMs = REMINDER_EVERY_MS,
): ReminderSweep {
  return createPeriodicSweep(() => queueDueReminders(ctx, ctx.now()), {
    everyMs,
    log,
    queued: 'installation reminders queued',
    failed: 'reminder sweep failed',
  });
}

export interface SweepLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * A sweep that queues reminders every `everyMs` on one instance (the first after one period): a
 * round never starts while the last runs, a failed round is logged and the next one tries again,
 * and stop() waits for a round under way. Shared by the installation reminder and the reminder to
 * finish (signups/reminder.ts).
 */
export function createPeriodicSweep(
  runOnce: () => Promise<number>,
  options: { everyMs: number; log: SweepLog; queued: string; failed: string; enabled?: boolean },
): ReminderSweep {
  const { everyMs, log, queued, failed, enabled = true } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  return {
    start() {
      if (timer || !enabled) return;
      timer = setInterval(() => {
        if (running) return;
        running = runOnce()
          .then((n) => {
            if (n > 0) log.info({ reminders: n }, queued);
            return n;
          })
          .catch((error: unknown) => {
            log.warn({ err: error }, failed);
            return 0;
          })
          .finally(() => {
            running = undefined;
          });
      }, everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    runOnce,
  };
}
