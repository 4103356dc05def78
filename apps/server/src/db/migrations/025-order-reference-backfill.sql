-- A reference for every order placed before 023 (docs/decisions/025-order-reference.md): eight
-- random characters of Crockford's base32, grouped 'XXXX-XXXX', drawn again on the rare
-- collision (the unique index of 024 says so). Each order is one UPDATE of its own row: row locks
-- only, no table lock, so new orders, reads and the order page go on; a change to an old order
-- (a cancel, a reschedule) waits until this transaction commits, which is one pass over the old
-- orders. An order written meanwhile by an instance still on the old code has none: the reads
-- show its id in its place.
DO $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  pending record;
  candidate text;
  placed boolean;
BEGIN
  FOR pending IN SELECT id FROM orders WHERE reference IS NULL LOOP
    placed := false;
    WHILE NOT placed LOOP
      candidate := '';
      FOR i IN 1..8 LOOP
        candidate := candidate || substr(alphabet, 1 + floor(random() * 32)::int, 1);
        IF i = 4 THEN candidate := candidate || '-'; END IF;
      END LOOP;
      BEGIN
        UPDATE orders SET reference = candidate WHERE id = pending.id AND reference IS NULL;
        placed := true;
      EXCEPTION WHEN unique_violation THEN
        placed := false;
      END;
    END LOOP;
  END LOOP;
END
$$;
