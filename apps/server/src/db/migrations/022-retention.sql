-- Retention (docs/decisions/023-retention.md, docs/rules/retention.md): when an order was
-- cancelled, and when the retention sweep anonymised it (a cancelled order's personal fields are
-- cleared twelve months after a cancel that came before the installation). Orders cancelled
-- before this migration have no cancelled_at: the sweep reads the time their window was given
-- back (reservations.ended_at) instead. Nullable columns without a default: no table rewrite.
ALTER TABLE orders ADD COLUMN cancelled_at timestamptz;
ALTER TABLE orders ADD COLUMN anonymised_at timestamptz;
