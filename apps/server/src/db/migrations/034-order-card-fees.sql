-- Card fees by scheme (docs/rules/plans-and-pricing.md#card-fees): the scheme of the card the
-- order pays with, as the server found it (the vault's token, or the card billing reports), and
-- the card fee on the first payment; card_fee_cents stays the fee on each monthly charge. Null for
-- direct debit, and for the orders placed before, whose one fee was on every card payment.
-- Nullable columns without a default: adding them rewrites nothing and takes no long lock.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS card_scheme text;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS first_payment_fee_cents integer;
