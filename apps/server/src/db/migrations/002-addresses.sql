-- The embedded address index behind the autocomplete (docs/rules/outside-parts.md): every demo
-- building's address, known-but-unserved addresses, and generated street addresses over real
-- localities.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE addresses (
  id text PRIMARY KEY,
  formatted_address text NOT NULL,
  street_number text NOT NULL,
  street text NOT NULL,
  suburb text NOT NULL,
  state text NOT NULL,
  postcode text NOT NULL,
  -- The building at this address when the provider has one; most addresses have none.
  building_code text REFERENCES buildings (code),
  -- The address's words, normalised, between single spaces and with a space at each end, so that
  -- LIKE '% harr%' means "a word starting with harr" (written by repositories/address-text.ts).
  -- Not a generated column: per-row regular expressions made seeding seconds slower.
  search_key text NOT NULL CHECK (search_key LIKE ' % ')
);

-- Autocomplete: every typed word becomes a LIKE '% word%' condition, which this index answers.
CREATE INDEX addresses_search_key_trgm ON addresses USING gin (search_key gin_trgm_ops);
-- Changing or removing a building checks the addresses that reference it.
CREATE INDEX addresses_building_code ON addresses (building_code) WHERE building_code IS NOT NULL;
