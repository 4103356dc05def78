-- Extending a hold (docs/rules/installation-and-holds.md#extending-a-hold): a visitor may renew a
-- live hold once, for another hold period. The time of that renewal is kept on the hold; a second
-- renewal finds it set and is refused. Numbered 014: other changes of the same issue add 011 to 013.
ALTER TABLE reservations ADD COLUMN extended_at timestamptz;
