-- The console's 'contacted' mark on a lead (docs/rules/operators.md#operations): when an operator
-- marked it and who (their email). Both null until marked, and again after an undo. Numbered 012:
-- other changes of the same issue add an 011.
ALTER TABLE leads ADD COLUMN contacted_at timestamptz;
ALTER TABLE leads ADD COLUMN contacted_by text;
