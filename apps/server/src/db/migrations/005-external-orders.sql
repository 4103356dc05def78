-- Orders placed through external billing or scheduling (Chargebee, Arrivy): those calls cannot join
-- the order's transaction, so an order is first written 'pending' with its hold consumed, then
-- billed and scheduled, then confirmed. An order that could not be completed nor undone is kept as
-- 'needs_attention' with the reason: no paid order is lost. Embedded orders never pass 'pending'.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('pending', 'confirmed', 'needs_attention'));
-- The billing customer and subscription, and the installer task, in the external services.
ALTER TABLE orders ADD COLUMN billing_customer_ref text;
ALTER TABLE orders ADD COLUMN billing_subscription_ref text;
ALTER TABLE orders ADD COLUMN task_ref text;
ALTER TABLE orders ADD COLUMN attention_reason text;
-- While a request works on a pending order no other request may: a retry that finds the lease
-- live answers 'in progress'; one that finds it lapsed (the first died) takes over.
ALTER TABLE orders ADD COLUMN lease_until timestamptz;
CREATE INDEX orders_pending ON orders (lease_until) WHERE status = 'pending';
