-- Buildings, catalogue, offers, leads and the test-mode card vault.
CREATE TABLE buildings (
  id text PRIMARY KEY,
  code text NOT NULL UNIQUE,
  formatted_address text NOT NULL,
  street_number text NOT NULL,
  street text NOT NULL,
  suburb text NOT NULL,
  state text NOT NULL,
  postcode text NOT NULL,
  status text NOT NULL,
  building_class text NOT NULL,
  building_category text NOT NULL,
  building_type text NOT NULL,
  is_slave boolean NOT NULL DEFAULT false,
  master_building_id text REFERENCES buildings (id)
);
CREATE INDEX buildings_address_key ON buildings (lower(formatted_address));

CREATE TABLE plans (
  id text PRIMARY KEY,
  rsp text NOT NULL,
  name text NOT NULL,
  speed integer NOT NULL CHECK (speed > 0),
  cost_cents integer NOT NULL CHECK (cost_cents >= 0),
  description1 text NOT NULL,
  address_lit boolean NOT NULL,
  address_non_lit boolean NOT NULL
);

CREATE TABLE routers (
  id text PRIMARY KEY,
  rsp text NOT NULL,
  name text NOT NULL,
  cost_cents integer NOT NULL CHECK (cost_cents >= 0),
  description1 text NOT NULL,
  description2 text NOT NULL
);

-- Campaigns attached to a building (the building campaign call).
CREATE TABLE campaigns (
  id text PRIMARY KEY,
  rsp text NOT NULL,
  building_code text REFERENCES buildings (code),
  name text NOT NULL,
  terms text NOT NULL,
  coupon_code text NOT NULL,
  months_free integer NOT NULL,
  start_date timestamptz NOT NULL,
  end_date timestamptz NOT NULL
);

-- Coupons the provider's billing system knows (coupon, referral and sales codes).
CREATE TABLE coupons (
  coupon_id text PRIMARY KEY,
  rsp text NOT NULL,
  coupon_type integer NOT NULL CHECK (coupon_type BETWEEN 1 AND 4),
  period integer NOT NULL,
  period_unit text NOT NULL DEFAULT 'month',
  dollar_amount integer,
  percentage numeric,
  plan_ids text[] NOT NULL DEFAULT '{}',
  -- Coupons limited to one place (SUMMER20: postcode 3006, suburb Southbank).
  only_postcode text,
  only_suburb text
);

CREATE TABLE leads (
  id text PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text,
  formatted_address text NOT NULL,
  message text,
  created_at timestamptz NOT NULL
);

-- Test-mode vault: a token and what the card will do at billing; never the number or CVV.
CREATE TABLE card_tokens (
  token text PRIMARY KEY,
  brand text NOT NULL,
  last4 text NOT NULL,
  expiry_month integer NOT NULL,
  expiry_year integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('approve', 'insufficient_funds')),
  created_at timestamptz NOT NULL
);
