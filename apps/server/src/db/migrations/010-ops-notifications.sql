-- Signed notifications to the provider's staff (docs/rules/notifications.md,
-- docs/decisions/015-ops-notifications.md). Numbered 010: another change of the same issue adds
-- a 009.

-- The outbox: a row is written in the same transaction that records a lead or keeps an order as
-- needs_attention, so a notification exists exactly when its event does. The worker sends the
-- due rows (next_attempt_at <= now, not delivered) and records the outcome; a row that gave up
-- keeps its last error. Rows are kept after delivery (a later console may show them).
CREATE TABLE ops_notifications (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('order.needs_attention', 'lead.created')),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  last_error text
);
-- The worker's question: what is due and undelivered.
CREATE INDEX ops_notifications_due ON ops_notifications (next_attempt_at)
  WHERE delivered_at IS NULL AND next_attempt_at IS NOT NULL;
