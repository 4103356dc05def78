-- migrate: no-transaction
-- Staff identities bound to the issuer's subject
-- (docs/rules/operators.md#signing-in-through-the-providers-identity-service): an account the
-- identity service signs in is found by the ID token's issuer and subject, not by its email; an
-- account made by the setup code or the CLI is linked to one identity, once. identity_made marks
-- the accounts the identity service made (their role follows its claim); the accounts it made
-- before this migration are those with its no-password text. Nullable columns and a constant
-- default rewrite nothing; the unique index is built concurrently, so no sign-in waits for it.
ALTER TABLE operators ADD COLUMN IF NOT EXISTS identity_issuer text;
ALTER TABLE operators ADD COLUMN IF NOT EXISTS identity_subject text;
ALTER TABLE operators ADD COLUMN IF NOT EXISTS identity_made boolean NOT NULL DEFAULT false;
UPDATE operators SET identity_made = true WHERE password_hash = 'none: signs in through the identity service' AND NOT identity_made;
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS operators_identity ON operators (identity_issuer, identity_subject);
