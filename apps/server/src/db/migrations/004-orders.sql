-- Orders and what an install creates with them, in one transaction: the billing customer and
-- subscription (local ledger), the booking with its scheduling task (local calendar), and the
-- answer kept for an Idempotency-Key.
CREATE TABLE orders (
  id text PRIMARY KEY,
  reservation_id text NOT NULL UNIQUE,
  building_code text NOT NULL REFERENCES buildings (code),
  plan_id text NOT NULL REFERENCES plans (id),
  router_id text NOT NULL REFERENCES routers (id),
  add_ons text[] NOT NULL,
  coupon_id text,
  monthly_cents integer NOT NULL,
  activation_cents integer NOT NULL,
  card_fee_cents integer NOT NULL,
  email text NOT NULL,
  contact jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('confirmed', 'needs_attention')),
  created_at timestamptz NOT NULL
);

CREATE TABLE billing_customers (
  id text PRIMARY KEY,
  order_id text NOT NULL UNIQUE REFERENCES orders (id),
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  card_token text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE billing_subscriptions (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES billing_customers (id),
  order_id text NOT NULL UNIQUE REFERENCES orders (id),
  plan_id text NOT NULL,
  router_id text NOT NULL,
  add_ons text[] NOT NULL,
  coupon_id text,
  monthly_cents integer NOT NULL,
  start_date timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);

-- A booking cannot exist without its order: the foreign key is NOT NULL.
CREATE TABLE bookings (
  id text PRIMARY KEY,
  order_id text NOT NULL UNIQUE REFERENCES orders (id),
  reservation_id text NOT NULL UNIQUE,
  event_id text NOT NULL,
  state text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  task jsonb NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE idempotency_keys (
  key text PRIMARY KEY,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
