-- Every order and lead event, delivered to the provider's systems as Standard Webhooks
-- (docs/rules/webhooks.md, docs/decisions/027-webhooks.md), and the service's progress after
-- installation (docs/rules/orders.md#service-status). Replaces ops_notifications (010), whose
-- rows are carried over as events with deliveries to the configured endpoint. The table stays for
-- the rolling upgrade: an older instance still writes there, and the new worker carries what it
-- writes over (notifications/carry-over.ts); a later release drops it.

-- Per order and per lead, the last event's sequence number: an event's transaction takes the next
-- with one UPDATE, which also locks the row, so two events of one order never share a number.
-- A constant default: no table rewrite.
ALTER TABLE orders ADD COLUMN event_sequence integer NOT NULL DEFAULT 0;
ALTER TABLE leads ADD COLUMN event_sequence integer NOT NULL DEFAULT 0;

-- Where the service is after installation: null (not yet installed), installed, active or
-- cancelled, with the note and the time of the last change.
ALTER TABLE orders ADD COLUMN service_status text;
ALTER TABLE orders ADD COLUMN service_note text;
ALTER TABLE orders ADD COLUMN service_changed_at timestamptz;

-- One row per event, written in the transaction of the change it reports. `data` is the event's
-- data as sent (version 1); the body adds its type, time and id.
CREATE TABLE webhook_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  order_id text,
  lead_id text,
  sequence integer NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX webhook_events_order_sequence ON webhook_events (order_id, sequence)
  WHERE order_id IS NOT NULL;
CREATE UNIQUE INDEX webhook_events_lead_sequence ON webhook_events (lead_id, sequence)
  WHERE lead_id IS NOT NULL;
CREATE INDEX webhook_events_created ON webhook_events (created_at);

-- Endpoints a manager adds in the console; OPS_WEBHOOK_URL is the endpoint 'configured', kept in
-- the environment, not here. An empty event_types list takes every type.
CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY,
  url text NOT NULL,
  secret text NOT NULL,
  event_types text[] NOT NULL DEFAULT '{}',
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  disabled_at timestamptz,
  disabled_by text
);

-- The outbox: one row per event and endpoint, claimed, delivered and retried as the mail outbox's.
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  event_id text NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  endpoint_id text NOT NULL,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  last_error text,
  last_status integer
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
  WHERE delivered_at IS NULL AND next_attempt_at IS NOT NULL;
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
CREATE INDEX webhook_deliveries_created ON webhook_deliveries (created_at);

-- The old outbox's finished rows (delivered or given up) become events, numbered per order or
-- lead by age, with a delivery each to the configured endpoint in the state it had: the history
-- the console and a person's data show. Rows still being sent stay where they are: the worker
-- carries them over as events of this version (notifications/carry-over.ts) and sends them.
INSERT INTO webhook_events (id, type, order_id, lead_id, sequence, data, created_at)
SELECT id, kind, payload->>'order_id', payload->>'lead_id', n,
       payload || jsonb_build_object('sequence', n), created_at
FROM (
  SELECT *, row_number() OVER (
    PARTITION BY payload->>'order_id', payload->>'lead_id' ORDER BY created_at, id
  )::integer AS n
  FROM ops_notifications
  WHERE delivered_at IS NOT NULL OR next_attempt_at IS NULL
) numbered;
UPDATE orders SET event_sequence = s.n
FROM (SELECT order_id, max(sequence) AS n FROM webhook_events
      WHERE order_id IS NOT NULL GROUP BY order_id) s
WHERE orders.id = s.order_id;
UPDATE leads SET event_sequence = s.n
FROM (SELECT lead_id, max(sequence) AS n FROM webhook_events
      WHERE lead_id IS NOT NULL GROUP BY lead_id) s
WHERE leads.id = s.lead_id;
INSERT INTO webhook_deliveries
  (id, event_id, endpoint_id, created_at, attempts, next_attempt_at, delivered_at, last_error)
SELECT id, id, 'configured', created_at, attempts, next_attempt_at, delivered_at, last_error
FROM ops_notifications
WHERE delivered_at IS NOT NULL OR next_attempt_at IS NULL;
DELETE FROM ops_notifications WHERE delivered_at IS NOT NULL OR next_attempt_at IS NULL;
