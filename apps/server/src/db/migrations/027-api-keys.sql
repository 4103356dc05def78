-- The back-office API's keys and the incremental lists (docs/rules/operators.md#api-keys,
-- docs/decisions/026-api-keys.md). Numbered 027: other changes of the same issue add 026 and 028.

-- A key: only the SHA-256 (hex) of its text is kept, beside its first characters (`prefix`) for
-- a person to recognise it. Names are unique among the keys not revoked; a revoked key stays
-- listed, with who revoked it and when.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('manager', 'viewer')),
  key_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by text
);
CREATE UNIQUE INDEX api_keys_live_name ON api_keys (name) WHERE revoked_at IS NULL;

-- Every write to an order or a lead stamps the row with when (updated_at, the writing statement's
-- clock) and by which transaction (change_xid). The change lists answer only rows whose
-- transaction is below the oldest one still running, in (change_xid, id) order, so a row written
-- by a transaction that commits late is never skipped behind a cursor. Columns added without a
-- default (no table rewrite); the rows already there are stamped once, here, as of this migration.
ALTER TABLE orders ADD COLUMN updated_at timestamptz;
ALTER TABLE orders ADD COLUMN change_xid xid8;
ALTER TABLE leads ADD COLUMN updated_at timestamptz;
ALTER TABLE leads ADD COLUMN change_xid xid8;
UPDATE orders SET updated_at = created_at, change_xid = pg_current_xact_id();
UPDATE leads SET updated_at = created_at, change_xid = pg_current_xact_id();
ALTER TABLE orders ALTER COLUMN updated_at SET NOT NULL;
ALTER TABLE orders ALTER COLUMN change_xid SET NOT NULL;
ALTER TABLE leads ALTER COLUMN updated_at SET NOT NULL;
ALTER TABLE leads ALTER COLUMN change_xid SET NOT NULL;

CREATE FUNCTION stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := clock_timestamp();
  NEW.change_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;
CREATE TRIGGER orders_stamp_change BEFORE INSERT OR UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER leads_stamp_change BEFORE INSERT OR UPDATE ON leads
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX orders_change ON orders (change_xid, id);
CREATE INDEX leads_change ON leads (change_xid, id);
