-- Which API process indexes which chain (apps/api/src/indexer/createLeadership.ts, PostgreSQL
-- only). A lease is a row with an expiry the holder renews by heartbeat: no connection is held
-- for it, and a holder that crashes or loses the database loses the chain when the row expires.
CREATE TABLE indexer_leases (
  chain_id bigint PRIMARY KEY,
  -- `<host>:<pid>:<random>` of the holding process.
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);
