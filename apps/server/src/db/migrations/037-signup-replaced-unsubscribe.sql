-- Saved sign-ups that cannot fill the disk or be opened from a header (docs/rules/mail.md,
-- "Finish later"; docs/rules/retention.md).

-- One live saved sign-up per address: a new save replaces the older ones, which keep only their
-- consent (the evidence) and their address until the retention sweep deletes them. replaced_at
-- says when; their snapshot is emptied, their links open nothing. Nullable: no rewrite, a
-- moment's lock.
ALTER TABLE saved_signups ADD COLUMN replaced_at timestamptz;

-- The unsubscribe links' own tokens (/api/v1/public/unsubscribe/<token>), kept only as their
-- SHA-256 (hex): a token that unsubscribes and opens nothing, so whoever sees a mail's
-- List-Unsubscribe header cannot open the sign-up. Deleted with the sign-up.
CREATE TABLE signup_unsubscribe_tokens (
  token_hash text PRIMARY KEY,
  signup_id text NOT NULL REFERENCES saved_signups (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE INDEX signup_unsubscribe_tokens_signup ON signup_unsubscribe_tokens (signup_id);
