-- Autocomplete answers are kept until the address index changes
-- (docs/decisions/022-kept-answers.md, "Autocomplete answers"). One row counts the
-- statements that wrote the addresses table, whoever ran them (an address import, the generator,
-- a catalogue import linking buildings): the count moves once such a statement's transaction
-- commits. A statement trigger, not a row trigger: an import writes millions of rows in a few
-- thousand statements, and a row trigger would cost it one write per row.
CREATE TABLE address_revision (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  revision bigint NOT NULL
);
INSERT INTO address_revision (revision) VALUES (1);

CREATE FUNCTION addresses_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE address_revision SET revision = revision + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER addresses_revised
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON addresses
  FOR EACH STATEMENT EXECUTE FUNCTION addresses_written();
