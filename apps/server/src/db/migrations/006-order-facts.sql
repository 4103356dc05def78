-- A card token pays for one order only (docs/decisions/009-install-facts.md). The install spends
-- the token in the order's own transaction: a second order with the same token finds the row
-- (or, on PostgreSQL, waits for the first transaction and then finds it) and is refused. An
-- order that is undone before anything was billed gives its token back with it.
CREATE TABLE spent_card_tokens (
  token text PRIMARY KEY,
  order_id text NOT NULL UNIQUE REFERENCES orders (id),
  spent_at timestamptz NOT NULL
);
