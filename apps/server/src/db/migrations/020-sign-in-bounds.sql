-- Sign-in bounds (docs/rules/operators.md#signing-in, docs/decisions/014-operator-sign-in.md,
-- "Update (issue 28)"). One row per thing attempts are counted under:
--   (email, '')       every attempt at an email, from anywhere; for any email typed, account or not;
--   ('', address)     every attempt from a client address (IPv6 by its /64), at any email;
--   (email, address)  attempts at one email from one address.
-- failures: wrong passwords in a row under the key (each attempt is counted before its password
-- is checked, and a right one takes its count back); next_at: no attempt under the key is checked
-- before then; last_failure_at: when the last one was counted; signed_in_at (email and address
-- together only): the last right password from that address, which makes it one the account's
-- owner uses.
CREATE TABLE sign_in_bounds (
  email text NOT NULL,
  address text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  next_at timestamptz,
  last_failure_at timestamptz,
  signed_in_at timestamptz,
  PRIMARY KEY (email, address)
);

-- The account's own count and lock (migration 009) are replaced by the bounds above.
ALTER TABLE operators DROP COLUMN failed_attempts, DROP COLUMN locked_until;
