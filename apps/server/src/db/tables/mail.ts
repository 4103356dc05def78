import type { Generated, JSONColumnType } from 'kysely';

/** What a customer mail is (docs/rules/mail.md). */
export type MailKind =
  | 'order.confirmation'
  | 'order.rescheduled'
  | 'order.cancelled'
  | 'order.reminder'
  // Migration 028: the link to finish a sign-up later, and the one reminder to finish it.
  | 'signup.link'
  | 'signup.reminder';

/** A file sent with a mail: the .ics invite. */
export interface MailAttachment {
  filename: string;
  content_type: string;
  content: string;
}

export interface MailTables {
  /** Migration 013: the outbox of customer mail. */
  mail_outbox: {
    id: string;
    kind: MailKind;
    order_id: string | null;
    recipient: string;
    subject: string;
    /** With %ORDER_LINK% where the order page's link goes. */
    text_body: string;
    html_body: string;
    attachments: JSONColumnType<MailAttachment[]>;
    /** The order page's token until the mail is sent; null after. */
    link_token: string | null;
    created_at: Date;
    attempts: Generated<number>;
    /** When the worker may send it next; null once it gave up (or was sent). */
    next_attempt_at: Date | null;
    delivered_at: Generated<Date | null>;
    last_error: Generated<string | null>;
    /** Migration 015: the window a reminder is for (one reminder per order and window). */
    window_start: Generated<Date | null>;
  };
  /** Migration 013: the order page's tokens, as SHA-256 hex only. */
  order_links: {
    token_hash: string;
    order_id: string;
    created_at: Date;
  };
}
