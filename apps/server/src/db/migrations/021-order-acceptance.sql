-- An order's acceptance record (docs/rules/documents-and-consent.md): the documents accepted,
-- with their versions, the words of each box ticked, the collection notice and the marketing
-- choice, built by the server at the order. The client address the order came from is kept
-- apart, so the retention sweep can clear it on its own (docs/decisions/023-retention.md).
-- Null for orders placed before this migration. Nullable columns without a default: no rewrite.
ALTER TABLE orders ADD COLUMN acceptance jsonb;
ALTER TABLE orders ADD COLUMN client_address text;
