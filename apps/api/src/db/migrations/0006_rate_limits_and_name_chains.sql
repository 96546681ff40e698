-- Rate limits shared by every API process: one fixed-window counter per key (a client IP or a
-- project, for reads or writes). Processes add their local counts in batches and read back
-- the global count. Rows whose window has ended are swept.
CREATE TABLE rate_limit_counters (
  key text NOT NULL,
  -- The window's start, in ms since the Unix epoch.
  window_start bigint NOT NULL,
  count integer NOT NULL,
  -- When the window ends; the row is useless after it.
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (key, window_start)
);

CREATE INDEX rate_limit_counters_expires_at_idx ON rate_limit_counters (expires_at);

-- Outstanding sign-in nonces are counted per project (a cap) on every nonce written.
CREATE INDEX sign_in_nonces_outstanding_idx ON sign_in_nonces (project_id, expires_at)
  WHERE used_at IS NULL;

-- The chains a name resolves on: NULL for an EOA's (its key signs on every EVM chain), the
-- chain ids a contract account proved itself on (ERC-1271/6492) otherwise. Names registered
-- before this migration keep NULL: they resolve everywhere, as they did.
ALTER TABLE names ADD COLUMN chain_ids integer[];

-- The name's look-alike skeleton (`getNameSkeleton`): a name whose skeleton is another
-- address's is refused. Computed here for the names already registered.
ALTER TABLE names ADD COLUMN skeleton text;
UPDATE names SET skeleton = replace(replace(replace(
  translate(replace(lower(name), '-', ''), '01i', 'oll'), 'rn', 'm'), 'vv', 'w'), 'cl', 'd');
CREATE INDEX names_skeleton_idx ON names (skeleton);
