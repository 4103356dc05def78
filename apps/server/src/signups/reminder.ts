import type { AppContext } from '../context.ts';
import {
  createPeriodicSweep,
  mailProviderOf,
  type ReminderSweep,
  type SweepLog,
} from '../mail/index.ts';
import { inTransaction } from '../db/transactions.ts';
import {
  claimSignupReminder,
  keepSignupUntil,
  reminderCandidates,
  stillRemindable,
} from './repository.ts';
import { queueSignupMail } from './finish-later.ts';
import { renderFinishReminder } from './mail.ts';

/**
 * The reminder to finish (docs/rules/mail.md, "The reminder to finish"): with ABANDONED_REMINDER=on,
 * a sweep in every instance queues one `signup.reminder` per saved sign-up once it is
 * ABANDONED_REMINDER_HOURS old, unless its address ordered or unsubscribed since, its links expired,
 * or a newer sign-up of the same address was saved. signup_reminders' primary key makes it one
 * however many instances sweep at once (as mail/reminder.ts does for the installation's).
 */

/** How often each instance sweeps: every minute, or six times in the delay when it is shorter. */
export const sweepEveryMs = (reminderAfterMs: number): number =>
  Math.max(1000, Math.min(60_000, Math.round(reminderAfterMs / 6)));

/** One sweep at `now`: answers how many reminders it queued. */
export async function queueFinishReminders(ctx: AppContext, now: Date): Promise<number> {
  const { reminder, reminderAfterMs } = ctx.config.finishLater;
  if (!reminder) return 0;
  const { db } = ctx.database;
  const due = await reminderCandidates(db, now, new Date(now.getTime() - reminderAfterMs));
  const provider = mailProviderOf(ctx.catalogue.current());
  let queued = 0;
  for (const signup of due) {
    // The reminder's link works as long as a new link would (FINISH_LATER_DAYS from now).
    const expiresAt = new Date(now.getTime() + ctx.config.finishLater.linkMs);
    const rendered = renderFinishReminder({
      firstName: signup.first_name,
      provider,
      expiresAt,
      enteredAt: signup.created_at,
    });
    const wrote = await inTransaction(db, async (trx) => {
      if (!(await stillRemindable(trx, signup.id, now))) return false;
      const mailId = ctx.newId();
      if (!(await claimSignupReminder(trx, signup.id, mailId, now))) return false;
      await keepSignupUntil(trx, signup.id, expiresAt);
      await queueSignupMail(trx, ctx, {
        kind: 'signup.reminder',
        id: mailId,
        signupId: signup.id,
        recipient: signup.email,
        rendered,
        now,
        expiresAt,
      });
      return true;
    });
    if (wrote) queued++;
  }
  return queued;
}

export type FinishReminderSweep = ReminderSweep;

/** The reminder to finish's sweep (off unless ABANDONED_REMINDER=on): the mail feature's timer. */
export function createFinishReminderSweep(ctx: AppContext, log: SweepLog): FinishReminderSweep {
  return createPeriodicSweep(() => queueFinishReminders(ctx, ctx.now()), {
    everyMs: sweepEveryMs(ctx.config.finishLater.reminderAfterMs),
    log,
    queued: 'reminders to finish queued',
    failed: 'finish reminder sweep failed',
    enabled: ctx.config.finishLater.reminder,
  });
}
