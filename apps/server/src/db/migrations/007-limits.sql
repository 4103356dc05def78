-- Limits that hold across instances (docs/decisions/010-limits.md). Numbered 007: another change
-- of the same issue may add a 006.

-- Slot hoarding (OWASP OAT-021): a hold remembers the client address it came from and the
-- wizard's session token, so one address keeps at most HOLDS_PER_CLIENT live holds and one
-- session one. Both are counted in the hold's transaction under an advisory lock on the address
-- and on the session (repositories/reservations.ts), so any number of instances agree.
ALTER TABLE reservations ADD COLUMN client_address text;
ALTER TABLE reservations ADD COLUMN hold_session text;
CREATE INDEX reservations_live_client ON reservations (client_address, expires_at)
  WHERE status = 'held';
CREATE INDEX reservations_live_session ON reservations (hold_session) WHERE status = 'held';

-- The same lead sent again within a day is stored once: each lead's fingerprint (a hash of its
-- normalised fields) claims this row; a claim younger than a day answers with its lead.
CREATE TABLE lead_fingerprints (
  fingerprint text PRIMARY KEY,
  lead_id text NOT NULL,
  created_at timestamptz NOT NULL
);
