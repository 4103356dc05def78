-- Finish later and the reminder to finish (docs/rules/mail.md, "Finish later" and "The reminder
-- to finish"). Numbered 028: other changes of the same issue add the numbers around it.

-- A sign-up saved when its visitor asked for a link to finish later: the wizard's own serialised
-- state (card data, the card's token and the hold's id taken out by the server), the email the
-- link went to, and the consent the reminder needs (the words shown and when). reservation_id is
-- the hold the visitor had, kept apart from the state: a link that opens while it still holds gives
-- it back, otherwise a new window is chosen. expires_at is when its links stop working; the
-- retention sweep deletes the row RETAIN_SAVED_SIGNUPS_DAYS after that (docs/rules/retention.md).
CREATE TABLE saved_signups (
  id text PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL,
  snapshot jsonb NOT NULL,
  reservation_id text,
  -- {"words": "...", "marketing": true|false, "at": "..."}: what the visitor agreed to, and when.
  consent jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  unsubscribed_at timestamptz
);
CREATE INDEX saved_signups_created ON saved_signups (created_at);
CREATE INDEX saved_signups_email ON saved_signups (lower(email));
CREATE INDEX saved_signups_expires ON saved_signups (expires_at);

-- The links (/resume/<token>): a random token of 32 bytes, kept only as its SHA-256 (hex). A link
-- opens its sign-up once (used_at), until expires_at. The same token unsubscribes its sign-up's
-- address from the reminder (/api/v1/public/unsubscribe/<token>), used or not.
CREATE TABLE signup_links (
  token_hash text PRIMARY KEY,
  signup_id text NOT NULL REFERENCES saved_signups (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX signup_links_signup ON signup_links (signup_id);

-- The one reminder a saved sign-up gets: the primary key refuses a second however many
-- instances sweep at once (INSERT ... ON CONFLICT DO NOTHING, as mail_outbox_one_reminder does for
-- the installation's).
CREATE TABLE signup_reminders (
  signup_id text PRIMARY KEY REFERENCES saved_signups (id) ON DELETE CASCADE,
  mail_id text NOT NULL,
  created_at timestamptz NOT NULL
);

-- The two new mail kinds. A CHECK's list is changed by adding the new one under a new name
-- NOT VALID (new rows are checked, old ones were all valid under the old list) and dropping the old
-- one (docs/migrations.md); validating it is left to a later release.
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check_028
  CHECK (kind IN ('order.confirmation', 'order.rescheduled', 'order.cancelled', 'order.reminder',
    'signup.link', 'signup.reminder')) NOT VALID;
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
