-- The funnel (docs/rules/funnel.md). Numbered 031: other changes of the same issue add 028 to 030.

-- Arrivals per UTC day, step, building and campaign. '' stands for none (no building known yet,
-- no campaign), so the four make the key. No personal data: nothing here names a visitor.
CREATE TABLE funnel_days (
  day date NOT NULL,
  step text NOT NULL,
  building_code text NOT NULL,
  campaign_id text NOT NULL,
  arrivals integer NOT NULL,
  PRIMARY KEY (day, step, building_code, campaign_id)
);

-- Each tab's arrival at each step, once: a report sent again (a reload, Back and Forward) counts
-- nothing. The tab id is random (the wizard's crypto.randomUUID(), per tab); the rows are deleted
-- by the retention sweep after RETAIN_FUNNEL_TABS_DAYS.
CREATE TABLE funnel_tabs (
  tab_id uuid NOT NULL,
  step text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tab_id, step)
);
CREATE INDEX funnel_tabs_created ON funnel_tabs (created_at);
