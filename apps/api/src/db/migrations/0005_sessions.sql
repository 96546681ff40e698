-- Sign in with the wallet (EIP-4361). No foreign key to projects: the nonce and session
-- routes check the project first, and tests pair a database with an in-memory project list.

-- Nonces handed out by POST /v1/auth/nonce: single use, bound to a project, short lived.
CREATE TABLE sign_in_nonces (
  nonce text PRIMARY KEY,
  project_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Set when a sign-in consumes it; a second use is refused.
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sign_in_nonces_expires_at_idx ON sign_in_nonces (expires_at);

-- Sessions created by POST /v1/sessions; they end when revoked or at expires_at.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  project_id text NOT NULL,
  -- EIP-55 checksummed.
  address text NOT NULL,
  chain_id integer NOT NULL,
  domain text NOT NULL,
  uri text NOT NULL,
  -- The message's nonce: one session per nonce, even after the nonce row is swept.
  nonce text NOT NULL,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  message text NOT NULL,
  signature text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX sessions_project_nonce_idx ON sessions (project_id, nonce);
CREATE INDEX sessions_project_address_idx ON sessions (project_id, address, created_at);
