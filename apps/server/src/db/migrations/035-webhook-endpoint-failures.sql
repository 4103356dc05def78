-- A webhook endpoint that keeps failing (docs/rules/webhooks.md#delivery-and-retries): how many
-- attempts to it failed in a row, since when, and when it may be tried again. A success clears
-- them; failing every attempt for WEBHOOK_DISABLE_AFTER_DAYS disables it (audited), its
-- deliveries kept for when a manager enables it again. A constant default and nullable columns:
-- adding them rewrites nothing and takes no long lock.
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS failures integer NOT NULL DEFAULT 0;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS failing_since timestamptz;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS retry_at timestamptz;
