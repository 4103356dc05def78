-- The order's short reference (docs/rules/orders.md#the-order-reference,
-- docs/decisions/025-order-reference.md): 'K7QD-9XWM', written by the install with the order.
-- A nullable column without a default: no table rewrite, the lock held only for the catalogue
-- change. The unique index and the existing orders' references follow in 024 and 025, each in
-- its own transaction, so this one commits (and lets go of its lock) at once.
ALTER TABLE orders ADD COLUMN reference text;
