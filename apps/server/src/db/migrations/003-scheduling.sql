-- Installer scheduling: crews, the two-hour windows they work, and holds on those windows.
-- Capacity is enforced here, not in process memory: a hold locks its window row (see
-- repositories/reservations.ts), so any number of server processes on one database agree.

CREATE TABLE crews (
  id text PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT')),
  name text NOT NULL,
  -- ISO weekdays: 1 = Monday ... 7 = Sunday.
  working_days integer[] NOT NULL,
  -- Wall-clock minutes after midnight in the state's zone, so 8 am stays 8 am across DST.
  shift_start_minute integer NOT NULL CHECK (shift_start_minute BETWEEN 0 AND 1439),
  shift_end_minute integer NOT NULL CHECK (
    shift_end_minute > shift_start_minute AND shift_end_minute <= 1440
  ),
  window_minutes integer NOT NULL CHECK (window_minutes > 0),
  -- Retired crews stay for the bookings that name them.
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX crews_state ON crews (state);

-- A window exists as a row only once someone holds it: the row is what holders lock, and its
-- capacity (the crews working it when first held) is what they count against.
CREATE TABLE slot_windows (
  -- State plus local start, e.g. 'NSW-2026-12-03T08:00'.
  id text PRIMARY KEY,
  state text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  capacity integer NOT NULL CHECK (capacity > 0),
  created_at timestamptz NOT NULL
);
CREATE INDEX slot_windows_state_start ON slot_windows (state, starts_at);

-- A hold counts against its window while status = 'held' and expires_at is after the clock, and
-- forever once 'consumed' (it is then a booking). Expiry needs no job: every count reads the clock.
CREATE TABLE reservations (
  reservation_id text PRIMARY KEY,
  window_id text NOT NULL REFERENCES slot_windows (id),
  crew_id text NOT NULL REFERENCES crews (id),
  -- The installation event: the window and the crew that will do it.
  event_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('held', 'released', 'consumed')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  -- When it was released or consumed.
  ended_at timestamptz
);
CREATE INDEX reservations_window ON reservations (window_id, status, expires_at);
-- A backstop under the window lock: one crew is never booked twice into one window.
CREATE UNIQUE INDEX reservations_booked_crew ON reservations (window_id, crew_id)
  WHERE status = 'consumed';
