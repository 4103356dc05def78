import { readFileSync } from 'node:fs';
import { smtpEnv, startSmtpReceiver, type SmtpReceiver } from '@fibre/server/testing/smtp';
import { expect, test as base } from './fixtures.ts';
import { buildWebIfNeeded, startServer } from './server.ts';
import type { MailingDeployment } from './mailing.ts';

/*
 * Finish later's specs (docs/rules/mail.md, "Finish later"): a server of the spec's own that mails
 * to a local SMTP receiver, with the environment the spec gives (`finishLaterEnv`), and the mails
 * to one address read from the receiver.
 */
export const test = base.extend<{
  serverLogOnFailure: void;
  deployment: MailingDeployment;
  finishLaterEnv: Record<string, string>;
}>({
  // A mail that never came says little by itself: a failed test prints the end of its server's
  // log (the outbox's attempts, the SMTP errors), which the server's home takes away at its stop.
  serverLogOnFailure: [
    async ({ deployment }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const lines = readFileSync(deployment.server.logFile, 'utf8').trimEnd().split('\n');
      console.log(`The server's log, its last ${Math.min(lines.length, 60)} lines:`);
      console.log(lines.slice(-60).join('\n'));
    },
    { auto: true },
  ],
  finishLaterEnv: [{}, { option: true }],
  deployment: [
    async ({ keep, finishLaterEnv }, use) => {
      await use(
        await keep(`deployment ${JSON.stringify(finishLaterEnv)}`, async () => {
          buildWebIfNeeded();
          const smtp = await startSmtpReceiver();
          const server = await startServer({ ...smtpEnv(smtp), ...finishLaterEnv });
          return {
            value: { server, smtp },
            close: async () => {
              await server.stop();
              await smtp.close();
            },
          };
        }),
      );
    },
    { timeout: 150_000 },
  ],
  baseURL: async ({ deployment }, use) => {
    await use(deployment.server.baseURL);
  },
});

export { expect };

type ParsedMail = SmtpReceiver['messages'][number];

/** The mails the receiver has to `to` whose subject matches. */
export const mailsTo = (smtp: SmtpReceiver, to: string, subject: RegExp): ParsedMail[] =>
  smtp.messages.filter(
    (m) => JSON.stringify(m.to ?? '').includes(to) && subject.test(m.subject ?? ''),
  );

/** The first such mail, once it has come. */
export async function mailTo(smtp: SmtpReceiver, to: string, subject: RegExp) {
  await expect
    .poll(() => mailsTo(smtp, to, subject).length, { timeout: 90_000 })
    .toBeGreaterThan(0);
  return mailsTo(smtp, to, subject)[0]!;
}

/** The path of the mail's link to finish (`/resume/<token>`) and of its unsubscribe link. */
export function linksOf(mail: ParsedMail): { resume: string; unsubscribe: string } {
  const text = mail.text ?? '';
  const resume = /https?:\/\/[^\s]+(\/resume\/[\w-]+)/.exec(text)?.[1];
  const unsubscribe = /https?:\/\/[^\s]+(\/api\/v1\/public\/unsubscribe\/[\w-]+)/.exec(text)?.[1];
  if (!resume || !unsubscribe) throw new Error(`no links in the mail:\n${text}`);
  return { resume, unsubscribe };
}

export const LINK_SUBJECT = /^Finish your .+ sign-up$/;
export const REMINDER_SUBJECT = /^Your .+ sign-up is waiting$/;
