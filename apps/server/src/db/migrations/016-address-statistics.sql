-- Autocomplete ranks from a bounded set of candidates (docs/decisions/021-autocomplete-bounds.md):
-- the planner must know that few addresses have a building (their branch then reads the partial
-- index on building_code) and how common a typed word is (a dense one is found fastest by reading
-- rows in order). PGlite has no autovacuum to gather these, so an index that exists is analysed
-- here once; the address generator analyses after every run of its own.
ANALYZE addresses;
