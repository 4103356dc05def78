-- What an erasure leaves of a lead for the change lists (docs/rules/personal-data-requests.md#erase,
-- docs/rules/operators.md#api-keys): the lead row is deleted, and this row, with no personal data
-- (its id and dates only), lists it as erased in /admin/api/leads/changes, so a system that syncs a
-- copy deletes its own. Stamped as the leads are (migration 027), for the same cursor. A new,
-- empty table: nothing waits on it.
CREATE TABLE erased_leads (
  id text PRIMARY KEY,
  created_at timestamptz NOT NULL,
  erased_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  change_xid xid8 NOT NULL
);
CREATE TRIGGER erased_leads_stamp_change BEFORE INSERT OR UPDATE ON erased_leads
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX erased_leads_change ON erased_leads (change_xid, id);
