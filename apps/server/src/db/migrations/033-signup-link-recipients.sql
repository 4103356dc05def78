-- migrate: no-transaction
-- The links to finish later mailed to one address lately (docs/rules/mail.md#finish-later): a
-- partial index, so counting them before another is mailed reads a few rows, not the outbox.
-- Built concurrently: mail is queued on while it builds.
CREATE INDEX CONCURRENTLY IF NOT EXISTS mail_outbox_signup_links ON mail_outbox (lower(recipient), created_at) WHERE kind = 'signup.link';
