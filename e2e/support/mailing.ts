import { smtpEnv, startSmtpReceiver, type SmtpReceiver } from '@fibre/server/testing/smtp';
import { expect, test as base } from './fixtures.ts';
import { buildWebIfNeeded, startServer, type RunningServer } from './server.ts';

/** A server of the spec file's own (the embedded database) that mails to a local SMTP receiver. */
export interface MailingDeployment {
  server: RunningServer;
  smtp: SmtpReceiver;
}

/**
 * The wizard's fixtures on a server that mails, so a spec reads the confirmation mail (its order
 * link, its words). One deployment per worker, as every spec with its own server has.
 */
export const test = base.extend<{ deployment: MailingDeployment }>({
  deployment: [
    async ({ keep }, use) => {
      await use(
        await keep('deployment', async () => {
          buildWebIfNeeded();
          const smtp = await startSmtpReceiver();
          const server = await startServer({ ...smtpEnv(smtp) });
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

/** The confirmation mail to `to`, once the SMTP receiver has it. */
export async function confirmationTo(smtp: SmtpReceiver, to: string) {
  const mine = () =>
    smtp.messages.filter(
      (m) => JSON.stringify(m.to ?? '').includes(to) && /is confirmed/.test(m.subject ?? ''),
    );
  await expect.poll(() => mine().length, { timeout: 20_000 }).toBeGreaterThan(0);
  return mine()[0]!;
}
