-- Analytics events of POST /e (spec section 7), recorded only for projects with analytics on.
-- Never the client's IP; the address only when the operator keeps addresses
-- (LATCH_ANALYTICS_KEEP_ADDRESS=on). `npm run analytics` counts them per event per day.
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  project_id text NOT NULL,
  -- Upper snake case: MODAL_OPEN, CONNECT_SUCCESS...
  event text NOT NULL,
  -- Short scalar values only (the contract caps them), addresses and keys redacted.
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  address text,
  sdk_type text,
  sdk_version text,
  -- The client's time, clamped to the server's; received_at is the server's.
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX analytics_events_occurred_at_idx ON analytics_events (occurred_at, event);
CREATE INDEX analytics_events_project_idx ON analytics_events (project_id, occurred_at);
