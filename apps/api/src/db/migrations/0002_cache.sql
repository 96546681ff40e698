-- A shared key/value cache with expiry, so every API process sees the same cached answers.
CREATE TABLE cache_entries (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE INDEX cache_entries_expires_at_idx ON cache_entries (expires_at);
