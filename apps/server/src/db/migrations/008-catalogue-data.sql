-- The provider's catalogue as data (docs/decisions/011-catalogue-as-data.md). Every import of a
-- catalogue file is a version: its parsed document (what the in-process cache rebuilds from), the
-- file's sha256 (the same file twice is one version) and a summary. The relational rows below are
-- kept in step with the latest version in the import's transaction: orders, coupons, campaigns,
-- buildings and crews are read from them. Nothing a file drops is deleted (orders reference it):
-- plans, routers, coupons, campaigns and buildings get retired_at, crews active = false.
CREATE TABLE catalogue_versions (
  version serial PRIMARY KEY,
  provider_code text NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  -- 'demo': the bundled catalogue/demo.yaml; 'file': a provider's own.
  source text NOT NULL CHECK (source IN ('demo', 'file')),
  summary text NOT NULL,
  document jsonb NOT NULL,
  imported_at timestamptz NOT NULL
);

-- The plan's typical busy-hour speed and its Critical Information Summary.
ALTER TABLE plans ADD COLUMN busy_hour_speed integer;
UPDATE plans SET busy_hour_speed = speed;
ALTER TABLE plans ALTER COLUMN busy_hour_speed SET NOT NULL;
ALTER TABLE plans ADD CONSTRAINT plans_busy_hour_speed_check
  CHECK (busy_hour_speed > 0 AND busy_hour_speed <= speed);
ALTER TABLE plans ADD COLUMN cis_url text NOT NULL DEFAULT '';

ALTER TABLE plans ADD COLUMN retired_at timestamptz;
ALTER TABLE routers ADD COLUMN retired_at timestamptz;
ALTER TABLE coupons ADD COLUMN retired_at timestamptz;
ALTER TABLE campaigns ADD COLUMN retired_at timestamptz;
ALTER TABLE buildings ADD COLUMN retired_at timestamptz;

-- Unit numbers known at the building.
ALTER TABLE buildings ADD COLUMN units text[] NOT NULL DEFAULT '{}';

-- A building names its campaign (several buildings may share one), as the file does.
ALTER TABLE buildings ADD COLUMN campaign_id text REFERENCES campaigns (id);
UPDATE buildings b SET campaign_id = c.id FROM campaigns c WHERE c.building_code = b.code;
ALTER TABLE campaigns DROP COLUMN building_code;

-- A campaign runs from its first to its last calendar day, in the building's state's zone.
ALTER TABLE campaigns ADD COLUMN starts date;
ALTER TABLE campaigns ADD COLUMN ends date;
UPDATE campaigns SET starts = start_date::date, ends = end_date::date;
ALTER TABLE campaigns ALTER COLUMN starts SET NOT NULL;
ALTER TABLE campaigns ALTER COLUMN ends SET NOT NULL;
ALTER TABLE campaigns ADD CONSTRAINT campaigns_dates_check CHECK (ends >= starts);
ALTER TABLE campaigns DROP COLUMN start_date;
ALTER TABLE campaigns DROP COLUMN end_date;

-- Days without installations, replaced whole by every import: a public holiday closes every
-- window of the state's day (crews_off NULL); a crew day off takes crews_off crews out of them.
CREATE TABLE closures (
  id serial PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT')),
  day date NOT NULL,
  crews_off integer CHECK (crews_off IS NULL OR crews_off > 0),
  name text NOT NULL
);
CREATE INDEX closures_state_day ON closures (state, day);
