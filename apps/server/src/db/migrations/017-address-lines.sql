-- Autocomplete's first try, an address typed in order (docs/decisions/021-autocomplete-bounds.md,
-- "Typed in order"): what the visitor typed is the start of the search key itself ('100 Harris St,
-- Pyr' is the start of ' 100 harris street st pyrmont nsw 2009 '), or, typed without the number,
-- the start of the key after its leading number ('harris street st pyrmont nsw 2009 '). Each is a
-- range of one of these indexes, read in order and stopped at the candidates' bound, however many
-- addresses share a word. "C" compares bytes: the key is lowercase letters, digits and spaces.
CREATE INDEX addresses_line ON addresses ((search_key COLLATE "C"));
CREATE INDEX addresses_street_line ON addresses ((ltrim(search_key, ' 0123456789') COLLATE "C"));
ANALYZE addresses;
