-- The operator console's accounts, sessions and audit (docs/rules/operators.md,
-- docs/decisions/014-operator-sign-in.md). Numbered 009: another change of the same issue adds 010.

-- An operator: the email as typed, trimmed and lower-cased (unique), a role, and the password's
-- scrypt hash with its salt and parameters ('scrypt$N$r$p$salt$hash', base64url). Wrong passwords
-- in a row are counted; the tenth locks the account until locked_until.
CREATE TABLE operators (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('manager', 'viewer')),
  password_hash text NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- A signed-in session: the cookie carries a random token, the row keeps only its SHA-256. It ends
-- at expires_at (absolute) or when unused for the idle time after last_seen_at. The CSRF token is
-- the one every change must echo in X-CSRF-Token.
CREATE TABLE operator_sessions (
  token_hash text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);

-- Every change by an operator: who (the email, kept when the account is removed), when, what, on
-- which subject, and the subject before and after.
CREATE TABLE operator_audit (
  id bigserial PRIMARY KEY,
  operator_email text NOT NULL,
  at timestamptz NOT NULL,
  action text NOT NULL,
  subject_type text NOT NULL,
  subject_id text,
  before jsonb,
  after jsonb
);
CREATE INDEX operator_audit_subject ON operator_audit (subject_type, subject_id, at);
