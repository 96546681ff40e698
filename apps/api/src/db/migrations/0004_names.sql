-- Account names (`alice.latch.id`), registered with a signature of the account that owns them.
CREATE TABLE names (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The full name in lower case; unique, so names are unique whatever their case.
  name text NOT NULL UNIQUE CHECK (name = lower(name)),
  -- The account's EVM address in lower case.
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  -- The ENSIP-11 coin type it was registered for (60, or 2147483648 + chain id).
  coin_type bigint NOT NULL,
  attributes jsonb NOT NULL DEFAULT '{}',
  -- The signed registration message and its signature, kept as the proof of ownership.
  message text NOT NULL,
  signature text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Reverse lookups: an address's names, newest first.
CREATE INDEX names_address_idx ON names (address, id DESC);
