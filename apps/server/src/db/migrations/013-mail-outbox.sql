-- Mail to customers and the order page's links (docs/rules/mail.md,
-- docs/decisions/017-mail-outbox.md). Numbered 013: other changes of the same release add 011
-- and 012.

-- The outbox: a mail is written, rendered, in the same transaction as the order or change it
-- tells of, so it exists exactly when that was committed. The worker sends the due rows
-- (next_attempt_at <= now, not delivered) over SMTP and records the outcome; a row that gave up
-- keeps its last error. Rows are kept after sending (the operator console shows them).
-- The bodies carry the placeholder %ORDER_LINK%; link_token holds the order page's token only
-- until the mail is sent (then null), since order_links keeps nothing but its hash.
CREATE TABLE mail_outbox (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('order.confirmation')),
  order_id text,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  -- [{filename, content_type, content}]: the .ics invite, as text.
  attachments jsonb NOT NULL,
  link_token text,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  last_error text
);
-- The worker's question: what is due and unsent.
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at)
  WHERE delivered_at IS NULL AND next_attempt_at IS NOT NULL;
CREATE INDEX mail_outbox_order ON mail_outbox (order_id);

-- The order page's links (/order/<token>): a random token of 32 bytes, kept only as its SHA-256
-- (hex), made in the transaction that confirms the order.
CREATE TABLE order_links (
  token_hash text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX order_links_order ON order_links (order_id);
