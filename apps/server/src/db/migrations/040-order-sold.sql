-- What an order was sold (docs/rules/orders.md#what-an-order-was-sold): its plan, router and
-- add-ons as the catalogue described and priced them at the install, with the catalogue's version,
-- written once with the order and read by the mail, the order page, the console, the webhook
-- payload and the personal-data export. Null for an order placed before this migration: its rows
-- in plans and routers (kept when retired) stand in. A nullable column with no default: no
-- rewrite, nothing waits.
ALTER TABLE orders ADD COLUMN sold jsonb;
