-- The unit's key for the orders placed before migration 030, from the unit their install kept
-- (docs/rules/contact-and-connection.md#the-buildings-units): so a unit ordered before then reads
-- as connected too. The expression is the domain's unitKey (packages/domain address/units.ts):
-- the word naming the unit dropped, spaces dropped, upper case, and '0' or nothing is no unit;
-- units/unit-keys-backfill.test.ts holds the two to the same answers. It touches only the orders
-- with no key and a unit (new orders carry their key), so inserts never wait for it; the rows it
-- updates were placed before 030.
UPDATE orders
SET unit_key = NULLIF(
  NULLIF(
    upper(
      regexp_replace(
        regexp_replace(
          regexp_replace(install_facts ->> 'unit', '^\s+', ''),
          '^(unit|apartment|apt|flat)\.?(?=\s|\d)', '', 'i'
        ),
        '\s+', '', 'g'
      )
    ),
    '0'
  ),
  ''
)
WHERE unit_key IS NULL
  AND install_facts ->> 'unit' IS NOT NULL
  AND install_facts ->> 'unit' <> '';
