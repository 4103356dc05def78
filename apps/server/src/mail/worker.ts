import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../context.ts';
import { claimDueMail, markMailFailed, markMailSent, type MailRow } from './repository.ts';
import { createOutboxWorker, type OutboxWorker, type WorkerLog } from '../outbox/worker.ts';
import { ORDER_LINK_PLACEHOLDER, orderLinkUrl } from './order-link.ts';
import {
  isSignupMail,
  resumeLinkUrl,
  UNSUBSCRIBE_LINK_PLACEHOLDER,
  unsubscribeTokenOf,
  unsubscribeUrl,
} from './signup-links.ts';

/**
 * The mail sender (docs/rules/mail.md): the shared outbox loop (outbox/worker.ts) sending each due
 * mail over SMTP (SMTP_URL, from MAIL_FROM). The server accepting the message sends it; anything
 * else (a refusal, a timeout, a refused connection) is retried with backoff. Without SMTP_URL it
 * sends nothing and the mail stays in the outbox.
 */

/**
 * The SMTP connections kept open and reused (docs/rules/mail.md, "Sending and retries"): at most
 * this many at once, each closed and opened again after this many messages, so that a backlog is
 * not one connection (and one TLS handshake) per mail.
 */
export const SMTP_POOL = { maxConnections: 3, maxMessages: 100 } as const;

export type MailWorker = OutboxWorker;

/** The link goes into the stored bodies only now: the outbox keeps the placeholder. */
function withLink(body: string, row: MailRow, publicUrl: string, html: boolean): string {
  const token = row.link_token;
  // A sign-up's mail links to the wizard's /resume/<token> and its unsubscribe URL, with its own
  // token (docs/rules/mail.md, "Finish later").
  const signup = isSignupMail(row.kind);
  const link = !token
    ? publicUrl
    : signup
      ? resumeLinkUrl(publicUrl, token)
      : orderLinkUrl(publicUrl, token);
  // base64url tokens and an http(s) origin need no escaping in text; in HTML & and " would.
  const safe = (url: string) =>
    html ? url.replaceAll('&', '&amp;').replaceAll('"', '&quot;') : url;
  let out = body.replaceAll(ORDER_LINK_PLACEHOLDER, safe(link));
  if (signup && token)
    out = out.replaceAll(
      UNSUBSCRIBE_LINK_PLACEHOLDER,
      safe(unsubscribeUrl(publicUrl, unsubscribeTokenOf(token))),
    );
  return out;
}

/**
 * A sign-up's mail is unsubscribed from in one click (RFC 8058): List-Unsubscribe names the URL a
 * mail client POSTs `List-Unsubscribe=One-Click` to (docs/rules/mail.md, "The reminder to finish").
 */
function unsubscribeHeaders(row: MailRow, publicUrl: string): Record<string, string> {
  if (!isSignupMail(row.kind) || !row.link_token) return {};
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(publicUrl, unsubscribeTokenOf(row.link_token))}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The address part of MAIL_FROM ('Name <a@b>' or 'a@b'), for the Message-ID's domain. */
function fromDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'localhost';
}

export function createMailWorker(
  ctx: AppContext,
  log: WorkerLog,
  options: { pollMs?: number; timeoutMs?: number; recordRetryMs?: number } = {},
): MailWorker {
  const { SMTP_URL: url, MAIL_FROM: from } = ctx.config.keys;
  const timeout = options.timeoutMs ?? 30_000;
  let transport: Transporter | undefined;
  const smtp = () =>
    (transport ??= nodemailer.createTransport({
      url: url!,
      pool: true,
      ...SMTP_POOL,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    }));
  const { db } = ctx.database;
  const publicUrl = ctx.config.publicUrl;
  const worker = createOutboxWorker<MailRow>(
    {
      enabled: Boolean(url && from),
      now: ctx.now,
      claim: (now, until, limit) => claimDueMail(db, now, until, limit),
      async send(row) {
        await smtp().sendMail({
          from: from!,
          to: row.recipient,
          subject: row.subject,
          text: withLink(row.text_body, row, publicUrl, false),
          html: withLink(row.html_body, row, publicUrl, true),
          // The same id on every attempt: a receiver can tell a repeat (docs/rules/mail.md).
          messageId: `<${row.id}@${fromDomain(from!)}>`,
          date: row.created_at,
          headers: unsubscribeHeaders(row, publicUrl),
          attachments: row.attachments.map((a) => ({
            filename: a.filename,
            content: a.content,
            contentType: a.content_type,
          })),
        });
      },
      markDelivered: (row, at) => markMailSent(db, row.id, at),
      markFailed: (id, next, error) => markMailFailed(db, id, next, error),
      count: (outcome) => ctx.metrics.mail(outcome),
      describe: (row) => ({ mail_id: row.id, kind: row.kind, order_id: row.order_id }),
      messages: {
        failed: 'mail not sent; will retry',
        gaveUp: 'mail given up',
        round: 'mail round failed',
        unrecorded:
          'mail sent but not yet recorded (the database away); recording it when it returns',
      },
    },
    log,
    {
      ...(options.pollMs ? { pollMs: options.pollMs } : {}),
      ...(options.recordRetryMs ? { recordRetryMs: options.recordRetryMs } : {}),
    },
  );
  return {
    ...worker,
    async stop() {
      await worker.stop();
      // The pool's open connections: QUIT, so the app's close leaves no socket behind.
      transport?.close();
    },
  };
}
