-- migrate: no-transaction
-- The unit an order is for, as its key, and whether it was placed as a move-in
-- (docs/rules/contact-and-connection.md#the-buildings-units): the install finds the active orders
-- of a building's unit by (building_code, unit_key). Nullable and a constant default: no table
-- rewrite; the index is built concurrently, so orders are written on while it builds. Orders
-- placed before have no key and count as no unit's.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS unit_key text;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS move_in boolean NOT NULL DEFAULT false;
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_building_unit ON orders (building_code, unit_key) WHERE unit_key IS NOT NULL;
