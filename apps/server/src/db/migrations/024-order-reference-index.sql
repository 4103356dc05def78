-- One order per reference (docs/decisions/025-order-reference.md). The migrations run each file
-- in a transaction (db/migrate.ts), where CREATE INDEX CONCURRENTLY is not allowed: this build
-- takes a SHARE lock, so reads go on while writes to orders wait for it. The column is empty
-- when it is built (023), so it is one scan of the table; on a large table, build it beforehand
-- by hand with CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS orders_reference ON orders
-- (reference), and this statement finds it there.
CREATE UNIQUE INDEX IF NOT EXISTS orders_reference ON orders (reference);
