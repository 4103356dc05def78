-- Operators act on orders (docs/rules/operators.md#acting-on-orders): retry the failed external
-- step of an order kept as 'needs_attention', mark it resolved, or cancel any order.

-- An order may now be 'cancelled', by an operator only: its window is given back, its billing and
-- its installer task are cancelled.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('pending', 'confirmed', 'needs_attention', 'cancelled'));

-- What the install read from the visitor's body (InstallBodyFacts), kept with the order so a retry
-- rebuilds the same billing and installer-task requests. Null for orders placed before 011: those
-- are finished by hand.
ALTER TABLE orders ADD COLUMN install_facts jsonb;

-- The embedded ledger's subscription and the built-in calendar's booking are kept when their order
-- is cancelled, marked with when.
ALTER TABLE billing_subscriptions ADD COLUMN cancelled_at timestamptz;
ALTER TABLE bookings ADD COLUMN cancelled_at timestamptz;
