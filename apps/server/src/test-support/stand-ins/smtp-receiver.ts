import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server (the `smtp-server` package) that keeps every message it accepts, parsed
 * (mailparser). `refusals` is how many messages to answer with a temporary failure (451) before
 * accepting, to test retries; `port` listens on a given port (a server started again after a
 * crash), else on a free one.
 */
export interface SmtpReceiver {
  port: number;
  /** Accepted messages, in order (repeats included). */
  messages: ParsedMail[];
  /** How many messages were refused with 451. */
  refused: number;
  /** SMTP connections made to it in all, and those open now (a pool's are kept open). */
  connections: number;
  open: number;
  close(): Promise<void>;
}

export async function startSmtpReceiver(
  options: { refusals?: number; port?: number } = {},
): Promise<SmtpReceiver> {
  let refusals = options.refusals ?? 0;
  const receiver: SmtpReceiver = {
    port: 0,
    messages: [],
    refused: 0,
    connections: 0,
    open: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: no self-signed STARTTLS for the client to refuse.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      receiver.connections += 1;
      receiver.open += 1;
      callback();
    },
    onClose() {
      receiver.open -= 1;
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refusals > 0) {
            refusals -= 1;
            receiver.refused += 1;
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          receiver.messages.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve()),
  );
  receiver.port = (server.server.address() as AddressInfo).port;
  return receiver;
}

export const MAIL_FROM = 'Demo Fibre <orders@demo-fibre.example>';

export const smtpEnv = (receiver: { port: number }) => ({
  SMTP_URL: `smtp://127.0.0.1:${receiver.port}`,
  MAIL_FROM,
});
