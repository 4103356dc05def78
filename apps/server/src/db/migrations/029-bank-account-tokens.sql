-- Test-mode vault, direct debit (docs/rules/contact-and-connection.md#direct-debit): a bank
-- account's token, its BSB, the last digits of its number and what a debit from it will do at
-- billing; never the whole account number. Numbered 029: other changes of issue 34 take 028 and
-- 030 onwards.
CREATE TABLE bank_account_tokens (
  token text PRIMARY KEY,
  bsb text NOT NULL,
  last_digits text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('approve', 'dishonour')),
  created_at timestamptz NOT NULL
);
